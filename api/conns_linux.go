package api

import (
	"net"
	"syscall"
	"unsafe"
)

// unsentBytes returns the bytes of a TCP connection's send queue: written by the server,
// not yet acknowledged by the client's kernel (Linux's SIOCOUTQ); 0 when it cannot tell.
func unsentBytes(c *net.TCPConn) int {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0
	}
	var n int32
	_ = raw.Control(func(fd uintptr) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCOUTQ, uintptr(unsafe.Pointer(&n))); e != 0 {
			n = 0
		}
	})
	return int(n)
}
