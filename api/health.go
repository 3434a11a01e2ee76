package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// handleHealthz answers while the process serves requests.
func (s *Server) handleHealthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

// handleReadyz answers 200 when the database answers a query, 503 otherwise.
func (s *Server) handleReadyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
	defer cancel()
	if err := s.DB.Ping(ctx); err != nil {
		s.Logger.Warn("readyz: database ping failed", "err", err)
		return writeProblem(c, problem{
			Type: "/problems/" + quiz.EINTERNAL, Title: "Service Unavailable", Status: fiber.StatusServiceUnavailable,
			Code: quiz.EINTERNAL, Detail: "The database does not answer.", Instance: c.OriginalURL(), RequestID: requestIDOf(c),
		})
	}
	return c.JSON(fiber.Map{"status": "ready"})
}

// handleMetrics writes the Prometheus metrics.
func (s *Server) handleMetrics(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "text/plain; version=0.0.4; charset=utf-8")
	_, err := s.Metrics.WriteTo(c.Response().BodyWriter())
	return err
}
