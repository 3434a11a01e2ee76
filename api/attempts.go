package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

type attemptCreateRequest struct {
	LearnerID  int64           `json:"learner_id"`
	QuestionID int64           `json:"question_id"`
	Answer     json.RawMessage `json:"answer"`
	// Seed, when given, must be the seed of the variant the learner saw (from GET
	// .../variant); a stale seed is a conflict instead of a grade against another variant.
	Seed *int64 `json:"seed,omitempty"`
	// Version, when given, must be the question version of that variant: an attempt at
	// a variant fetched before the question was republished is a conflict too.
	Version *int `json:"version,omitempty"`
	// HintsUsed is how many hints the learner opened (0 to the number unlocked).
	HintsUsed int `json:"hints_used,omitempty"`
}

func (r *attemptCreateRequest) validate() error {
	var fe []quiz.FieldError
	if r.LearnerID <= 0 {
		fe = append(fe, quiz.FieldError{Field: "learner_id", Message: "is required"})
	}
	if r.QuestionID <= 0 {
		fe = append(fe, quiz.FieldError{Field: "question_id", Message: "is required"})
	}
	if len(r.Answer) == 0 || string(r.Answer) == "null" {
		fe = append(fe, quiz.FieldError{Field: "answer", Message: "is required"})
	}
	if r.HintsUsed < 0 || r.HintsUsed > 100 {
		fe = append(fe, quiz.FieldError{Field: "hints_used", Message: "must be between 0 and the number of hints"})
	}
	return quiz.Invalid("The attempt is invalid.", fe)
}

// replayAttempt answers a request whose Idempotency-Key the learner already made
// attempt a with: a again if the request is the same, 409 otherwise. Attempts keep
// their key for good, in their own row, so POST /v1/attempts needs no idempotency
// record (and no write) of its own.
func (s *Server) replayAttempt(c *fiber.Ctx, req *attemptCreateRequest, a *quiz.Attempt) error {
	if !req.matches(a) {
		return quiz.Errorf(quiz.ECONFLICT, "This Idempotency-Key was used for a different request.")
	}
	c.Set("Idempotent-Replayed", "true")
	c.Set("Idempotency-Created", a.CreatedAt.UTC().Format(time.RFC3339))
	c.Location("/v1/attempts/" + itoa(a.ID))
	return s.writeAttempt(c, fiber.StatusCreated, a, nil)
}

// matches reports whether a, an attempt stored under the request's Idempotency-Key,
// was made by the same request.
func (r *attemptCreateRequest) matches(a *quiz.Attempt) bool {
	return a.QuestionID == r.QuestionID && a.HintsUsed == r.HintsUsed && (r.Seed == nil || *r.Seed == a.Seed) &&
		(r.Version == nil || *r.Version == a.Version) && sameJSON(a.Answer, r.Answer)
}

// sameJSON reports whether two JSON texts are equal but for insignificant whitespace.
func sameJSON(x, y []byte) bool {
	var cx, cy bytes.Buffer
	return json.Compact(&cx, x) == nil && json.Compact(&cy, y) == nil && bytes.Equal(cx.Bytes(), cy.Bytes())
}

// handleAttemptCreate grades an answer to the learner's current variant and stores the
// attempt (POST /v1/attempts). The response holds the grade and the trace.
//
// With an Idempotency-Key, the attempt's own row is the idempotency record: a retry of
// an attempt that was stored fails somewhere on its way (the variant moved on, so the
// seed is stale or the answer does not fit it; or the insert meets the key), and is
// then answered with the stored attempt. So the first try costs no extra read.
func (s *Server) handleAttemptCreate(c *fiber.Ctx) error {
	var req attemptCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if err := req.validate(); err != nil {
		return err
	}
	if err := principal(c).CanActAs(req.LearnerID); err != nil {
		return err
	}
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	a, trace, created, err := s.gradeAttempt(c, &req, key)
	if err != nil && key != "" {
		prior, ferr := s.Attempts.FindAttemptByKey(c.UserContext(), req.LearnerID, key)
		if ferr == nil {
			return s.replayAttempt(c, &req, prior)
		}
		if quiz.ErrorCode(ferr) != quiz.ENOTFOUND {
			return ferr
		}
	}
	if err != nil {
		return err
	}
	if !created { // a concurrent retry stored it first: a holds that attempt
		return s.replayAttempt(c, &req, a)
	}
	c.Location("/v1/attempts/" + itoa(a.ID))
	return s.writeAttempt(c, fiber.StatusCreated, a, trace)
}

