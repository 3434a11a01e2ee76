package api

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
)

const localRequestID = "request_id"

// requestID takes the client's X-Request-Id when it is short and printable, or makes one,
// and echoes it in the response.
func (s *Server) requestID(c *fiber.Ctx) error {
	id := c.Get(fiber.HeaderXRequestID)
	if !validRequestID(id) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	} else {
		id = string([]byte(id)) // copy: fasthttp reuses header memory
	}
	c.Locals(localRequestID, id)
	c.Set(fiber.HeaderXRequestID, id)
	return c.Next()
}

func validRequestID(id string) bool {
	return id != "" && len(id) <= 64 && printableASCII(id)
}

// printableASCII reports whether s holds only printable ASCII characters, no spaces.
func printableASCII(s string) bool {
	for i := range len(s) {
		if s[i] < '!' || s[i] > '~' {
			return false
		}
	}
	return true
}

func requestIDOf(c *fiber.Ctx) string {
	id, _ := c.Locals(localRequestID).(string)
	return id
}

// observe recovers panics (as 500 problems), records metrics and writes the access log;
// once the request is answered, its body's reservation is given back.
func (s *Server) observe(c *fiber.Ctx) (err error) {
	start := time.Now()
	defer s.bodies.release(&c.Request().Header)
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
		if err != nil {
			if herr := s.handleError(c, err); herr != nil {
				s.Logger.Error("writing error response", "err", herr)
			}
			err = nil
		}
		status := c.Response().StatusCode()
		d := time.Since(start)
		route := c.Route().Path
		if status == fiber.StatusNotFound && route == "/" {
			route = "unmatched"
		}
		s.Metrics.ObserveRequest(c.Method(), route, status, d)
		if s.cfg.AccessLog {
			s.Logger.LogAttrs(c.UserContext(), slog.LevelInfo, "request",
				slog.String("request_id", requestIDOf(c)), slog.String("method", c.Method()),
				slog.String("path", c.Path()), slog.Int("status", status),
				slog.Float64("ms", float64(d.Microseconds())/1000), slog.String("ip", c.IP()))
		}
	}()
	return c.Next()
}
