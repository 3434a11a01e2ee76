package outbox

import (
	"context"
	"time"
)

// Entry is a message as operators see it (`looplab outbox`, GET /v1/outbox): its state,
// the last try's answer (the receiver's status, the error with the receiver's reason,
// and how the try ended when the status alone does not say), and for a grade where it
// goes.
type Entry struct {
	ID          int64      `json:"id"`
	Kind        string     `json:"kind"`
	Event       string     `json:"event"`
	TargetID    int64      `json:"target_id"`
	SubjectID   int64      `json:"subject_id"`
	Status      string     `json:"status"`
	Tries       int        `json:"tries"`
	LastStatus  int        `json:"last_status"`
	LastError   string     `json:"last_error"`
	LastNote    string     `json:"last_note"`
	CreatedAt   time.Time  `json:"created_at"`
	NextTryAt   *time.Time `json:"next_try_at"`
	DeliveredAt *time.Time `json:"delivered_at"`
	Grade       *GradeDest `json:"grade,omitempty"`
}

// GradeDest is where a grade (an ags.score message) goes: the platform, the link, the
// learner and the platform user, and the line item once known.
type GradeDest struct {
	PlatformID int64  `json:"platform_id"`
	LinkTitle  string `json:"link_title"`
	LearnerID  int64  `json:"learner_id"`
	User       string `json:"user"`
	LineItem   string `json:"line_item"`
}

// Filter selects messages to list: of a kind and a state ("" for any), with ids below
// Before (0: from the newest), newest first, at most Limit.
type Filter struct {
	Kind, Status string
	Before       int64
	Limit        int
}

// Lister reads the outbox for operators.
type Lister interface {
	// List returns the messages the filter selects, newest first.
	List(ctx context.Context, f Filter) ([]Entry, error)
	// Retry makes a failed message pending again, due now, and returns it: the worker
	// tries it once more (its tries count on, so a failure fails it again at once).
	// ENOTFOUND if there is no such message, ECONFLICT if it is not failed.
	Retry(ctx context.Context, id int64, now time.Time) (*Entry, error)
}
