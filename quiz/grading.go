package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"time"
)

// AttemptRequest is a learner's answer to their current variant of a question.
type AttemptRequest struct {
	LearnerID  int64           `json:"learner_id"`
	QuestionID int64           `json:"question_id"`
	Answer     json.RawMessage `json:"answer"`
	// Seed, when given, must be the seed of the variant the learner saw; a stale seed is
	// a conflict instead of a grade against another variant.
	Seed *int64 `json:"seed,omitempty"`
	// Version, when given, must be the question version of that variant: an attempt at a
	// variant fetched before the question was republished is a conflict too.
	Version *int `json:"version,omitempty"`
	// HintsUsed is how many hints the learner opened (0 to the number unlocked).
	HintsUsed int `json:"hints_used,omitempty"`
	// IdempotencyKey makes a retry answer the attempt the first try stored ("" : none).
	IdempotencyKey string `json:"-"`
	// LinkID is the LTI resource link the learner came from (0: none).
	LinkID int64 `json:"-"`
	// AssessmentID is the assessment the attempt is made for (0: none): it must be open,
	// hold the question, have the learner's class and an attempt left (AdmitAttempt).
	AssessmentID int64 `json:"assessment_id,omitempty"`
}

// Validate checks the request's fields on their own.
func (r *AttemptRequest) Validate() error {
	var fe []FieldError
	if r.LearnerID <= 0 {
		fe = append(fe, FieldError{Field: "learner_id", Message: "is required"})
	}
	if r.QuestionID <= 0 {
		fe = append(fe, FieldError{Field: "question_id", Message: "is required"})
	}
	if len(r.Answer) == 0 || string(r.Answer) == "null" {
		fe = append(fe, FieldError{Field: "answer", Message: "is required"})
	}
	if r.HintsUsed < 0 || r.HintsUsed > 100 {
		fe = append(fe, FieldError{Field: "hints_used", Message: "must be between 0 and the number of hints"})
	}
	return Invalid("The attempt is invalid.", fe)
}

// matches reports whether a, an attempt stored under the request's idempotency key, was
// made by the same request.
func (r *AttemptRequest) matches(a *Attempt) bool {
	return a.QuestionID == r.QuestionID && a.HintsUsed == r.HintsUsed && a.AssessmentID == r.AssessmentID && (r.Seed == nil || *r.Seed == a.Seed) &&
		(r.Version == nil || *r.Version == a.Version) && sameJSON(a.Answer, r.Answer)
}

// sameJSON reports whether two JSON texts are equal but for insignificant whitespace.
func sameJSON(x, y []byte) bool {
	var cx, cy bytes.Buffer
	return json.Compact(&cx, x) == nil && json.Compact(&cy, y) == nil && bytes.Equal(cx.Bytes(), cy.Bytes())
}

// GradedAttempt is the outcome of AttemptGrader.Submit.
type GradedAttempt struct {
	Attempt *Attempt
	// Trace is the trace the attempt is explained with; nil when the attempt was
	// replayed (the caller recomputes it with Engine.AttemptTrace).
	Trace Traces
	// Replayed is true when the request's idempotency key had stored this attempt before.
	Replayed bool
}

// Current is a learner's current variant of a question.
type Current struct {
	Version   *QuestionVersion
	AttemptNo int
	Seed      int64
	// Review is the learner's review state before this attempt (nil before the first).
	Review *ReviewState
}

// AttemptGrader is the use case of answering a question: it finds the learner's current
// variant, checks the request against it (seed, version, hints unlocked), grades the
// answer, schedules the next review and stores the attempt; a request whose idempotency
// key stored an attempt before is answered with that attempt.
type AttemptGrader struct {
	Engine   *Engine
	Attempts AttemptService
	Versions *LatestVersions
	// Practice schedules reviews and counts unlocked hints (nil: no scheduling, every
	// hint unlocked).
	Practice *Practice
	// Assessments admits the attempts made for an assessment (nil: none is).
	Assessments AssessmentService
	// Now is the clock.
	Now func() time.Time
}

// Current finds the latest version of a question, the learner's next attempt number
// and seed, and their review state.
func (g *AttemptGrader) Current(ctx context.Context, learnerID, questionID int64) (Current, error) {
	v, err := g.Versions.Get(ctx, questionID)
	if err != nil {
		return Current{}, err
	}
	return g.currentAt(ctx, v, learnerID, questionID)
}

func (g *AttemptGrader) currentAt(ctx context.Context, v *QuestionVersion, learnerID, questionID int64) (Current, error) {
	st, err := g.Attempts.AttemptState(ctx, learnerID, questionID)
	if err != nil {
		return Current{}, err
	}
	n := st.Count + 1
	return Current{v, n, Seed(learnerID, questionID, n), st.Review}, nil
}

// Submit grades req against the learner's current variant and stores the attempt.
//
// With an idempotency key, the attempt's own row is the idempotency record: a retry of
// an attempt that was stored fails somewhere on its way (the variant moved on, so the
// seed is stale or the answer does not fit it; or the insert meets the key), and is
// then answered with the stored attempt, if the request is the same (ECONFLICT if not).
// So the first try costs no extra read.
func (g *AttemptGrader) Submit(ctx context.Context, req *AttemptRequest) (*GradedAttempt, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	out, err := g.grade(ctx, req)
	if err != nil && req.IdempotencyKey != "" {
		prior, ferr := g.Attempts.FindAttemptByKey(ctx, req.LearnerID, req.IdempotencyKey)
		if ferr == nil {
			return g.replay(req, prior)
		}
		if ErrorCode(ferr) != ENOTFOUND {
			return nil, ferr
		}
	}
	if err != nil {
		return nil, err
	}
	if out.Replayed { // a concurrent retry stored it first
		return g.replay(req, out.Attempt)
	}
	return out, nil
}

