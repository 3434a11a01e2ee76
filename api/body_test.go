package api

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBodyLimitsAndBudget: each route has its limit, checked from the declared length;
// bodies held at once are bounded, a refusal is a 503 (not a 413), and every answered
// request gives its bytes back.
func TestBodyLimitsAndBudget(t *testing.T) {
	s := New(Config{BodyLimit: 1000, SmallBodyLimit: 100, BodyMemory: 1500}, Deps{DB: &fakeDB{}})
	assert.Equal(t, 1000, s.bodyLimit([]byte("POST"), []byte("/v1/simulate")))
	assert.Equal(t, 1000, s.bodyLimit([]byte("PATCH"), []byte("/v1/questions/7")))
	assert.Equal(t, 100, s.bodyLimit([]byte("POST"), []byte("/v1/attempts")))
	assert.Equal(t, 100, s.bodyLimit([]byte("POST"), []byte("/v1/questions/7/preview")))
	assert.Equal(t, 50, New(Config{BodyLimit: 50, SmallBodyLimit: 100}, Deps{}).bodyLimit([]byte("POST"), []byte("/v1/learners")), "BodyLimit bounds every route")

	seen := make(chan int64, 1)
	s.app.Post("/echo", func(c *fiber.Ctx) error {
		seen <- s.bodies.inUse()
		return c.SendString(string(c.Body()))
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = s.Serve(ln) }()
	defer func() { _ = s.Shutdown(context.Background()) }()
	post := func(path string, n int) (int, string) {
		resp, err := http.Post("http://"+ln.Addr().String()+path, "text/plain", strings.NewReader(strings.Repeat("a", n)))
		require.NoError(t, err)
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	status, _ := post("/echo", 101)
	assert.Equal(t, 413, status, "over the small limit")
	status, body := post("/echo", 99)
	assert.Equal(t, 200, status)
	assert.Len(t, body, 99)
	assert.Equal(t, int64(99), <-seen, "the body's bytes are held while it is handled")
	assert.Zero(t, s.bodies.inUse(), "and given back once answered")

	// Hold 1,400 of the 1,500 bytes: a body of 200 more is refused with 503.
	require.True(t, s.bodies.hold(nil, 1400))
	status, body = post("/echo", 99)
	assert.Equal(t, 200, status, "99 bytes still fit")
	<-seen
	status, body = post("/v1/simulate", 200)
	assert.Equal(t, 503, status, body)
	assert.Contains(t, body, `"code":"unavailable"`)
	s.bodies.release(nil)
	assert.Zero(t, s.bodies.inUse(), "refused requests hold nothing")
}
