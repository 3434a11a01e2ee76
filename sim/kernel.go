package sim

import "container/heap"

// kernelAction is work the kernel (or a peer outside the process) does at a virtual time
// without running JS: a SYN arriving, a client giving up. It may queue I/O events for the
// poll phase or schedule further actions.
type kernelAction struct {
	at    int64
	seq   int
	fn    func()
	index int
	owner *run // the isolate whose state fn touches
}

type actionQueue []*kernelAction

func (q actionQueue) Len() int { return len(q) }
func (q actionQueue) Less(i, j int) bool {
	return q[i].at < q[j].at || (q[i].at == q[j].at && q[i].seq < q[j].seq)
}
func (q actionQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i]; q[i].index, q[j].index = i, j }
func (q *actionQueue) Push(x any) {
	a := x.(*kernelAction)
	a.index = len(*q)
	*q = append(*q, a)
}
func (q *actionQueue) Pop() any {
	old := *q
	a := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return a
}

// atTime schedules a kernel action.
func (r *run) atTime(at int64, fn func()) {
	heap.Push(r.actions, &kernelAction{at: max(at, r.now), seq: r.nextSeq(), fn: fn, owner: r})
}

// nextActionAt is the time of the next kernel action.
func (r *run) nextActionAt() (int64, bool) {
	if len(*r.actions) == 0 {
		return 0, false
	}
	return (*r.actions)[0].at, true
}

// runActionsUntil runs, in time order, every kernel action due by t, letting pool
// threads progress to each action's time first.
func (r *run) runActionsUntil(t int64) {
	for len(*r.actions) > 0 && (*r.actions)[0].at <= t {
		a := heap.Pop(r.actions).(*kernelAction)
		r.finishPoolJobs(a.at)
		if a.at > a.owner.now {
			a.owner.now = a.at
		}
		a.fn()
	}
}
