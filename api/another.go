package api

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

// Endless practice: a fresh program of an order question's shape (quiz.Engine.Another),
// answered and graded like the question, not kept as an attempt.

// anotherView is a generated program to answer (GET /v1/questions/{id}/another).
type anotherView struct {
	QuestionID   int64          `json:"question_id"`
	Shape        quiz.Shape     `json:"shape"`
	Seed         uint64         `json:"seed"`
	Kind         string         `json:"kind"`
	Difficulty   int            `json:"difficulty"`
	Title        quiz.Text      `json:"title"`
	Prompt       quiz.Text      `json:"prompt"`
	Module       sim.ModuleKind `json:"module"`
	Program      string         `json:"program"`
	Presentation any            `json:"presentation"`
}

// anotherAnswer is an answer to a generated program.
type anotherAnswer struct {
	Seed   *uint64         `json:"seed"`
	Answer json.RawMessage `json:"answer"`
}

// anotherGrade is the grade of an answer to a generated program, with its trace.
type anotherGrade struct {
	quiz.Grade
	Seed    uint64          `json:"seed"`
	Answer  json.RawMessage `json:"answer"`
	Program string          `json:"program"`
	Trace   json.RawMessage `json:"trace"`
}

// anotherContent is the content of the question {id} whose shape the program takes: the
// version the caller sees (visibleContent).
func (s *Server) anotherContent(c *fiber.Ctx) (*quiz.Question, *quiz.Content, error) {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return nil, nil, err
	}
	cont, err := s.visibleContent(c, q)
	return q, cont, err
}

// handleAnother returns a fresh program of question {id}'s shape
// (GET /v1/questions/{id}/another?seed=N: the same seed, the same program).
func (s *Server) handleAnother(c *fiber.Ctx) error {
	q, cont, err := s.anotherContent(c)
	if err != nil {
		return err
	}
	seed, err := queryInt(c, "seed", 1)
	if err != nil || seed < 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "seed", Message: "must be a whole number from 0"}}}
	}
	g, err := s.Engine.AnotherLike(c.UserContext(), cont, uint64(seed))
	if err != nil {
		return err
	}
	vr, err := s.Engine.Preview(c.UserContext(), &g.Content, 0, nil)
	if err != nil {
		return err
	}
	return c.JSON(anotherView{QuestionID: q.ID, Shape: g.Shape, Seed: g.Seed, Kind: g.Content.Kind, Difficulty: g.Content.Difficulty,
		Title: g.Content.Title, Prompt: g.Content.Prompt, Module: g.Content.Module, Program: g.Content.Program,
		Presentation: vr.Key.Public(int64(g.Seed))})
}

// handleAnotherAnswer grades an answer to the program of question {id}'s shape that seed
// makes (POST /v1/questions/{id}/another).
func (s *Server) handleAnotherAnswer(c *fiber.Ctx) error {
	_, cont, err := s.anotherContent(c)
	if err != nil {
		return err
	}
	var req anotherAnswer
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if req.Seed == nil || len(req.Answer) == 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Send the program's seed and your answer.",
			Fields: []quiz.FieldError{{Field: "seed", Message: "is required"}, {Field: "answer", Message: "is required"}}}
	}
	vr, g, err := s.Engine.GradeAnother(c.UserContext(), cont, *req.Seed, req.Answer)
	if err != nil {
		return err
	}
	return c.JSON(anotherGrade{Grade: g, Seed: *req.Seed, Answer: req.Answer, Program: vr.Content.Program, Trace: vr.Steps})
}
