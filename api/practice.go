package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// learnerFor reads the {id} of a learner route and checks the principal may read it.
func (s *Server) learnerFor(c *fiber.Ctx) (int64, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return 0, err
	}
	if err := principal(c).CanReadLearner(id); err != nil {
		return 0, err
	}
	if _, err := s.Learners.FindLearnerByID(c.UserContext(), id); err != nil {
		return 0, err
	}
	return id, nil
}

type nextView struct {
	LearnerID int64           `json:"learner_id"`
	Items     []quiz.NextItem `json:"items"`
}

// handleNext returns what a learner should practise now: due reviews, then new
// questions along the learning path (GET /v1/learners/{id}/next?limit=).
func (s *Server) handleNext(c *fiber.Ctx) error {
	id, err := s.learnerFor(c)
	if err != nil {
		return err
	}
	limit, err := queryInt(c, "limit", 5)
	if err != nil || limit < 1 || limit > 50 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "limit", Message: "must be between 1 and 50"}}}
	}
	items, err := s.Practice.Next(c.UserContext(), id, s.Now(), int(limit))
	if err != nil {
		return err
	}
	return c.JSON(nextView{LearnerID: id, Items: items})
}

// handleProgress returns a learner's mastery per topic and streaks
// (GET /v1/learners/{id}/progress).
func (s *Server) handleProgress(c *fiber.Ctx) error {
	id, err := s.learnerFor(c)
	if err != nil {
		return err
	}
	p, err := s.Practice.Progress(c.UserContext(), id, s.Now())
	if err != nil {
		return err
	}
	return c.JSON(p)
}

// handlePath returns the learning path with the learner's standing on each step and
// their current step (GET /v1/learners/{id}/path).
func (s *Server) handlePath(c *fiber.Ctx) error {
	id, err := s.learnerFor(c)
	if err != nil {
		return err
	}
	p, err := s.Practice.PathProgress(c.UserContext(), id, s.Now())
	if err != nil {
		return err
	}
	return c.JSON(p)
}
