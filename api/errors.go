package api

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// statusOf maps each quiz error code to its HTTP status. It is the only such mapping.
var statusOf = map[string]int{
	quiz.EINVALID:      http.StatusBadRequest,
	quiz.ENOTFOUND:     http.StatusNotFound,
	quiz.ECONFLICT:     http.StatusConflict,
	quiz.EUNAUTHORIZED: http.StatusUnauthorized,
	quiz.EFORBIDDEN:    http.StatusForbidden,
	quiz.ERATELIMITED:  http.StatusTooManyRequests,
	quiz.EANSWER:       http.StatusUnprocessableEntity,
	quiz.EPRECONDITION: http.StatusPreconditionFailed,
	quiz.EUNAVAILABLE:  http.StatusServiceUnavailable,
	quiz.EUNSUPPORTED:  http.StatusUnprocessableEntity,
	quiz.EINTERNAL:     http.StatusInternalServerError,
}

// retryAfterUnavailable is the Retry-After of a 503, in seconds: when the same request
// may well succeed (a simulator slot or the database free again).
const retryAfterUnavailable = "2"

// problem is an RFC 9457 problem details object.
type problem struct {
	Type      string            `json:"type"`
	Title     string            `json:"title"`
	Status    int               `json:"status"`
	Detail    string            `json:"detail,omitempty"`
	Instance  string            `json:"instance,omitempty"`
	Code      string            `json:"code"`
	RequestID string            `json:"request_id,omitempty"`
	Errors    []quiz.FieldError `json:"errors,omitempty"`
}

// handleError is the app's ErrorHandler: every error a handler returns, and every error
// Fiber itself raises (unknown route, body too large), becomes a problem+json response.
// Internal errors are logged with their request id and shown as "Internal error.". An
// error the database says makes it unavailable (Database.Unavailable) is a 503, and
// /readyz fails until a write works again.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	p := problem{Instance: c.OriginalURL(), RequestID: requestIDOf(c)}
	if s.bodies.release(&c.Request().Header) && errors.Is(err, fiber.ErrRequestEntityTooLarge) {
		err = quiz.Errorf(quiz.EUNAVAILABLE, "The server holds too many request bodies; try again shortly.")
	}
	var fe *fiber.Error
	switch {
	case errors.As(err, &fe):
		p.Status, p.Code = fe.Code, codeOfStatus(fe.Code)
		p.Detail = fiberDetail(fe)
		if fe.Code == http.StatusRequestEntityTooLarge {
			p.Detail = s.tooLarge(c)
		}
	case errors.Is(err, errTooManyFailures) || errors.Is(err, errTooManyCodes):
		p.Status, p.Code = http.StatusTooManyRequests, quiz.ERATELIMITED
		p.Detail = s.tooManyFailures(c, quiz.ErrorMessage(err))
	case s.DB != nil && s.DB.Unavailable(err):
		s.dbFailing.Store(true)
		s.Logger.Error("the database cannot serve", "request_id", p.RequestID, "method", c.Method(), "path", c.Path(), "err", err)
		p.Status, p.Code = http.StatusServiceUnavailable, quiz.EUNAVAILABLE
		p.Detail = "The database cannot serve requests now (down, full or failing storage); try again later."
	default:
		p.Code = quiz.ErrorCode(err)
		p.Status = statusOf[p.Code]
		p.Detail = quiz.ErrorMessage(err)
		p.Errors = quiz.ErrorFields(err)
	}
	if p.Status == 0 {
		p.Status, p.Code = http.StatusInternalServerError, quiz.EINTERNAL
	}
	if p.Status >= 500 && p.Status != http.StatusServiceUnavailable {
		s.Logger.Error("internal error", "request_id", p.RequestID, "method", c.Method(), "path", c.Path(), "err", err)
		p.Detail = "Internal error."
	}
	p.Type = "/problems/" + p.Code
	p.Title = http.StatusText(p.Status)
	if p.Status == http.StatusTooManyRequests && len(c.Response().Header.Peek(fiber.HeaderRetryAfter)) == 0 {
		c.Set(fiber.HeaderRetryAfter, "1")
	}
	if p.Status == http.StatusServiceUnavailable {
		c.Set(fiber.HeaderRetryAfter, retryAfterUnavailable)
	}
	if p.Status == http.StatusUnauthorized {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="looplab"`)
	}
	return writeProblem(c, p)
}

// tooLarge says why a body was refused with 413: the route's limit, and the setting
// that makes it.
func (s *Server) tooLarge(c *fiber.Ctx) string {
	path, _, _ := strings.Cut(string(c.Request().Header.RequestURI()), "?")
	limit := s.bodyLimit(c.Request().Header.Method(), []byte(path))
	setting := "LOOPLAB_SMALL_BODY_LIMIT"
	if limit == s.cfg.BodyLimit {
		setting = "LOOPLAB_BODY_LIMIT"
	}
	return fmt.Sprintf("The request body is too large: this route takes at most %d bytes (%s).", limit, setting)
}

// tooManyFailures completes the refusal of an address that sent too many invalid
// credentials (or join codes): the limit, and when a try is possible again (set as
// Retry-After).
func (s *Server) tooManyFailures(c *fiber.Ctx, msg string) string {
	wait := 1
	if s.cfg.AuthFailureRate > 0 {
		wait = max(1, int(math.Ceil(1/s.cfg.AuthFailureRate)))
	}
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(wait))
	return fmt.Sprintf("%s The limit is %s invalid credentials a second and %d at once per address (LOOPLAB_AUTH_FAILURE_RATE, LOOPLAB_AUTH_FAILURE_BURST); retry in %d s.",
		msg, strconv.FormatFloat(s.cfg.AuthFailureRate, 'f', -1, 64), s.cfg.AuthFailureBurst, wait)
}

func writeProblem(c *fiber.Ctx, p problem) error {
	c.Status(p.Status)
	if err := c.JSON(p); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/problem+json")
	return nil
}

// codeOfStatus names the quiz code closest to a status Fiber chose.
func codeOfStatus(status int) string {
	for code, st := range statusOf {
		if st == status {
			return code
		}
	}
	if status >= 500 {
		return quiz.EINTERNAL
	}
	return quiz.EINVALID
}

// fiberDetail is the client-safe detail of an error Fiber raised.
func fiberDetail(fe *fiber.Error) string {
	switch fe.Code {
	case http.StatusNotFound:
		return "No such route."
	case http.StatusMethodNotAllowed:
		return "Method not allowed on this route."
	case http.StatusRequestEntityTooLarge:
		return "The request body is too large."
	case http.StatusRequestHeaderFieldsTooLarge:
		return "The request headers are too large."
	case http.StatusRequestTimeout:
		return "The request took too long to arrive."
	case http.StatusServiceUnavailable:
		return "The server is busy; try again shortly."
	}
	if fe.Code < 500 {
		return "The request is malformed."
	}
	return "Internal error."
}
