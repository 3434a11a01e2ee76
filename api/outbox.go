package api

import (
	"slices"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/quiz"
)

// handleOutboxList lists the outbox, newest first: grades on their way to LMS
// gradebooks and webhook deliveries, each with the receiver's last answer (its status,
// its reason, how the try ended) (GET /v1/outbox?kind=&status=&cursor=&limit=, admins).
func (s *Server) handleOutboxList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	limit, before, err := page(c)
	if err != nil {
		return err
	}
	f := outbox.Filter{Kind: c.Query("kind"), Status: c.Query("status"), Before: before, Limit: limit + 1}
	var fe []quiz.FieldError
	if f.Kind != "" && !slices.Contains([]string{outbox.KindScore, outbox.KindWebhook}, f.Kind) {
		fe = append(fe, quiz.FieldError{Field: "kind", Message: "must be ags.score or webhook"})
	}
	if f.Status != "" && !slices.Contains([]string{outbox.StatusPending, outbox.StatusDelivered, outbox.StatusFailed}, f.Status) {
		fe = append(fe, quiz.FieldError{Field: "status", Message: "must be pending, delivered or failed"})
	}
	if len(fe) > 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.", Fields: fe}
	}
	es, err := s.Integrations.Outbox.List(c.UserContext(), f)
	if err != nil {
		return err
	}
	return c.JSON(newList(es, limit, func(e outbox.Entry) int64 { return e.ID }))
}

// handleOutboxRetry makes a failed message pending again and wakes the worker (POST
// /v1/outbox/{id}/retry, admins): after the cause is fixed (a learner enrolled again, a
// gradebook column restored) its grade is sent once more.
func (s *Server) handleOutboxRetry(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	e, err := s.Integrations.Outbox.Retry(c.UserContext(), id, s.Now())
	if err != nil {
		return err
	}
	if s.Integrations.OutboxKick != nil {
		s.Integrations.OutboxKick()
	}
	return c.JSON(e)
}
