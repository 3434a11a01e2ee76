package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

type learnerCreateRequest struct {
	ExternalID string `json:"external_id"`
	Name       string `json:"name"`
	Locale     string `json:"locale"`
}

// handleLearnerCreate creates a learner (POST /v1/learners).
func (s *Server) handleLearnerCreate(c *fiber.Ctx) error {
	if err := principal(c).CanCreateLearners(); err != nil {
		return err
	}
	var req learnerCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	l := &quiz.Learner{ExternalID: req.ExternalID, Name: req.Name, Locale: req.Locale}
	if err := s.Learners.CreateLearner(c.UserContext(), l); err != nil {
		return err
	}
	c.Location("/v1/learners/" + itoa(l.ID))
	return c.Status(fiber.StatusCreated).JSON(l)
}

// handleLearnerList lists learners (GET /v1/learners?external_id=&cursor=&limit=).
func (s *Server) handleLearnerList(c *fiber.Ctx) error {
	if err := principal(c).CanListLearners(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	ls, err := s.Learners.FindLearners(c.UserContext(), quiz.LearnerFilter{
		ExternalID: c.Query("external_id"), After: after, Limit: limit + 1})
	if err != nil {
		return err
	}
	return c.JSON(newList(ls, limit, func(l *quiz.Learner) int64 { return l.ID }))
}

// handleLearnerGet returns one learner (GET /v1/learners/{id}).
func (s *Server) handleLearnerGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := principal(c).CanReadLearner(id); err != nil {
		return err
	}
	l, err := s.Learners.FindLearnerByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(l)
}
