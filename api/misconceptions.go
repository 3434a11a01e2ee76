package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// handleMisconceptions explains every misconception the graders name: the mistake in
// words, the rule it breaks, what the published questions that probe it say of it, and
// which they are (GET /v1/misconceptions, any credential). The result panel of the
// practice page links each misconception here.
func (s *Server) handleMisconceptions(c *fiber.Ctx) error {
	contents := map[int64]*quiz.Content{}
	after := int64(0)
	for {
		qs, err := s.Questions.FindQuestions(c.UserContext(), quiz.QuestionFilter{Status: quiz.StatusPublished, OwnerID: -1,
			PublishedContent: true, After: after, Limit: 500})
		if err != nil {
			return err
		}
		for _, q := range qs {
			contents[q.ID] = &q.Content
		}
		if len(qs) < 500 {
			break
		}
		after = qs[len(qs)-1].ID
	}
	return c.JSON(map[string]any{"items": quiz.Glossary(contents)})
}
