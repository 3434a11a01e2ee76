package api

import (
	"context"
	"io"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// handleHealthz answers while the process serves requests.
func (s *Server) handleHealthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

// handleReadyz answers 200 when the database answers a read and can write, 503
// otherwise. The write is probed only after a request met a database that could not
// serve (a full disk, a read-only file), until a probe succeeds: a load balancer takes
// the server out while its writes fail, and back once they work again. It answers 503
// too once the server drains (Drain): a load balancer then sends new requests elsewhere.
func (s *Server) handleReadyz(c *fiber.Ctx) error {
	if s.draining.Load() {
		return writeProblem(c, problem{
			Type: "/problems/" + quiz.EUNAVAILABLE, Title: "Service Unavailable", Status: fiber.StatusServiceUnavailable,
			Code: quiz.EUNAVAILABLE, Detail: "The server is shutting down.", Instance: c.OriginalURL(), RequestID: requestIDOf(c),
		})
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
	defer cancel()
	err := s.DB.Ping(ctx)
	if err == nil && s.dbFailing.Load() {
		if err = s.DB.CheckWrite(ctx); err == nil {
			s.dbFailing.Store(false)
			s.Logger.Info("readyz: the database writes again")
		}
	}
	if err != nil {
		s.Logger.Warn("readyz: the database is not ready", "err", err)
		return writeProblem(c, problem{
			Type: "/problems/" + quiz.EUNAVAILABLE, Title: "Service Unavailable", Status: fiber.StatusServiceUnavailable,
			Code: quiz.EUNAVAILABLE, Detail: "The database does not answer or cannot write.", Instance: c.OriginalURL(), RequestID: requestIDOf(c),
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
	if _, err := io.WriteString(w, s.loadGauges()); err != nil {
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
