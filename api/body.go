package api

import (
	"bytes"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// bodyLimit is the largest body a route takes: the routes that take programs or
// question content get Config.BodyLimit, every other route Config.SmallBodyLimit (or
// BodyLimit, when that is smaller: it bounds every route).
func (s *Server) bodyLimit(method, path []byte) int {
	switch {
	case string(method) == fiber.MethodPost && (string(path) == "/v1/simulate" || string(path) == "/v1/simulate/compare" || string(path) == "/v1/questions" || string(path) == "/v1/bank/import"),
		string(method) == fiber.MethodPatch && bytes.HasPrefix(path, []byte("/v1/questions/")):
		return s.cfg.BodyLimit
	}
	return min(s.cfg.SmallBodyLimit, s.cfg.BodyLimit)
}

// headerReceived is fasthttp's HeaderReceived hook: it runs once a request's headers are
// in, before a byte of its body is read. The body gets Config.BodyTimeout to arrive (the
// headers had Config.HeaderTimeout) and the route's limit, so fasthttp refuses a larger
// declared Content-Length at once (413) instead of reading it. A declared length is
// reserved in the server's body budget until the request is answered: fasthttp reads
// such a body into a buffer of its declared size, allocated before the first byte comes
// (a chunked body grows only with the bytes that arrive, up to the limit). A body that
// does not fit the budget is refused with 503: fasthttp is given a limit it exceeds, and
// handleError tells the refusal from a body that is too large.
func (s *Server) headerReceived(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
	s.bodies.release(h) // what an earlier request on this header left, if it was never answered
	conf := fasthttp.RequestConfig{ReadTimeout: s.cfg.BodyTimeout}
	declared := h.ContentLength() // -1: chunked, -2: none (read until close: ignored)
	if declared == 0 || declared == -2 {
		return conf
	}
	path, _, _ := bytes.Cut(h.RequestURI(), []byte("?"))
	conf.MaxRequestBodySize = s.bodyLimit(h.Method(), path)
	if declared > 1 && declared <= conf.MaxRequestBodySize && !s.bodies.hold(h, int64(declared)) {
		conf.MaxRequestBodySize = 1
	}
	return conf
}

// bodyBudget bounds the bytes of declared request bodies held at once, being read or
// waiting for their request to be answered (a simulation's queue included). A
// reservation belongs to its request's header (fasthttp keeps one per connection) and
// is given back when the request is answered, whether its handlers ran (observe) or
// reading it failed (handleError, which fasthttp calls for every failure of a body of
// declared length), or at the latest by the next request on that header. It is safe for
// concurrent use.
type bodyBudget struct {
	mu      sync.Mutex // guards the fields below
	max     int64
	used    int64
	held    map[*fasthttp.RequestHeader]int64
	refused map[*fasthttp.RequestHeader]bool // refused by hold, until released
}

func newBodyBudget(n int64) *bodyBudget {
	return &bodyBudget{max: n, held: map[*fasthttp.RequestHeader]int64{}, refused: map[*fasthttp.RequestHeader]bool{}}
}

// hold reserves n bytes for the request of header h if they fit; otherwise it records
// the refusal and reports false.
func (b *bodyBudget) hold(h *fasthttp.RequestHeader, n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max {
		b.refused[h] = true
		return false
	}
	b.used += n
	b.held[h] = n
	return true
}

// release gives back the reservation of h's request and reports whether hold had
// refused it. It may be called more than once.
func (b *bodyBudget) release(h *fasthttp.RequestHeader) (refused bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	refused = b.refused[h]
	b.releaseLocked(h)
	return refused
}

func (b *bodyBudget) releaseLocked(h *fasthttp.RequestHeader) {
	b.used -= b.held[h]
	delete(b.held, h)
	delete(b.refused, h)
}

// inUse returns the bytes reserved now.
func (b *bodyBudget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
