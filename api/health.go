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

// handleMetrics writes the Prometheus metrics, with the outbox's when the integrations
// have them. An outbox gauge the database cannot give in time is left out and logged;
// the scrape still answers.
func (s *Server) handleMetrics(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "text/plain; version=0.0.4; charset=utf-8")
	w := c.Response().BodyWriter()
	if _, err := s.Metrics.WriteTo(w); err != nil {
		return err
	}
	if in := s.Integrations; in != nil && in.OutboxMetrics != nil {
		ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
		defer cancel()
		if err := in.OutboxMetrics.WriteTo(ctx, w); err != nil {
			s.Logger.Warn("metrics: outbox gauges", "request_id", requestIDOf(c), "err", err)
		}
	}
	return nil
}
