package quiz

import (
	"context"
	"encoding/json"
	"time"
)

// Attempt is one graded answer: who answered which version of which question, the
// variant (seed) they saw, their answer and its grade.
type Attempt struct {
	ID         int64 `json:"id"`
	LearnerID  int64 `json:"learner_id"`
	QuestionID int64 `json:"question_id"`
	VersionID  int64 `json:"-"`
	Version    int   `json:"version"`
	// AttemptNo counts the learner's attempts at the question, from 1; with the learner
	// and question it determines Seed.
	AttemptNo int             `json:"attempt_no"`
	Seed      int64           `json:"seed"`
	Answer    json.RawMessage `json:"answer"`
	// HintsUsed is how many of the question's hints the learner opened before answering
	// (it lowers the spaced-repetition grade).
	HintsUsed int `json:"hints_used"`
	Grade
	// Detail is Grade.EncodeDetail's form of the grade, once known: the store sets it
	// when it stores or loads an attempt, so that a response can splice it in instead
	// of encoding the grade again.
	Detail json.RawMessage `json:"-"`
	// StepLink is the URL of the trace step the explanation starts at (set by the HTTP
	// layer; empty when no step applies).
	StepLink       string `json:"step_link,omitempty"`
	IdempotencyKey string `json:"-"`
	// LinkID is the LTI resource link the attempt was made from (the launch token's;
	// 0: none). Its grade goes to that link's gradebook only; without a link, to every
	// link of the learner that holds the question.
	LinkID int64 `json:"-"`
	// AssessmentID is the assessment the attempt was made for (0: none): the class's
	// gradebook counts it there.
	AssessmentID int64     `json:"assessment_id,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
	// Review, when set, is the learner's review state of the question after this
	// attempt (Practice.Review from the AttemptState the attempt number came from); the
	// store writes it atomically with the attempt.
	Review *ReviewState `json:"-"`
}

// AttemptState is where a learner stands with a question before the next attempt.
type AttemptState struct {
	// Count is the number of attempts so far: the next one is number Count+1.
	Count int
	// Review is the review state (nil before the first scheduled review).
	Review *ReviewState
}

// AttemptFilter selects attempts, newest first. Before is a cursor: only attempts with
// a smaller ID.
type AttemptFilter struct {
	LearnerID  int64
	QuestionID int64
	Before     int64
	Limit      int
}

// AttemptService stores attempts.
type AttemptService interface {
	// FindAttemptByID returns ENOTFOUND if there is no such attempt.
	FindAttemptByID(ctx context.Context, id int64) (*Attempt, error)
	// FindAttemptByKey returns the attempt the learner made with an idempotency key, or
	// ENOTFOUND.
	FindAttemptByKey(ctx context.Context, learnerID int64, key string) (*Attempt, error)
	// FindAttempts returns at most f.Limit attempts, newest first.
	FindAttempts(ctx context.Context, f AttemptFilter) ([]*Attempt, error)
	// AttemptState reads a learner's attempt count and review state of a question in
	// one snapshot.
	AttemptState(ctx context.Context, learnerID, questionID int64) (AttemptState, error)
	// CreateAttempt stores a atomically and sets its ID, CreatedAt and Detail (and the
	// review state, with a.Review). When an attempt with the same learner
	// and idempotency key exists, it loads that one into a and returns (false, nil).
	// ECONFLICT when another attempt took the same attempt number first; ENOTFOUND when
	// the learner or version does not exist.
	CreateAttempt(ctx context.Context, a *Attempt) (created bool, err error)
	// QuestionStats aggregates the attempts at a question, with the top most common
	// wrong answers and misconception tags.
	QuestionStats(ctx context.Context, questionID int64, top int) (*QuestionStats, error)
}

// QuestionStats is what instructors see of a question's attempts.
type QuestionStats struct {
	QuestionID int64   `json:"question_id"`
	Attempts   int     `json:"attempts"`
	Learners   int     `json:"learners"`
	MeanScore  float64 `json:"mean_score"`
	Correct    int     `json:"correct"`
	Partial    int     `json:"partial"`
	Incorrect  int     `json:"incorrect"`
	// WrongAnswers are the most common answers that were not correct.
	WrongAnswers []AnswerCount `json:"wrong_answers"`
	// Misconceptions are the most common misconception tags of wrong answers.
	Misconceptions []TagCount `json:"misconceptions"`
}

// AnswerCount is how often one answer was given.
type AnswerCount struct {
	Answer    json.RawMessage `json:"answer"`
	Count     int             `json:"count"`
	MeanScore float64         `json:"mean_score"`
}

// TagCount is how often a misconception was tagged.
type TagCount struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
	Text  *Text  `json:"text,omitempty"`
}

// IdempotencyRecord is the stored outcome of a request made with an Idempotency-Key.
type IdempotencyRecord struct {
	Scope       string // the principal (Principal.Scope)
	Key         string // what the key is stored as (the API stores a hash of it)
	Fingerprint []byte // hash of method, path and body
	// Status is 0 while the first request is in flight.
	Status      int
	ContentType string
	Body        []byte // as the API stores it (sealed)
	CreatedAt   time.Time
}

// IdempotencyService stores idempotency records.
type IdempotencyService interface {
	// Reserve stores rec as in flight when its (scope, key) is new and returns (nil,
	// nil); otherwise it returns the existing record. With ttl > 0, a completed record
	// stored more than ttl ago has expired: it is replaced as if the key were new.
	Reserve(ctx context.Context, rec *IdempotencyRecord, ttl time.Duration) (*IdempotencyRecord, error)
	// Complete stores the response of a reserved record.
	Complete(ctx context.Context, rec *IdempotencyRecord) error
	// Release deletes a reserved record whose request failed, so it can be retried.
	Release(ctx context.Context, scope, key string) error
	// ReleaseInFlight deletes the in-flight records reserved before the given time (their
	// request died with its process) and returns how many.
	ReleaseInFlight(ctx context.Context, before time.Time) (int, error)
	// Prune deletes the completed records stored more than ttl ago and returns how many.
	Prune(ctx context.Context, ttl time.Duration) (int64, error)
}
