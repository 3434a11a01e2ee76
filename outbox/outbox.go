// Package outbox delivers looplab's messages to other systems: grades to LMS gradebooks
// (LTI Assignment and Grade Services) and webhook events. The messages are rows of a
// durable table, written by database triggers in the same transaction as the change
// they report (an attempt, a learner, a published version), so a crash can lose none.
//
// The Worker polls for due messages, delivers each with the Sender of its kind, and
// records every try. A failed try is retried with exponential backoff (with jitter) up
// to MaxTries, then the message is marked failed. Messages that share an order key (an
// AGS score and the learner's later scores) are delivered one at a time, oldest first:
// a later one waits until the earlier one is delivered or has failed for good. Claims
// are leased, so several replicas can run workers over one database. With a Retention,
// delivered messages (and their tries) older than it are deleted; failed messages stay
// until someone looks at them.
//
// Delivery is at least once: a process killed between the receiver's 2xx and the
// commit of its record sends that message again after a restart. An AGS score is sent
// again with the same timestamp, which a platform refuses as not newer or stores once
// (lti.Tool.DeliverScore records the refusal as delivered); webhook receivers
// deduplicate by the event id. A graceful stop (SIGTERM) finishes the tries in flight
// and records them, so a restart resumes the queue without repeating anything.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"
)

// The kinds of message.
const (
	KindScore   = "ags.score"
	KindWebhook = "webhook"
)

// Message is one message to deliver.
type Message struct {
	ID        int64
	Kind      string
	Event     string
	TargetID  int64 // the grade target (ags.score) or the subscription (webhook)
	SubjectID int64 // the attempt, learner or question version the event is about
	OrderKey  string
	Tries     int // tries before this one
	CreatedAt time.Time
}

// Try is the record of one delivery attempt.
type Try struct {
	No       int
	At       time.Time
	Status   int // the receiver's HTTP status, 0 when none came back
	Error    string
	Note     string // how it ended, when a Sender said (Result.Note)
	Duration time.Duration
}

// The states of a message.
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
)

// Store keeps the messages.
type Store interface {
	// Claim leases up to n due messages until leaseUntil: pending, next try due at now,
	// not leased, and each the oldest pending message of its order key.
	Claim(ctx context.Context, now, leaseUntil time.Time, n int) ([]Message, error)
	// Record stores a try and the message's new state: delivered, failed, or pending
	// with its next try at next. It releases the lease.
	Record(ctx context.Context, id int64, t Try, status string, next time.Time) error
	// Prune deletes the delivered messages delivered before the time, with their
	// tries, and returns how many it deleted. Pending and failed messages stay.
	Prune(ctx context.Context, before time.Time) (int64, error)
}

// Count is how many messages of a kind are in a state (for monitoring).
type Count struct {
	Kind   string
	Status string
	N      int64
}

// The results of a try an Observer is told.
const (
	ResultDelivered = "delivered" // the receiver took it
	ResultRetry     = "retry"     // it failed and will be tried again
	ResultFailed    = "failed"    // it failed for good
)

// Observer is told about the worker's tries and prunes (metrics). It must be safe for
// concurrent use.
type Observer interface {
	// OutboxTry reports one try of a message of a kind and its result.
	OutboxTry(kind, result string)
	// OutboxPruned reports delivered messages deleted after the retention.
	OutboxPruned(n int64)
}

type noObserver struct{}

func (noObserver) OutboxTry(string, string) {}
func (noObserver) OutboxPruned(int64)       {}

// Result is what a receiver answered a try.
type Result struct {
	Status int    // its HTTP status, 0 when none came back
	Note   string // how the try ended when a status alone does not say (a resend the receiver held already)
}

// Sender delivers one kind of message. It returns what the receiver answered and an
// error when the delivery failed; a Permanent error is not retried.
type Sender interface {
	Send(ctx context.Context, m Message) (Result, error)
}

// permanent marks an error that retrying cannot fix.
type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Permanent wraps err so the message fails at once instead of being retried.
func Permanent(err error) error { return permanent{err} }

// IsPermanent reports whether err was wrapped by Permanent.
func IsPermanent(err error) bool { return errors.As(err, new(permanent)) }

// Config holds the worker's settings; zero values get the defaults.
type Config struct {
	Poll        time.Duration // how often to look for due messages (default 1 s)
	BaseBackoff time.Duration // the wait after the first failed try (default 5 s)
	MaxBackoff  time.Duration // the longest wait between tries (default 1 h)
	MaxTries    int           // tries before a message fails for good (default 15)
	Batch       int           // messages claimed at once, delivered in parallel (default 16)
	Timeout     time.Duration // bound of one try (default 30 s)
	// Lease is how long a claimed message stays with the worker that claimed it before
	// another worker (another replica: this one died) may try it; longer than Timeout,
	// with a margin for the replicas' clocks (default Timeout + 1 min).
	Lease time.Duration
	// Retention is how long delivered messages are kept; 0 keeps them forever. They
	// are looked for every Retention, at most every 10 minutes.
	Retention time.Duration
	Observer  Observer // default: none
	Now       func() time.Time
	Logger    *slog.Logger
}

