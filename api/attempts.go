package api

import (
	"encoding/json"
	"io"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// handleAttemptCreate grades an answer to the learner's current variant and stores the
// attempt (POST /v1/attempts): quiz.AttemptGrader does it all. The response holds the
// grade and the trace; a replay of the request's Idempotency-Key says so in headers.
func (s *Server) handleAttemptCreate(c *fiber.Ctx) error {
	var req quiz.AttemptRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if err := req.Validate(); err != nil {
		return err
	}
	p := principal(c)
	if err := p.CanActAs(req.LearnerID); err != nil {
		return err
	}
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	req.IdempotencyKey, req.LinkID = key, p.LinkID
	out, err := s.grader.Submit(c.UserContext(), &req)
	if err != nil {
		return err
	}
	a := out.Attempt
	if out.Replayed {
		c.Set("Idempotent-Replayed", "true")
		c.Set("Idempotency-Created", a.CreatedAt.UTC().Format(time.RFC3339))
	}
	c.Location("/v1/attempts/" + itoa(a.ID))
	return s.writeAttempt(c, fiber.StatusCreated, a, out.Trace)
}

// attemptTrace recomputes an attempt's trace: the variant's, or the learner's own
// program's for exercises (deterministic, usually cached; a run waits in the learners'
// queue like a grade).
func (s *Server) attemptTrace(c *fiber.Ctx, a *quiz.Attempt) (quiz.Traces, error) {
	v, err := s.Questions.FindVersionByID(c.UserContext(), a.VersionID)
	if err != nil {
		return quiz.Traces{}, err
	}
	return s.Engine.AttemptTrace(c.UserContext(), v, a.Seed, a.Answer)
}

// writeAttempt writes an attempt with its traces. A nil trace is recomputed.
func (s *Server) writeAttempt(c *fiber.Ctx, status int, a *quiz.Attempt, trace quiz.Traces) error {
	if trace.Steps == nil {
		var err error
		if trace, err = s.attemptTrace(c, a); err != nil {
			return err
		}
	}
	if a.Step > 0 {
		a.StepLink = "/v1/attempts/" + itoa(a.ID) + "/steps/" + itoa(int64(a.Step))
	}
	resp := c.Response()
	resp.ResetBody()
	if err := encodeAttempt(resp.BodyWriter(), a, trace); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	c.Status(status)
	return nil
}

// attemptHead is the JSON of an Attempt without its grade's details.
type attemptHead struct {
	ID            int64           `json:"id"`
	LearnerID     int64           `json:"learner_id"`
	QuestionID    int64           `json:"question_id"`
	Version       int             `json:"version"`
	AttemptNo     int             `json:"attempt_no"`
	Seed          int64           `json:"seed"`
	Answer        json.RawMessage `json:"answer"`
	HintsUsed     int             `json:"hints_used"`
	Score         float64         `json:"score"`
	Verdict       quiz.Verdict    `json:"verdict"`
	Misconception string          `json:"misconception"`
	StepLink      string          `json:"step_link,omitempty"`
	AssessmentID  int64           `json:"assessment_id,omitempty"`
	CreatedAt     time.Time       `json:"created_at"`
}

// encodeAttempt writes a's JSON (the fields json.Marshal(a) gives) with "program" and
// "trace" added to w, and "outcome_traces" when a race's other outcomes have traces. The grade's
// details (a.Detail, encoded when the attempt was stored) and the traces (cached
// pre-encoded) are copied in rather than encoded again, and the handler writes straight
// into the response's pooled buffer: a response is mostly its trace.
func encodeAttempt(w io.Writer, a *quiz.Attempt, trace quiz.Traces) error {
	detail := a.Detail
	if detail == nil {
		var err error
		if detail, err = a.Grade.EncodeDetail(); err != nil {
			return err
		}
	}
	head, err := json.Marshal(attemptHead{a.ID, a.LearnerID, a.QuestionID, a.Version, a.AttemptNo, a.Seed, a.Answer,
		a.HintsUsed, a.Score, a.Verdict, a.Misconception, a.StepLink, a.AssessmentID, a.CreatedAt})
	if err != nil {
		return err
	}
	program, err := json.Marshal(trace.Program)
	if err != nil {
		return err
	}
	parts := [][]byte{head[:len(head)-1], nil, nil, []byte(`,"program":`), program, []byte(`,"trace":`), trace.Steps, nil, nil, []byte("}")}
	if len(detail) > 2 { // not {}
		parts[1], parts[2] = []byte(","), detail[1:len(detail)-1]
	}
	if trace.Others != nil {
		parts[7], parts[8] = []byte(`,"outcome_traces":`), trace.Others
	}
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// handleAttemptGet returns one attempt with its trace (GET /v1/attempts/{id}). A
// learner sees only their own attempts; others do not exist for them.
func (s *Server) handleAttemptGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	a, err := s.readableAttempt(c, id)
	if err != nil {
		return err
	}
	return s.writeAttempt(c, fiber.StatusOK, a, quiz.Traces{})
}

// readableAttempt loads attempt id if the caller may read it; a learner's token sees
// only its own attempts, others do not exist for it.
func (s *Server) readableAttempt(c *fiber.Ctx, id int64) (*quiz.Attempt, error) {
	a, err := s.Attempts.FindAttemptByID(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	if err := principal(c).CanReadLearner(a.LearnerID); err != nil {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Attempt %d not found.", id)
	}
	return a, nil
}

// handleAttemptStep returns one step of an attempt's trace, the target of its
// step_link (GET /v1/attempts/{id}/steps/{n}).
func (s *Server) handleAttemptStep(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	n, err := pathID(c, "n")
	if err != nil {
		return err
	}
	a, err := s.readableAttempt(c, id)
	if err != nil {
		return err
	}
	traces, err := s.attemptTrace(c, a)
	if err != nil {
		return err
	}
	var steps []json.RawMessage
	if err := json.Unmarshal(traces.Steps, &steps); err != nil {
		return err
	}
	if n > int64(len(steps)) {
		return quiz.Errorf(quiz.ENOTFOUND, "The trace of attempt %d has %d steps.", id, len(steps))
	}
	body := []byte(`{"attempt_id":` + itoa(id) + `,"steps":` + itoa(int64(len(steps))) + `,"step":`)
	body = append(append(body, steps[n-1]...), '}')
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(body)
}

// handleAttemptList lists a learner's attempts, newest first
// (GET /v1/attempts?learner=ID&question=ID; a learner token may omit learner).
func (s *Server) handleAttemptList(c *fiber.Ctx) error {
	limit, before, err := page(c)
	if err != nil {
		return err
	}
	p := principal(c)
	learnerID, err := queryInt(c, "learner", p.LearnerID)
	if err != nil {
		return err
	}
	questionID, err := queryInt(c, "question", 0)
	if err != nil {
		return err
	}
	if learnerID == 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Say whose attempts.",
			Fields: []quiz.FieldError{{Field: "learner", Message: "is required"}}}
	}
	if err := p.CanReadLearner(learnerID); err != nil {
		return err
	}
	as, err := s.Attempts.FindAttempts(c.UserContext(), quiz.AttemptFilter{
		LearnerID: learnerID, QuestionID: questionID, Before: before, Limit: limit + 1})
	if err != nil {
		return err
	}
	return c.JSON(newList(as, limit, func(a *quiz.Attempt) int64 { return a.ID }))
}
