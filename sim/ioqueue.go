package sim

import (
	"cmp"
	"container/heap"
	"slices"
)

// ioQueue holds the events the poll phase will deliver, ordered by (readyAt, id). It is a
// heap so that scenarios with many thousands of pending arrivals stay fast.
type ioQueue struct {
	items []*ioEvent
	refs  int // ref'd events, for loop liveness
}

func (q *ioQueue) Len() int { return len(q.items) }
func (q *ioQueue) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	return a.readyAt < b.readyAt || (a.readyAt == b.readyAt && a.id < b.id)
}
func (q *ioQueue) Swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].index, q.items[j].index = i, j
}
func (q *ioQueue) Push(x any) {
	ev := x.(*ioEvent)
	ev.index = len(q.items)
	q.items = append(q.items, ev)
}
func (q *ioQueue) Pop() any {
	n := len(q.items) - 1
	ev := q.items[n]
	q.items[n] = nil
	q.items = q.items[:n]
	ev.index = -1
	return ev
}

func (q *ioQueue) add(ev *ioEvent) {
	heap.Push(q, ev)
	if ev.ref {
		q.refs++
	}
}

// remove takes ev out of the queue if it is still in it.
func (q *ioQueue) remove(ev *ioEvent) {
	if ev.index < 0 || ev.index >= len(q.items) || q.items[ev.index] != ev {
		return
	}
	heap.Remove(q, ev.index)
	if ev.ref {
		q.refs--
	}
}

// reschedule moves ev to a new ready time.
func (q *ioQueue) reschedule(ev *ioEvent, at int64) {
	ev.readyAt = at
	if ev.index >= 0 && ev.index < len(q.items) && q.items[ev.index] == ev {
		heap.Fix(q, ev.index)
	}
}

// first is the earliest event, or nil.
func (q *ioQueue) first() *ioEvent {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[0]
}

// takeReady removes and returns every event ready at or before now, in order.
func (q *ioQueue) takeReady(now int64) []*ioEvent {
	var out []*ioEvent
	for len(q.items) > 0 && q.items[0].readyAt <= now {
		ev := heap.Pop(q).(*ioEvent)
		if ev.ref {
			q.refs--
		}
		out = append(out, ev)
	}
	return out
}

// readyBefore reports whether some event is ready strictly before t.
func (q *ioQueue) readyBefore(t int64) bool {
	return len(q.items) > 0 && q.items[0].readyAt < t
}

// sortedInto appends the events to dst in delivery order (for trace snapshots).
func (q *ioQueue) sortedInto(dst []*ioEvent) []*ioEvent {
	dst = append(dst, q.items...)
	slices.SortFunc(dst, func(a, b *ioEvent) int {
		if c := cmp.Compare(a.readyAt, b.readyAt); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	return dst
}
