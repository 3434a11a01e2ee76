package api

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// A question's life after its first publish (quiz/lifecycle.go says what each step does
// to learners and their attempts): unpublish, archive and restore change its status,
// DELETE removes it (or, when someone answered it, withdraws it for good), and its
// versions stay readable.

// handleQuestionAction runs a status change of a question the caller may edit
// (POST /v1/questions/{id}/unpublish, /archive, /restore) and returns the question.
func (s *Server) handleQuestionAction(action quiz.Action) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, err := s.findVisibleQuestion(c)
		if err != nil {
			return err
		}
		if err := principal(c).CanEdit(q); err != nil {
			return err
		}
		to, err := action.Next(q)
		if err != nil {
			return err
		}
		q, err = s.Questions.SetQuestionStatus(c.UserContext(), q.ID, q.Status, to)
		if err != nil {
			return err
		}
		s.grader.Versions.Forget(q.ID)
		return writeTagged(c, fiber.StatusOK, viewQuestion(q, &q.Content, true))
	}
}

type deletedView struct {
	QuestionID int64 `json:"question_id"`
	// Removed is true when the question and its versions are gone; false when it had
	// attempts and was withdrawn for good instead (its attempts and grades kept).
	Removed bool `json:"removed"`
}

// handleQuestionDelete deletes a question the caller may edit (DELETE /v1/questions/{id}):
// gone with its versions when nobody answered it, withdrawn for good when someone did.
// A bank question is not deleted (its file brings it back): archive it.
func (s *Server) handleQuestionDelete(c *fiber.Ctx) error {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return err
	}
	if err := principal(c).CanEdit(q); err != nil {
		return err
	}
	if q.Bank {
		return quiz.Errorf(quiz.ECONFLICT, "Question %d is in the built-in bank, which brings it back at the next start: archive it instead.", q.ID)
	}
	removed, err := s.Questions.DeleteQuestion(c.UserContext(), q.ID)
	if err != nil {
		return err
	}
	s.grader.Versions.Forget(q.ID)
	return c.JSON(deletedView{QuestionID: q.ID, Removed: removed})
}

type versionItem struct {
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"created_at"`
	// Current marks the version learners answer (the latest, while the question is
	// published).
	Current bool `json:"current"`
}

// versionsOf loads the question of the path whose versions the caller may read: an
// author who sees it.
func (s *Server) versionsOf(c *fiber.Ctx) (*quiz.Question, error) {
	if err := principal(c).CanAuthor(); err != nil {
		return nil, err
	}
	return s.findVisibleQuestion(c)
}

// handleVersionList lists a question's published versions, oldest first
// (GET /v1/questions/{id}/versions).
func (s *Server) handleVersionList(c *fiber.Ctx) error {
	q, err := s.versionsOf(c)
	if err != nil {
		return err
	}
	vs, err := s.Questions.FindVersions(c.UserContext(), q.ID)
	if err != nil {
		return err
	}
	out := make([]versionItem, len(vs))
	for i, v := range vs {
		out[i] = versionItem{Version: v.Version, CreatedAt: v.CreatedAt, Current: q.Status.Live() && v.Version == q.Version}
	}
	return c.JSON(map[string]any{"items": out})
}

type versionContentView struct {
	QuestionID int64        `json:"question_id"`
	Version    int          `json:"version"`
	CreatedAt  time.Time    `json:"created_at"`
	Content    quiz.Content `json:"content"`
}

// handleVersionGet returns one published version whole (GET /v1/questions/{id}/versions/{n}).
func (s *Server) handleVersionGet(c *fiber.Ctx) error {
	q, err := s.versionsOf(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Params("n"))
	if err != nil || n < 1 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "The path has an invalid version.",
			Fields: []quiz.FieldError{{Field: "n", Message: "must be a version number, from 1"}}}
	}
	v, err := s.Questions.FindVersion(c.UserContext(), q.ID, n)
	if err != nil {
		return err
	}
	return c.JSON(versionContentView{QuestionID: q.ID, Version: v.Version, CreatedAt: v.CreatedAt, Content: v.Content})
}