// Worker delivers the outbox.
type Worker struct {
	cfg     Config
	store   Store
	senders map[string]Sender
	kick    chan struct{}
}

// NewWorker returns a worker delivering each kind of message with its sender.
func NewWorker(cfg Config, store Store, senders map[string]Sender) *Worker {
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.BaseBackoff <= 0 {
		cfg.BaseBackoff = 5 * time.Second
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = time.Hour
	}
	if cfg.MaxTries <= 0 {
		cfg.MaxTries = 15
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 16
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Lease <= cfg.Timeout {
		cfg.Lease = cfg.Timeout + time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Observer == nil {
		cfg.Observer = noObserver{}
	}
	return &Worker{cfg: cfg, store: store, senders: senders, kick: make(chan struct{}, 1)}
}

// Kick wakes the worker before its next poll.
func (w *Worker) Kick() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends, then returns once the tries in flight are recorded.
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	var pruned time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-w.kick:
		}
		n, err := w.Tick(ctx)
		if err != nil && ctx.Err() == nil {
			w.cfg.Logger.Error("outbox", "err", err)
		}
		if now := w.cfg.Now(); w.cfg.Retention > 0 && now.Sub(pruned) >= min(w.cfg.Retention, 10*time.Minute) {
			pruned = now
			if _, err := w.Prune(ctx); err != nil && ctx.Err() == nil {
				w.cfg.Logger.Error("outbox prune", "err", err)
			}
		}
		wait := w.cfg.Poll
		if n == w.cfg.Batch {
			wait = 0 // more may be due
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
	}
}

// Tick claims the due messages and delivers them, in parallel, and returns how many it
// claimed. The tries run to completion even when ctx ends.
func (w *Worker) Tick(ctx context.Context) (int, error) {
	now := w.cfg.Now()
	msgs, err := w.store.Claim(ctx, now, now.Add(w.cfg.Lease), w.cfg.Batch)
	if err != nil {
		return 0, fmt.Errorf("claim: %w", err)
	}
	var wg sync.WaitGroup
	errs := make([]error, len(msgs))
	for i, m := range msgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = w.deliver(context.WithoutCancel(ctx), m)
		}()
	}
	wg.Wait()
	return len(msgs), errors.Join(errs...)
}

// Prune deletes the messages delivered more than Retention ago (none without a
// Retention) and returns how many.
func (w *Worker) Prune(ctx context.Context) (int64, error) {
	if w.cfg.Retention <= 0 {
		return 0, nil
	}
	n, err := w.store.Prune(ctx, w.cfg.Now().Add(-w.cfg.Retention))
	if err != nil {
		return n, fmt.Errorf("prune: %w", err)
	}
	if n > 0 {
		w.cfg.Observer.OutboxPruned(n)
		w.cfg.Logger.Info("outbox pruned delivered messages", "count", n, "retention", w.cfg.Retention.String())
	}
	return n, nil
}

// deliver makes one try of m and records it.
func (w *Worker) deliver(ctx context.Context, m Message) error {
	sctx, cancel := context.WithTimeout(ctx, w.cfg.Timeout)
	defer cancel()
	start := w.cfg.Now()
	var res Result
	var err error
	if s, ok := w.senders[m.Kind]; ok {
		res, err = s.Send(sctx, m)
	} else {
		err = Permanent(fmt.Errorf("no sender for kind %q", m.Kind))
	}
	t := Try{No: m.Tries + 1, At: start, Status: res.Status, Note: res.Note, Duration: w.cfg.Now().Sub(start)}
	state, next, result := StatusDelivered, time.Time{}, ResultDelivered
	if err != nil {
		t.Error = err.Error()
		state, next = w.afterFailure(m, t, err)
		result = ResultRetry
		if state == StatusFailed {
			result = ResultFailed
		}
	}
	w.cfg.Observer.OutboxTry(m.Kind, result)
	rctx, rcancel := context.WithTimeout(ctx, 10*time.Second)
	defer rcancel()
	return w.store.Record(rctx, m.ID, t, state, next)
}

// afterFailure decides what a failed try leads to and logs it.
func (w *Worker) afterFailure(m Message, t Try, err error) (string, time.Time) {
	log := w.cfg.Logger.With("id", m.ID, "kind", m.Kind, "event", m.Event, "try", t.No, "status", t.Status, "err", err)
	if IsPermanent(err) || t.No >= w.cfg.MaxTries {
		log.Error("outbox message failed for good")
		return StatusFailed, time.Time{}
	}
	next := t.At.Add(w.Backoff(t.No))
	log.Warn("outbox delivery failed; will retry", "next", next)
	return StatusPending, next
}

// Backoff is the wait after the n-th failed try: BaseBackoff doubled per try, capped at
// MaxBackoff, less up to a fifth at random so retries of many messages spread out.
func (w *Worker) Backoff(n int) time.Duration {
	d := w.cfg.BaseBackoff
	for i := 1; i < n && d < w.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, w.cfg.MaxBackoff)
	return d - time.Duration(rand.Int64N(int64(d)/5+1)) //nolint:gosec // jitter
}