// replay answers a request whose idempotency key stored attempt a.
func (g *AttemptGrader) replay(req *AttemptRequest, a *Attempt) (*GradedAttempt, error) {
	if !req.matches(a) {
		return nil, Errorf(ECONFLICT, "This Idempotency-Key was used for a different request.")
	}
	return &GradedAttempt{Attempt: a, Replayed: true}, nil
}

// grade grades and stores one attempt. The learner's existence is checked by the
// store (the attempt's foreign key), and a question without a published version has no
// latest version: no extra queries here.
func (g *AttemptGrader) grade(ctx context.Context, req *AttemptRequest) (*GradedAttempt, error) {
	cur, err := g.Current(ctx, req.LearnerID, req.QuestionID)
	if err != nil {
		return nil, err
	}
	if req.Version != nil && *req.Version > cur.Version.Version {
		// The variant was fetched at a version this process has not seen yet (published
		// through another replica within the cache's lifetime): read it again.
		v, err := g.Versions.Fresh(ctx, req.QuestionID)
		if err != nil {
			return nil, err
		}
		cur.Version = v
	}
	if err := g.check(ctx, req, cur); err != nil {
		return nil, err
	}
	if err := g.admit(ctx, req); err != nil {
		return nil, err
	}
	vr, grade, err := g.Engine.Grade(ctx, cur.Version, cur.Seed, req.Answer)
	if err != nil {
		return nil, err
	}
	a := &Attempt{
		LearnerID: req.LearnerID, QuestionID: req.QuestionID, VersionID: cur.Version.ID, Version: cur.Version.Version,
		AttemptNo: cur.AttemptNo, Seed: cur.Seed, Answer: req.Answer, HintsUsed: req.HintsUsed, Grade: grade,
		IdempotencyKey: req.IdempotencyKey, LinkID: req.LinkID, AssessmentID: req.AssessmentID,
	}
	if g.Practice != nil {
		a.Review = g.Practice.Review(cur.Review, grade, req.HintsUsed, g.Now())
	}
	created, err := g.Attempts.CreateAttempt(ctx, a)
	if err != nil {
		return nil, err
	}
	if !created {
		return &GradedAttempt{Attempt: a, Replayed: true}, nil
	}
	return &GradedAttempt{Attempt: a, Trace: vr.traces(grade, req.Answer)}, nil
}

// check refuses a request made against another variant than the current one, or that
// claims more hints than are unlocked.
func (g *AttemptGrader) check(ctx context.Context, req *AttemptRequest, cur Current) error {
	if req.Seed != nil && *req.Seed != cur.Seed {
		return Errorf(ECONFLICT, "The variant changed since it was fetched (seed %d is current); fetch it again.", cur.Seed)
	}
	if req.Version != nil && *req.Version != cur.Version.Version {
		return Errorf(ECONFLICT,
			"The question was republished since the variant was fetched (version %d is current); fetch it again.", cur.Version.Version)
	}
	return g.checkHintsUsed(ctx, req, len(cur.Version.Content.Hints))
}

// admit refuses an attempt made for an assessment that does not take it (AdmitAttempt).
// It counts the attempts used after Current read the learner's attempt number: an
// attempt stored between the two has that number too, so of two attempts racing for the
// last one allowed, the second is a conflict either way.
func (g *AttemptGrader) admit(ctx context.Context, req *AttemptRequest) error {
	if req.AssessmentID == 0 {
		return nil
	}
	if g.Assessments == nil {
		return Errorf(ENOTFOUND, "Assessment %d not found.", req.AssessmentID)
	}
	a, err := g.Assessments.FindAssessmentByID(ctx, req.AssessmentID)
	if err != nil {
		return err
	}
	member, err := g.Assessments.IsMember(ctx, a.ClassID, req.LearnerID)
	if err != nil {
		return err
	}
	used, err := g.Assessments.AssessmentAttempts(ctx, a.ID, req.LearnerID, req.QuestionID)
	if err != nil {
		return err
	}
	return AdmitAttempt(a, req, member, used, g.Now())
}

// checkHintsUsed refuses a hints_used above the hints the learner has unlocked (one per
// earlier attempt that was not correct, of total). It reads the database only when the
// attempt claims hints.
func (g *AttemptGrader) checkHintsUsed(ctx context.Context, req *AttemptRequest, total int) error {
	if req.HintsUsed == 0 {
		return nil
	}
	unlocked, err := g.HintsUnlocked(ctx, req.LearnerID, req.QuestionID, total)
	if err != nil {
		return err
	}
	if req.HintsUsed > unlocked {
		return &Error{Code: EINVALID, Message: "The attempt is invalid.",
			Fields: []FieldError{{Field: "hints_used", Message: "only " + strconv.Itoa(unlocked) + " of the question's " +
				strconv.Itoa(total) + " hints are unlocked"}}}
	}
	return nil
}

// HintsUnlocked is how many of a question's total hints the learner may see now.
func (g *AttemptGrader) HintsUnlocked(ctx context.Context, learnerID, questionID int64, total int) (int, error) {
	if g.Practice == nil || total == 0 {
		return total, nil
	}
	failed, err := g.Practice.Store.FailedAttempts(ctx, learnerID, questionID)
	if err != nil {
		return 0, err
	}
	return HintsUnlocked(failed, total), nil
}
