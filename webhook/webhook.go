// Package webhook defines looplab's webhooks: the events, the subscriptions, and the
// signature every delivery carries. Receivers can use Verify as it is; docs/webhooks.md
// describes the same algorithm for other languages.
//
// A delivery is an HTTP POST of a JSON event with three headers:
//
//	Looplab-Webhook-Id:        the event id (the same on every retry of the event)
//	Looplab-Webhook-Timestamp: the time of this try, in Unix seconds
//	Looplab-Webhook-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>
//
// The deliveries themselves go through the outbox (package outbox).
package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/looplab/looplab/quiz"
)

// The events a subscription can receive.
const (
	EventAttemptGraded     = "attempt.graded"
	EventQuestionPublished = "question.published"
	EventLearnerCreated    = "learner.created"
)

// Events lists every event, in order.
func Events() []string {
	return []string{EventAttemptGraded, EventLearnerCreated, EventQuestionPublished}
}

// The headers of a delivery.
const (
	HeaderID        = "Looplab-Webhook-Id"
	HeaderTimestamp = "Looplab-Webhook-Timestamp"
	HeaderSignature = "Looplab-Webhook-Signature"
)

// Sign returns the signature header value of a body sent at ts (Unix seconds):
// "v1=" and the lowercase hex HMAC-SHA256, keyed with the secret's bytes, of the
// decimal timestamp, a dot, and the body bytes exactly as sent.
func Sign(secret string, ts int64, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(strconv.FormatInt(ts, 10)))
	m.Write([]byte{'.'})
	m.Write(body)
	return "v1=" + hex.EncodeToString(m.Sum(nil))
}

// Errors of Verify.
var (
	ErrBadSignature = errors.New("webhook: signature does not match")
	ErrStale        = errors.New("webhook: timestamp outside the tolerance (replayed or delayed)")
)

// Verify checks a delivery as a receiver should: the timestamp header is within
// tolerance of now (replay protection; 5 minutes is a good default), and one of the
// comma-separated v1= signatures matches, compared in constant time.
func Verify(secret, timestamp, signature string, body []byte, now time.Time, tolerance time.Duration) error {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return ErrStale
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return ErrStale
	}
	want := []byte(Sign(secret, ts, body))
	for _, s := range strings.Split(signature, ",") {
		if hmac.Equal([]byte(strings.TrimSpace(s)), want) {
			return nil
		}
	}
	return ErrBadSignature
}

// NewSecret returns a fresh signing secret ("whsec_" and 32 random bytes, base64url).
func NewSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return "whsec_" + base64.RawURLEncoding.EncodeToString(b[:])
}

// Subscription is a webhook endpoint and the events it receives. The secret is shown
// once, when the subscription is created.
type Subscription struct {
	ID        int64     `json:"id"`
	URL       string    `json:"url"`
	Events    []string  `json:"events"`
	Active    bool      `json:"active"`
	Secret    string    `json:"-"`
	CreatedAt time.Time `json:"created_at"`
}

// Validate normalises a subscription and reports every invalid field.
func (s *Subscription) Validate() error {
	var fe []quiz.FieldError
	s.URL = strings.TrimSpace(s.URL)
	if msg := CheckURL(s.URL); msg != "" {
		fe = append(fe, quiz.FieldError{Field: "url", Message: msg})
	}
	var evs []string
	for _, e := range s.Events {
		if !slices.Contains(Events(), e) {
			fe = append(fe, quiz.FieldError{Field: "events", Message: "unknown event " + strconv.Quote(e) + " (" + strings.Join(Events(), ", ") + ")"})
		} else if !slices.Contains(evs, e) {
			evs = append(evs, e)
		}
	}
	if len(s.Events) == 0 {
		fe = append(fe, quiz.FieldError{Field: "events", Message: "needs at least one event"})
	}
	slices.Sort(evs)
	s.Events = evs
	return quiz.Invalid("The webhook subscription is invalid.", fe)
}

// CheckURL returns why the server may not call u, or "" (see quiz.CheckOutboundURL).
func CheckURL(u string) string { return quiz.CheckOutboundURL(u) }

// Delivery is one event on its way to a subscription, with its delivery state.
type Delivery struct {
	ID          int64      `json:"id"`
	Event       string     `json:"event"`
	SubjectID   int64      `json:"subject_id"`
	Status      string     `json:"status"` // pending, delivered, failed
	Tries       int        `json:"tries"`
	LastStatus  int        `json:"last_status"`
	LastError   string     `json:"last_error"`
	CreatedAt   time.Time  `json:"created_at"`
	NextTryAt   *time.Time `json:"next_try_at"`
	DeliveredAt *time.Time `json:"delivered_at"`
}

// Store keeps subscriptions and reads their deliveries.
type Store interface {
	// CreateSubscription stores a validated subscription and sets its ID and CreatedAt.
	CreateSubscription(ctx context.Context, s *Subscription) error
	// FindSubscription returns ENOTFOUND if there is none.
	FindSubscription(ctx context.Context, id int64) (*Subscription, error)
	// FindSubscriptions lists at most limit subscriptions with IDs above after, active
	// or not, in ID order.
	FindSubscriptions(ctx context.Context, after int64, limit int) ([]*Subscription, error)
	// DeactivateSubscription stops new deliveries to a subscription (its log stays);
	// ENOTFOUND if there is none.
	DeactivateSubscription(ctx context.Context, id int64) error
	// FindDeliveries returns a subscription's deliveries, newest first, with IDs below
	// before (0: from the newest), at most limit.
	FindDeliveries(ctx context.Context, subscriptionID, before int64, limit int) ([]*Delivery, error)
}
