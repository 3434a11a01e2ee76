package loop

import (
	"cmp"
	"container/heap"
	"slices"
)

// Event is a completion the poll phase delivers: a finished thread-pool job, or what the
// kernel hands the loop (socket data, a connection, a message from another thread). It
// becomes ready at ReadyAt.
type Event[D any] struct {
	ID      int
	ReadyAt int64
	Label   string
	Line    int
	Ref     bool    // it keeps the loop alive while pending (a request)
	Kernel  bool    // it waits on the kernel, not on a pool thread
	Job     *Job[D] // the pool job it completes, nil for a kernel event
	Dead    bool    // cancelled: never delivered
	Data    D       // the host's: what its callback is
	index   int     // position in its loop's queue, -1 when out of it
}

// AddIO registers an event the poll phase delivers once it is ready, with a new id.
func (l *Loop[D]) AddIO(ev *Event[D]) {
	ev.ID = l.NextID()
	l.io.add(ev)
}

// CancelIO drops an event that has not been delivered yet.
func (l *Loop[D]) CancelIO(ev *Event[D]) {
	ev.Dead = true
	l.io.remove(ev)
}

// PollNext queues ev, with a new id, to run next in the poll pass delivering now when
// inPoll says one is (libuv goes on handling the same file descriptor after a callback),
// else in the next poll.
func (l *Loop[D]) PollNext(ev *Event[D], inPoll bool) {
	ev.ID = l.NextID()
	if inPoll && l.batch != nil {
		l.batch = append([]*Event[D]{ev}, l.batch...)
	} else {
		l.io.add(ev)
	}
}

// Delivering is the rest of the current poll pass: ready events not delivered yet (nil
// outside a poll pass). The slice is the loop's: read it, do not keep it.
func (l *Loop[D]) Delivering() []*Event[D] { return l.batch }

// Pending appends the events waiting for the poll phase to dst, in delivery order.
func (l *Loop[D]) Pending(dst []*Event[D]) []*Event[D] { return l.io.sortedInto(dst) }

// NextEvent is the earliest event waiting, or nil.
func (l *Loop[D]) NextEvent() *Event[D] { return l.io.first() }

// ioQueue holds the events the poll phase will deliver, ordered by (ReadyAt, ID). It is a
// heap so that scenarios with many thousands of pending arrivals stay fast.
type ioQueue[D any] struct {
	items []*Event[D]
	refs  int // ref'd events, for loop liveness
}

func (q *ioQueue[D]) Len() int { return len(q.items) }
func (q *ioQueue[D]) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	return a.ReadyAt < b.ReadyAt || (a.ReadyAt == b.ReadyAt && a.ID < b.ID)
}
func (q *ioQueue[D]) Swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].index, q.items[j].index = i, j
}
func (q *ioQueue[D]) Push(x any) {
	ev := x.(*Event[D])
	ev.index = len(q.items)
	q.items = append(q.items, ev)
}
func (q *ioQueue[D]) Pop() any {
	n := len(q.items) - 1
	ev := q.items[n]
	q.items[n] = nil
	q.items = q.items[:n]
	ev.index = -1
	return ev
}

func (q *ioQueue[D]) add(ev *Event[D]) {
	heap.Push(q, ev)
	if ev.Ref {
		q.refs++
	}
}

// remove takes ev out of the queue if it is still in it.
func (q *ioQueue[D]) remove(ev *Event[D]) {
	if ev.index < 0 || ev.index >= len(q.items) || q.items[ev.index] != ev {
		return
	}
	heap.Remove(q, ev.index)
	if ev.Ref {
		q.refs--
	}
}

// reschedule moves ev to a new ready time.
func (q *ioQueue[D]) reschedule(ev *Event[D], at int64) {
	ev.ReadyAt = at
	if ev.index >= 0 && ev.index < len(q.items) && q.items[ev.index] == ev {
		heap.Fix(q, ev.index)
	}
}

// first is the earliest event, or nil.
func (q *ioQueue[D]) first() *Event[D] {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[0]
}

// takeReady removes and returns every event ready at or before now, in order.
func (q *ioQueue[D]) takeReady(now int64) []*Event[D] {
	var out []*Event[D]
	for len(q.items) > 0 && q.items[0].ReadyAt <= now {
		ev := heap.Pop(q).(*Event[D])
		if ev.Ref {
			q.refs--
		}
		out = append(out, ev)
	}
	return out
}

// readyBefore reports whether some event is ready strictly before t.
func (q *ioQueue[D]) readyBefore(t int64) bool {
	return len(q.items) > 0 && q.items[0].ReadyAt < t
}

// sortedInto appends the events to dst in delivery order.
func (q *ioQueue[D]) sortedInto(dst []*Event[D]) []*Event[D] {
	dst = append(dst, q.items...)
	slices.SortFunc(dst, func(a, b *Event[D]) int {
		if c := cmp.Compare(a.ReadyAt, b.ReadyAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return dst
}
