package api

import (
	"context"
	"crypto/subtle"
	"io"
	"strings"
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

// metricsType is the Content-Type of the Prometheus text format.
const metricsType = "text/plain; version=0.0.4; charset=utf-8"

// metricsKeyLocal marks a request that showed Config.MetricsKey.
const metricsKeyLocal = "metrics-key"

// metricsAuth lets a scrape of /metrics through with the metrics key
// (Config.MetricsKey), else authenticates it as any API request: handleMetrics then
// wants an admin. What the metrics say (routes, load, queue depths) is for operators.
func (s *Server) metricsAuth(c *fiber.Ctx) error {
	cred, _ := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
	if key := s.cfg.MetricsKey; key != "" && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(cred)), []byte(key)) == 1 {
		c.Locals(metricsKeyLocal, true)
		return c.Next()
	}
	return s.authenticate(c)
}

// handleMetrics writes the Prometheus metrics (GET /metrics): for the metrics key or an
// admin key. LOOPLAB_METRICS_ADDR serves them (WriteMetrics) without a credential on a
// listener of their own.
func (s *Server) handleMetrics(c *fiber.Ctx) error {
	if c.Locals(metricsKeyLocal) == nil {
		if err := principal(c).CanManageKeys(); err != nil {
			return quiz.Errorf(quiz.EFORBIDDEN, "The metrics are for operators: send an admin API key or the metrics key (LOOPLAB_METRICS_KEY).")
		}
	}
	c.Set(fiber.HeaderContentType, metricsType)
	return s.WriteMetrics(c.UserContext(), c.Response().BodyWriter(), requestIDOf(c))
}

// WriteMetrics writes the Prometheus metrics to w, with the outbox's when the
// integrations have them. An outbox gauge the database cannot give in time is left out
// and logged (with requestID); the scrape still answers.
func (s *Server) WriteMetrics(ctx context.Context, w io.Writer, requestID string) error {
	if _, err := s.Metrics.WriteTo(w); err != nil {
		return err
	}
	if _, err := io.WriteString(w, s.loadGauges()); err != nil {
		return err
	}
	if in := s.Integrations; in != nil && in.OutboxMetrics != nil {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		if err := in.OutboxMetrics.WriteTo(ctx, w); err != nil {
			s.Logger.Warn("metrics: outbox gauges", "request_id", requestID, "err", err)
		}
	}
	return nil
}
