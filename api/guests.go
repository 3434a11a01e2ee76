package api

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// Guests: the practice page works on a first visit with no account. It asks for a guest
// learner (POST /v1/guests, no credential, a few per address per hour), keeps the guest's
// token in the browser and renews it on later visits (POST /v1/learners/{id}/tokens with
// that token). An account or an LMS identity later claims the guest with its history
// (POST /v1/learners/{id}/claim); guests idle for longer than Config.GuestTTL are purged.

// DefaultGuestTTL is how long a guest's token lives, and how long an idle guest is kept,
// when Config.GuestTTL is 0.
const DefaultGuestTTL = 30 * 24 * time.Hour

type guestCreateRequest struct {
	Locale string `json:"locale,omitempty"`
}

type guestView struct {
	Learner   *quiz.Learner `json:"learner"`
	Token     string        `json:"token"`
	ExpiresAt time.Time     `json:"expires_at"`
}

// guestTTL is the lifetime of a guest token.
func (s *Server) guestTTL() time.Duration {
	if s.cfg.GuestTTL > 0 {
		return s.cfg.GuestTTL
	}
	return DefaultGuestTTL
}

// mintGuestToken mints a token for a guest, from the server itself (no API key: it stops
// with its expiry or the token secret).
func (s *Server) mintGuestToken(id int64) (string, time.Time) {
	exp := s.Now().Add(s.guestTTL()).Truncate(time.Second)
	return s.Tokens.MintGuest(id, exp), exp.UTC()
}

// handleGuestCreate makes a guest learner and its token (POST /v1/guests). No credential
// is needed; each client address may make Config.GuestsPerHour of them per hour.
func (s *Server) handleGuestCreate(c *fiber.Ctx) error {
	if !s.guestLimit(c) {
		return s.tooManyGuests(c)
	}
	var req guestCreateRequest
	if len(c.Body()) > 0 {
		if err := decodeBody(c, &req); err != nil {
			return err
		}
	}
	if req.Locale == "" {
		req.Locale = quiz.LocaleEN
	}
	l, err := s.Guests.CreateGuest(c.UserContext(), req.Locale)
	if err != nil {
		return err
	}
	tok, exp := s.mintGuestToken(l.ID)
	c.Location("/v1/learners/" + itoa(l.ID))
	return c.Status(fiber.StatusCreated).JSON(guestView{l, tok, exp})
}

// guestLimit spends one of the address's guest creations, with the RateLimit headers of
// that quota.
func (s *Server) guestLimit(c *fiber.Ctx) bool {
	return s.limitWith(c, s.guestQuota, "guest-ip:"+c.IP())
}

// tooManyGuests is the refusal of a guest past the address's hourly quota: why (the
// limit, and the likely cause: many people behind one address), what to do instead (join
// the class with its code, sign in) and when a guest can be made again (Retry-After,
// which guestLimit set).
func (s *Server) tooManyGuests(c *fiber.Ctx) error {
	wait, _ := strconv.Atoi(c.GetRespHeader(fiber.HeaderRetryAfter))
	return quiz.Errorf(quiz.ERATELIMITED, "This address made %s within the last hour, the most it may make: many people "+
		"may share it (a classroom behind one router). Join your class with the code your instructor gives you, or sign in "+
		"with a learner token; a new guest can be made from this address in %s.", guestsText(s.cfg.GuestsPerHour), waitText(wait))
}

// guestsText says a number of guests in words: "1 guest", "20 guests".
func guestsText(n int) string {
	if n == 1 {
		return "1 guest"
	}
	return strconv.Itoa(n) + " guests"
}

// waitText says a wait in seconds in words: "40 seconds", "3 minutes".
func waitText(seconds int) string {
	switch {
	case seconds <= 1:
		return "1 second"
	case seconds < 90:
		return strconv.Itoa(seconds) + " seconds"
	}
	return strconv.Itoa((seconds+59)/60) + " minutes"
}

// renewGuestToken gives a guest a fresh token for its own one, and records that it is
// active (POST /v1/learners/{id}/tokens by the guest). Other learners cannot mint tokens.
func (s *Server) renewGuestToken(c *fiber.Ctx, id int64) error {
	if err := s.Guests.SeeGuest(c.UserContext(), id); err != nil {
		if quiz.ErrorCode(err) == quiz.ENOTFOUND {
			return quiz.Errorf(quiz.EFORBIDDEN, "Only a guest renews its own token; an app or an LMS mints the others.")
		}
		return err
	}
	tok, exp := s.mintGuestToken(id)
	return c.Status(fiber.StatusCreated).JSON(tokenView{tok, id, exp})
}

type claimRequest struct {
	// GuestToken is the guest's learner token: it proves the caller holds the guest.
	GuestToken string `json:"guest_token"`
}

type claimView struct {
	LearnerID int64 `json:"learner_id"`
	Guest     int64 `json:"guest_id"`
	Attempts  int   `json:"attempts"`
}

// handleClaim moves a guest's history to learner {id} and deletes the guest
// (POST /v1/learners/{id}/claim): the learner itself (a token from an LMS launch, say),
// or an app or admin acting for it, shows the guest's token.
func (s *Server) handleClaim(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := principal(c).CanActAs(id); err != nil {
		return err
	}
	var req claimRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	g, err := s.Tokens.Verify(req.GuestToken, s.Now())
	if err != nil {
		return &quiz.Error{Code: quiz.EINVALID, Message: "The guest token is invalid or expired.",
			Fields: []quiz.FieldError{{Field: "guest_token", Message: "must be a valid learner token of a guest"}}}
	}
	n, err := s.Guests.ClaimGuest(c.UserContext(), g.LearnerID, id)
	if err != nil {
		return err
	}
	return c.JSON(claimView{LearnerID: id, Guest: g.LearnerID, Attempts: n})
}
