package api

import (
	"context"
	"net"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// callerContext is the context of an authenticated (or anonymous) request: marked with
// the caller's kind of work (the simulator queue its runs wait in) and with a
// RunContext that cancels a simulation when the client closes its connection, so a run
// nobody waits for stops and its slot goes to the next in line.
func callerContext(c *fiber.Ctx, w quiz.Work) context.Context {
	ctx := quiz.WithWork(c.UserContext(), w)
	if conn, ok := c.Context().Conn().(syscallConn); ok {
		ctx = quiz.WithRunContext(ctx, clientWatch{conn}.runContext)
	}
	return ctx
}

// syscallConn is a connection with a raw socket (TCP; not the in-memory ones of tests).
type syscallConn interface {
	net.Conn
	syscall.Conn
}

// clientWatch tells when a client closes its connection. fasthttp cancels nothing when
// a client leaves; but while a handler runs it reads nothing from the connection (the
// body was read whole), so a goroutine may wait for the socket to become readable and
// peek at it: end of stream or an error means the client closed or reset it; bytes (a
// pipelined request) mean it is still there. A client that half-closes its side while
// waiting for the answer counts as gone. The runs of one request are sequential.
type clientWatch struct{ conn syscallConn }

// runContext returns ctx cancelled when the client leaves, and the function that stops
// watching (before the handler returns: fasthttp reads the connection again after).
func (w clientWatch) runContext(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	raw, err := w.conn.SyscallConn()
	if err != nil || w.conn.SetReadDeadline(time.Time{}) != nil {
		return ctx, cancel
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = raw.Read(func(fd uintptr) bool {
			switch peekSocket(fd) {
			case peekNothing:
				return false // wait until the socket is readable (or the deadline below)
			case peekClosed:
				cancel()
			}
			return true
		})
	}()
	return ctx, func() {
		_ = w.conn.SetReadDeadline(time.Now()) // wakes the watcher; fasthttp sets its own before reading again
		<-done
		cancel()
	}
}

type peekResult int

const (
	peekNothing peekResult = iota // nothing to read yet
	peekData                      // bytes wait: the client is there
	peekClosed                    // end of stream or an error: the client is gone
)
