package api

import (
	"errors"
	"io"
	"net"
	"sync/atomic"
	"time"
)

// Connections. fasthttp serves a connection's requests one after the other, reading the
// next one while the answers to the earlier ones may still wait in buffers: a client
// that pipelines requests and never reads its answers would have the server compute
// answers as fast as it can send requests, and hold them in kernel buffers that grow to
// megabytes per connection. So the server parses a connection's next request only once
// its client has taken the earlier answers but Config.UnreadLimit bytes (the bytes the
// kernel still holds for it: neither sent nor acknowledged), waiting for it at most the
// write timeout, after which the connection is closed; and each connection's send
// buffer is sendBufferFactor times that limit (the kernel reserves twice as much), so
// that a large answer waits there for a slow reader within a bound. A connection the
// server closes after an answer the client may still be sending a body for (413, 408,
// Connection: close) is closed gracefully: its write side first, then what the client
// still sends is read and dropped for a while, so that the client reads the answer
// rather than a reset.

const (
	// defaultUnreadLimit is Config.UnreadLimit's default.
	defaultUnreadLimit = 64 << 10
	// sendBufferFactor times the unread limit is each connection's send buffer.
	sendBufferFactor = 4
	// lingerTime and lingerBytes bound how long, and how much of what the client still
	// sends, a graceful close waits for and reads before it closes the connection.
	lingerTime  = 2 * time.Second
	lingerBytes = 4 << 20
	// The waits for a client to read its answers look again after unreadPoll, doubled
	// up to unreadPollMax.
	unreadPoll    = time.Millisecond
	unreadPollMax = 100 * time.Millisecond
)

// errClientNotReading ends a connection whose client left its answers unread too long.
var errClientNotReading = errors.New("the client has not read its answers")

// boundedListener accepts TCP connections as boundedConns.
type boundedListener struct {
	net.Listener
	unreadLimit int
	stall       time.Duration // the longest wait for a client to read its answers
}

// Accept returns the next connection; a TCP one gets the listener's send buffer and is
// wrapped (others, such as tests' in-memory connections, are returned as they are).
func (l boundedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c, nil
	}
	_ = tc.SetWriteBuffer(sendBufferFactor * l.unreadLimit)
	return &boundedConn{TCPConn: tc, unreadLimit: l.unreadLimit, stall: l.stall}, nil
}

// boundedConn is a TCP connection that reads only for a client that reads its answers,
// and closes gracefully unless that client did not.
type boundedConn struct {
	*net.TCPConn
	unreadLimit int
	stall       time.Duration
	aborted     atomic.Bool // Read gave up on the client and closed the connection
	closed      atomic.Bool // Close was called
}

// Read reads, then, when the client sent more while it leaves more than unreadLimit
// bytes of answers untaken (a client that waits for its answers takes them before it
// sends again), waits for it to take them before it lets the bytes be parsed. After
// stall, it closes the connection at once and fails with errClientNotReading (an answer
// still to be written would wait for a client that does not read).
func (c *boundedConn) Read(p []byte) (int, error) {
	n, err := c.TCPConn.Read(p)
	if n == 0 || unsentBytes(c.TCPConn) <= c.unreadLimit {
		return n, err
	}
	deadline := time.Now().Add(c.stall)
	for wait := unreadPoll; unsentBytes(c.TCPConn) > c.unreadLimit; wait = min(2*wait, unreadPollMax) {
		if time.Now().After(deadline) {
			c.aborted.Store(true)
			_ = c.TCPConn.Close()
			return 0, errClientNotReading
		}
		time.Sleep(wait)
	}
	return n, err
}

// Close closes the connection gracefully: its write side first, and the rest when the
// client has closed its side, or sent lingerBytes more, or after lingerTime (in the
// background). It may be called more than once, from any goroutine.
func (c *boundedConn) Close() error {
	if c.closed.Swap(true) || c.aborted.Load() {
		return nil
	}
	if err := c.CloseWrite(); err != nil {
		return c.TCPConn.Close()
	}
	go func() {
		_ = c.TCPConn.SetReadDeadline(time.Now().Add(lingerTime))
		_, _ = io.CopyN(io.Discard, c.TCPConn, lingerBytes)
		_ = c.TCPConn.Close()
	}()
	return nil
}
