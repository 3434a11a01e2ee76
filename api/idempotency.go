package api

import (
	"crypto/sha256"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// idempotent makes a POST safe to retry with an Idempotency-Key header: the first
// request's successful response is stored (per principal and key) and replayed for a
// retry with the same method, path and body; a different request with the same key, or
// a retry while the first is still in flight, gets 409. Failed requests release the key;
// a stored response expires after cfg.IdempotencyTTL.
func (s *Server) idempotent(c *fiber.Ctx) error {
	if c.Locals(localPrincipal) == nil { // anonymous requests are not replayed
		return c.Next()
	}
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	if key == "" {
		return c.Next()
	}
	fp := sha256.New()
	fp.Write([]byte(c.Method() + "\x00" + c.Path() + "\x00"))
	fp.Write(c.Body())
	rec := &quiz.IdempotencyRecord{Scope: principal(c).Scope(), Key: key, Fingerprint: fp.Sum(nil)}
	ctx := c.UserContext()
	existing, err := s.Idem.Reserve(ctx, rec, s.cfg.IdempotencyTTL)
	if err != nil {
		return err
	}
	if existing != nil {
		return replay(c, existing, rec)
	}
	if err := c.Next(); err != nil {
		if herr := s.handleError(c, err); herr != nil {
			return herr
		}
	}
	status := c.Response().StatusCode()
	if status < 200 || status > 299 {
		return s.Idem.Release(ctx, rec.Scope, rec.Key)
	}
	rec.Status = status
	rec.ContentType = string(c.Response().Header.ContentType())
	rec.Body = append([]byte(nil), c.Response().Body()...)
	return s.Idem.Complete(ctx, rec)
}

// idempotencyKey returns the request's Idempotency-Key header, copied out of the
// request buffer; "" when there is none.
func idempotencyKey(c *fiber.Ctx) (string, error) {
	key := c.Get("Idempotency-Key")
	if key != "" && (len(key) > 255 || !printableASCII(key)) {
		return "", &quiz.Error{Code: quiz.EINVALID, Message: "The Idempotency-Key header is invalid.",
			Fields: []quiz.FieldError{{Field: "Idempotency-Key", Message: "must be 1-255 printable ASCII characters"}}}
	}
	return string([]byte(key)), nil
}

func replay(c *fiber.Ctx, existing, rec *quiz.IdempotencyRecord) error {
	switch {
	case !quiz.SameHash(existing.Fingerprint, rec.Fingerprint):
		return quiz.Errorf(quiz.ECONFLICT, "This Idempotency-Key was used for a different request.")
	case existing.Status == 0:
		return quiz.Errorf(quiz.ECONFLICT, "A request with this Idempotency-Key is still in progress; retry later.")
	}
	c.Set("Idempotent-Replayed", "true")
	c.Set(fiber.HeaderContentType, existing.ContentType)
	c.Set("Idempotency-Created", existing.CreatedAt.UTC().Format(time.RFC3339))
	return c.Status(existing.Status).Send(existing.Body)
}
