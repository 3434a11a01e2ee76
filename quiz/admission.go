package quiz

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Work is the kind of work a simulation is run for. Each kind waits in its own bounded
// queue for the simulator's slots (Admission); a kind earlier in this list is served
// first when a slot frees.
type Work int

const (
	// WorkInternal is the server's own work: validating the bank at start. It is the
	// kind of a context that names none.
	WorkInternal Work = iota
	// WorkLearner is learners' work and that of the apps acting for them: grading
	// answers (an exercise runs the learner's program), building variants, re-reading
	// an exercise attempt (its program runs again when it is not cached).
	WorkLearner
	// WorkInstructor is authors' work: previews, publishing, bank import, exports, and
	// the playground with an instructor or admin key.
	WorkInstructor
	// WorkGuest is the work of guests, the learners anyone may make without an account
	// (POST /v1/guests): their attempts, variants and playground runs.
	WorkGuest
	// WorkAnonymous is the playground without a credential. Anonymous visitors are the
	// least trusted guests: their runs count against the guests' share too.
	WorkAnonymous
	workKinds
)

// Works lists every kind of work, in the order they are served.
func Works() []Work {
	return []Work{WorkInternal, WorkLearner, WorkInstructor, WorkGuest, WorkAnonymous}
}

func (w Work) String() string {
	if w < 0 || w >= workKinds {
		return fmt.Sprintf("work(%d)", int(w))
	}
	return [...]string{"internal", "learner", "instructor", "guest", "anonymous"}[w]
}

// sharesWith returns the kinds whose runs count against w's share of the slots: w
// itself, and for guests the anonymous visitors too, so that guests and anonymous
// visitors together never hold more slots than the guests' share.
func (w Work) sharesWith() []Work {
	if w == WorkGuest {
		return []Work{WorkGuest, WorkAnonymous}
	}
	return []Work{w}
}

type workKey struct{}

// WithWork returns ctx marked as the context of work of kind w.
func WithWork(ctx context.Context, w Work) context.Context {
	return context.WithValue(ctx, workKey{}, w)
}

// WorkOf returns the kind of work ctx was marked with, WorkInternal when none.
func WorkOf(ctx context.Context) Work {
	w, _ := ctx.Value(workKey{}).(Work)
	return w
}

// RunContext gives a simulation the context it runs under (its wait for a slot
// included) and the function to call when it ends. The API's is cancelled when the
// client leaves, watched only while a simulation runs.
type RunContext func(ctx context.Context) (context.Context, func())

type runContextKey struct{}

// WithRunContext returns ctx carrying f: each simulation the engine runs for ctx runs
// under f's context. A nil f removes it (a run shared by several callers).
func WithRunContext(ctx context.Context, f RunContext) context.Context {
	return context.WithValue(ctx, runContextKey{}, f)
}

// runContextOf returns the RunContext ctx carries, nil when none.
func runContextOf(ctx context.Context) RunContext {
	f, _ := ctx.Value(runContextKey{}).(RunContext)
	return f
}

// Queue bounds one kind of work.
type Queue struct {
	// Slots is the most runs of this kind at once (at most AdmissionConfig.Slots; 0
	// means all of them).
	Slots int
	// Length is the most runs of this kind waiting for a slot; one more is refused at
	// once.
	Length int
	// Wait is the longest a run waits for a slot before it is refused.
	Wait time.Duration
}

// AdmissionConfig sets the simulator's slots and the queue of each kind of work.
type AdmissionConfig struct {
	// Slots is the number of simulations that run at once, all kinds together.
	Slots  int
	Queues map[Work]Queue
}

// DefaultAdmission is the admission of a server with no configuration: two slots (a
// simulation uses a core), of which guests and anonymous callers together may hold
// one, so signed-in learners always find the other free of them; short queues with
// short waits for interactive work, a long one for the server's own.
func DefaultAdmission() AdmissionConfig {
	return AdmissionConfig{Slots: 2, Queues: map[Work]Queue{
		WorkInternal:   {Length: 1024, Wait: 5 * time.Minute},
		WorkLearner:    {Length: 64, Wait: 5 * time.Second},
		WorkInstructor: {Length: 16, Wait: 10 * time.Second},
		WorkGuest:      {Slots: 1, Length: 16, Wait: 5 * time.Second},
		WorkAnonymous:  {Slots: 1, Length: 8, Wait: 3 * time.Second},
	}}
}

// Validate reports the first setting that cannot work.
func (c AdmissionConfig) Validate() error {
	if c.Slots < 1 {
		return fmt.Errorf("simulator slots: must be at least 1, got %d", c.Slots)
	}
	for _, w := range Works() {
		q := c.Queues[w]
		if q.Slots < 0 || q.Slots > c.Slots {
			return fmt.Errorf("%s queue: slots must be between 0 (all) and %d, got %d", w, c.Slots, q.Slots)
		}
		if q.Length < 0 || q.Wait < 0 {
			return fmt.Errorf("%s queue: length and wait must not be negative", w)
		}
	}
	if g, a := c.share(WorkGuest), c.share(WorkAnonymous); a > g {
		return fmt.Errorf("anonymous queue: slots must be at most the guests' %d (anonymous runs count as guests' too), got %d", g, a)
	}
	return nil
}

