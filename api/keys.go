package api

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

type keyCreateRequest struct {
	Role string `json:"role"`
	Name string `json:"name"`
}

type keyView struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Role      quiz.Role `json:"role"`
	Key       string    `json:"key"`
	CreatedAt time.Time `json:"created_at"`
}

// handleKeyCreate creates an API key; its secret is shown only in this response
// (POST /v1/keys, admins only).
func (s *Server) handleKeyCreate(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	var req keyCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	role, err := quiz.ParseRole(req.Role)
	if err != nil {
		return err
	}
	secret := s.Tokens.NewKeySecret()
	k := &quiz.APIKey{Name: strings.TrimSpace(req.Name), Role: role, Hash: quiz.HashKey(secret)}
	if err := s.Keys.CreateKey(c.UserContext(), k); err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(keyView{k.ID, k.Name, k.Role, secret, k.CreatedAt})
}

// handleKeyList lists the API keys, revoked ones included, without their secrets
// (GET /v1/keys, admins only).
func (s *Server) handleKeyList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	keys, err := s.Keys.FindKeys(c.UserContext(), quiz.KeyFilter{After: after, Limit: limit + 1})
	if err != nil {
		return err
	}
	return c.JSON(newList(keys, limit, func(k *quiz.APIKey) int64 { return k.ID }))
}

// handleKeyRevoke revokes an API key and the learner tokens it minted, at once on this
// server (DELETE /v1/keys/{id}, admins only). The last active admin key cannot be
// revoked. It answers with the key, as the list shows it.
func (s *Server) handleKeyRevoke(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	k, err := s.Keys.RevokeKey(c.UserContext(), id)
	if err != nil {
		return err
	}
	s.keys.forget(id)
	return c.JSON(k)
}

type tokenCreateRequest struct {
	TTLSeconds int64 `json:"ttl_seconds"`
}

type tokenView struct {
	Token     string    `json:"token"`
	LearnerID int64     `json:"learner_id"`
	ExpiresAt time.Time `json:"expires_at"`
}

// handleTokenCreate mints a short-lived learner token for a browser
// (POST /v1/learners/{id}/tokens, admins and apps). ttl_seconds is 60..86400. A guest
// learner renews its own token here (guests.go).
func (s *Server) handleTokenCreate(c *fiber.Ctx) error {
	p := principal(c)
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if p.Role == quiz.RoleLearner && p.LearnerID == id && p.ClassID != 0 {
		return s.renewClassToken(c, p)
	}
	if p.Role == quiz.RoleLearner && p.LearnerID == id {
		return s.renewGuestToken(c, id)
	}
	if err := p.CanCreateLearners(); err != nil {
		return err
	}
	var req tokenCreateRequest
	if len(c.Body()) > 0 {
		if err := decodeBody(c, &req); err != nil {
			return err
		}
	}
	ttl := s.cfg.TokenTTL
	if req.TTLSeconds != 0 {
		if req.TTLSeconds < 60 || req.TTLSeconds > 86400 {
			return &quiz.Error{Code: quiz.EINVALID, Message: "The token lifetime is out of range.",
				Fields: []quiz.FieldError{{Field: "ttl_seconds", Message: "must be between 60 and 86400"}}}
		}
		ttl = time.Duration(req.TTLSeconds) * time.Second
	}
	if _, err := s.Learners.FindLearnerByID(c.UserContext(), id); err != nil {
		return err
	}
	exp := s.Now().Add(ttl).Truncate(time.Second)
	return c.Status(fiber.StatusCreated).JSON(tokenView{s.Tokens.Mint(id, p.KeyID, exp), id, exp.UTC()})
}