// gradeAttempt grades req against the learner's current variant and stores the attempt
// with the idempotency key. It returns the attempt and its trace (nil: recompute it),
// and created false when the key's attempt was already stored (a then holds that one).
func (s *Server) gradeAttempt(c *fiber.Ctx, req *attemptCreateRequest, key string) (a *quiz.Attempt, trace json.RawMessage, created bool, err error) {
	// The learner's existence is checked by the attempt's foreign key, and a question
	// without a published version has no latest version: no extra queries here.
	ctx := c.UserContext()
	cur, err := s.currentVariant(c, req.LearnerID, req.QuestionID)
	if err != nil {
		return nil, nil, false, err
	}
	if req.Seed != nil && *req.Seed != cur.seed {
		return nil, nil, false, quiz.Errorf(quiz.ECONFLICT, "The variant changed since it was fetched (seed %d is current); fetch it again.", cur.seed)
	}
	if req.Version != nil && *req.Version != cur.version.Version {
		return nil, nil, false, quiz.Errorf(quiz.ECONFLICT,
			"The question was republished since the variant was fetched (version %d is current); fetch it again.", cur.version.Version)
	}
	if err := s.checkHintsUsed(ctx, req, len(cur.version.Content.Hints)); err != nil {
		return nil, nil, false, err
	}
	if s.Engine.Kinds().RunsPrograms(cur.version.Content.Kind) { // the learner's program runs: bound it like /simulate
		release, err := s.acquireSim(ctx)
		if err != nil {
			return nil, nil, false, err
		}
		defer release()
	}
	vr, g, err := s.Engine.Grade(ctx, cur.version, cur.seed, req.Answer)
	if err != nil {
		return nil, nil, false, err
	}
	a = &quiz.Attempt{
		LearnerID: req.LearnerID, QuestionID: req.QuestionID, VersionID: cur.version.ID, Version: cur.version.Version,
		AttemptNo: cur.attemptNo, Seed: cur.seed, Answer: req.Answer, HintsUsed: req.HintsUsed, Grade: g,
		IdempotencyKey: key, LinkID: principal(c).LinkID,
	}
	if s.Practice != nil {
		a.Review = s.Practice.Review(cur.review, g, req.HintsUsed, s.Now())
	}
	if created, err = s.Attempts.CreateAttempt(ctx, a); err != nil || !created {
		return a, nil, created, err
	}
	if g.Trace != nil {
		return a, g.Trace, true, nil
	}
	return a, vr.Steps, true, nil
}

// checkHintsUsed refuses a hints_used above the hints the learner has unlocked (one
// per earlier attempt that was not correct, of total). It reads the database only
// when the attempt claims hints.
func (s *Server) checkHintsUsed(ctx context.Context, req *attemptCreateRequest, total int) error {
	if req.HintsUsed == 0 {
		return nil
	}
	unlocked := total
	if s.Practice != nil {
		failed, err := s.Practice.Store.FailedAttempts(ctx, req.LearnerID, req.QuestionID)
		if err != nil {
			return err
		}
		unlocked = quiz.HintsUnlocked(failed, total)
	}
	if req.HintsUsed > unlocked {
		return &quiz.Error{Code: quiz.EINVALID, Message: "The attempt is invalid.",
			Fields: []quiz.FieldError{{Field: "hints_used", Message: "only " + itoa(int64(unlocked)) + " of the question's " +
				itoa(int64(total)) + " hints are unlocked"}}}
	}
	return nil
}

// attemptTrace recomputes an attempt's trace: the variant's, or the learner's own
// program's for exercises (deterministic, usually cached).
func (s *Server) attemptTrace(c *fiber.Ctx, a *quiz.Attempt) (json.RawMessage, error) {
	v, err := s.Questions.FindVersionByID(c.UserContext(), a.VersionID)
	if err != nil {
		return nil, err
	}
	return s.Engine.AttemptTrace(c.UserContext(), v, a.Seed, a.Answer)
}

// writeAttempt writes an attempt with its trace. A nil trace is recomputed.
func (s *Server) writeAttempt(c *fiber.Ctx, status int, a *quiz.Attempt, trace json.RawMessage) error {
	if trace == nil {
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
	CreatedAt     time.Time       `json:"created_at"`
}

// encodeAttempt writes a's JSON (the fields json.Marshal(a) gives) with "trace" added
// to w. The grade's details (a.Detail, encoded when the attempt was stored) and the
// trace (cached pre-encoded) are copied in rather than encoded again, and the handler
// writes straight into the response's pooled buffer: a response is mostly its trace.
func encodeAttempt(w io.Writer, a *quiz.Attempt, trace json.RawMessage) error {
	detail := a.Detail
	if detail == nil {
		var err error
		if detail, err = a.Grade.EncodeDetail(); err != nil {
			return err
		}
	}
	head, err := json.Marshal(attemptHead{a.ID, a.LearnerID, a.QuestionID, a.Version, a.AttemptNo, a.Seed, a.Answer,
		a.HintsUsed, a.Score, a.Verdict, a.Misconception, a.StepLink, a.CreatedAt})
	if err != nil {
		return err
	}
	parts := [][]byte{head[:len(head)-1], nil, nil, []byte(`,"trace":`), trace, []byte("}")}
	if len(detail) > 2 { // not {}
		parts[1], parts[2] = []byte(","), detail[1:len(detail)-1]
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
	return s.writeAttempt(c, fiber.StatusOK, a, nil)
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
	raw, err := s.attemptTrace(c, a)
	if err != nil {
		return err
	}
	var steps []json.RawMessage
	if err := json.Unmarshal(raw, &steps); err != nil {
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
