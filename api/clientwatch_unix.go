//go:build unix

package api

import "syscall"

// peekSocket looks at a socket without consuming or blocking.
func peekSocket(fd uintptr) peekResult {
	var b [1]byte
	n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	switch {
	case err == syscall.EAGAIN || err == syscall.EINTR:
		return peekNothing
	case err != nil || n == 0:
		return peekClosed
	}
	return peekData
}