// share is the most slots work of kind w may hold (a Queue's Slots, 0 meaning all).
func (c AdmissionConfig) share(w Work) int {
	if s := c.Queues[w].Slots; s > 0 && s <= c.Slots {
		return s
	}
	return c.Slots
}

// Admission lets simulations in: a fixed number of slots, and for each kind of work a
// share of them, a bounded FIFO queue and a longest wait. A freed slot goes to the
// first waiting run of the first kind (in Works order) still under its share, so
// learners' grading never waits behind guests' or anonymous runs beyond the slots those
// may hold (guests and anonymous visitors together hold at most the guests' share).
// A run that cannot get in is refused with EUNAVAILABLE. It is safe for concurrent use.
type Admission struct {
	mu       sync.Mutex // guards the fields below
	slots    int
	queues   [workKinds]Queue
	free     int
	running  [workKinds]int
	waiting  [workKinds][]*waiter
	admitted [workKinds]uint64
	refused  [workKinds]uint64
}

type waiter struct {
	ready   chan struct{} // closed when granted
	granted bool
}

// NewAdmission returns the admission cfg describes (see Validate).
func NewAdmission(cfg AdmissionConfig) *Admission {
	a := &Admission{slots: cfg.Slots, free: cfg.Slots}
	for _, w := range Works() {
		q := cfg.Queues[w]
		q.Slots = cfg.share(w)
		a.queues[w] = q
	}
	return a
}

// Acquire waits for a slot for work of kind w and returns the function that frees it.
// It fails with EUNAVAILABLE when w's queue is full, when the wait passes the queue's
// longest wait, or when ctx ends first.
func (a *Admission) Acquire(ctx context.Context, w Work) (release func(), err error) {
	if w < 0 || w >= workKinds {
		w = WorkAnonymous
	}
	q := a.queues[w]
	a.mu.Lock()
	if len(a.waiting[w]) >= q.Length && !a.canRun(w) {
		a.refused[w]++
		a.mu.Unlock()
		return nil, busy(w, "its queue is full")
	}
	me := &waiter{ready: make(chan struct{})}
	a.waiting[w] = append(a.waiting[w], me)
	a.dispatch()
	a.mu.Unlock()
	release = func() { a.release(w) }
	if me.granted { // read under the lock dispatch held: no wait at all
		return release, nil
	}
	timer := time.NewTimer(q.Wait)
	defer timer.Stop()
	select {
	case <-me.ready:
		return release, nil
	case <-timer.C:
		err = busy(w, fmt.Sprintf("no simulator slot was free within %s", q.Wait))
	case <-ctx.Done():
		err = Errorf(EUNAVAILABLE, "The request ended before a simulator slot was free.")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if me.granted { // granted while giving up: keep it after all
		return release, nil
	}
	a.waiting[w] = slices.DeleteFunc(a.waiting[w], func(x *waiter) bool { return x == me })
	a.refused[w]++
	return nil, err
}

// busy is the error of a run of kind w refused for reason.
func busy(w Work, reason string) error {
	return Errorf(EUNAVAILABLE, "The simulator is busy (%s work: %s); try again shortly.", w, reason)
}

// canRun reports whether work of kind w would get a slot now: one is free, and neither
// w's share nor that of a kind w's runs count against is used up. a.mu must be held.
func (a *Admission) canRun(w Work) bool {
	if a.free == 0 {
		return false
	}
	for _, share := range Works() {
		if slices.Contains(share.sharesWith(), w) && a.holding(share) >= a.queues[share].Slots {
			return false
		}
	}
	return true
}

// holding is how many slots count against w's share now. a.mu must be held.
func (a *Admission) holding(w Work) int {
	n := 0
	for _, x := range w.sharesWith() {
		n += a.running[x]
	}
	return n
}

// dispatch grants free slots to waiting runs, kinds in order, each kind first come
// first served. a.mu must be held.
func (a *Admission) dispatch() {
	for _, w := range Works() {
		for len(a.waiting[w]) > 0 && a.canRun(w) {
			next := a.waiting[w][0]
			a.waiting[w][0] = nil
			a.waiting[w] = a.waiting[w][1:]
			next.granted = true
			close(next.ready)
			a.free--
			a.running[w]++
			a.admitted[w]++
		}
	}
}

func (a *Admission) release(w Work) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.running[w]--
	a.free++
	a.dispatch()
}

// WorkStats is the state of one kind of work's queue.
type WorkStats struct {
	Work              Work
	Slots             int // the most it may run at once
	Running, Waiting  int
	Admitted, Refused uint64 // since the start
}

// Stats returns the state of every kind's queue, in Works order.
func (a *Admission) Stats() []WorkStats {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]WorkStats, 0, workKinds)
	for _, w := range Works() {
		out = append(out, WorkStats{Work: w, Slots: a.queues[w].Slots, Running: a.running[w], Waiting: len(a.waiting[w]),
			Admitted: a.admitted[w], Refused: a.refused[w]})
	}
	return out
}
