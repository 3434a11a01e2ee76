//go:build !linux

package api

import "net"

// unsentBytes returns 0: the size of a socket's send queue is known on Linux only, so
// elsewhere a connection's unread answers are bounded by its send buffer alone.
func unsentBytes(*net.TCPConn) int { return 0 }
