package api

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveBounded serves s on a loopback listener whose connections wait at most stall for
// a client to read its answers, and returns its address.
func serveBounded(t *testing.T, s *Server, stall time.Duration) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() {
		_ = s.app.Listener(boundedListener{Listener: ln, unreadLimit: s.cfg.UnreadLimit, stall: stall})
	}()
	t.Cleanup(func() { _ = s.app.Shutdown() })
	return ln.Addr().String()
}

// TestNonReadingPipelinerIsBounded (issue 30, point 6): a client that pipelines 20,000
// requests and never reads gets answers computed for a few hundred kilobytes of them at
// most (its unread limit, the kernel's buffers), is disconnected once it has left them
// unread for the stall time, and another client's /healthz answers at once meanwhile.
func TestNonReadingPipelinerIsBounded(t *testing.T) {
	s := New(Config{UnreadLimit: 64 << 10}, Deps{DB: &fakeDB{}})
	addr := serveBounded(t, s, time.Second)
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.(*net.TCPConn).SetReadBuffer(64<<10)) // the client's kernel absorbs little
	requests := bytes.Repeat([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), 20_000)
	go func() {
		_ = conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
		_, _ = conn.Write(requests) // blocks once the server stops reading
	}()
	time.Sleep(300 * time.Millisecond)

	start := time.Now()
	resp, err := http.Get("http://" + addr + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Less(t, time.Since(start), 200*time.Millisecond, "another client's /healthz")

	time.Sleep(1500 * time.Millisecond) // past the stall: the server has hung up
	answered := healthzAnswers(t, s) - 1
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	got, _ := io.ReadAll(conn) // what the server sent before it hung up
	t.Logf("answers computed for the client that did not read: %d of 20000; %d bytes reached it", answered, len(got))
	assert.Positive(t, answered)
	assert.Less(t, answered, 4000, "answers computed for a client that does not read")
	assert.Less(t, len(got), 1<<20, "the answers a client left unread")
	assert.Equal(t, answered+1, healthzAnswers(t, s), "nothing more once it reads: it was disconnected")
}

// healthzAnswers is how many times s answered GET /healthz, from its metrics.
func healthzAnswers(t *testing.T, s *Server) int {
	var b strings.Builder
	_, err := s.Metrics.WriteTo(&b)
	require.NoError(t, err)
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "looplab_http_requests_total{") && strings.Contains(line, `route="/healthz"`) {
			var n int
			_, err := fmt.Sscan(line[strings.LastIndexByte(line, ' ')+1:], &n)
			require.NoError(t, err)
			return n
		}
	}
	return 0
}

// TestBodyTooLargeIsReadNotReset (issue 30, point 7): a body over a small-body route's
// limit gets 413 before it is read; the client, still sending it, can send it all and
// read the 413 instead of a connection reset.
func TestBodyTooLargeIsReadNotReset(t *testing.T) {
	s := New(Config{}, Deps{DB: &fakeDB{}})
	addr := serveBounded(t, s, time.Second)
	for range 3 {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		body := strings.Repeat("a", 2<<20)
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		_, err = fmt.Fprintf(conn, "POST /v1/learners HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
		assert.NoError(t, err, "the client sends its whole body")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if assert.NoError(t, err, "the client reads the answer") {
			assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
			assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
		}
		conn.Close()
	}
}
