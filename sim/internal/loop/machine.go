package loop

import (
	"container/heap"
	"sort"
)

// Machine is what the loops of one process share: the thread pool, and through the
// kernel, what every process of the computer shares: the kernel's and the outside
// world's actions in virtual time, and the cores.
type Machine[D any] struct {
	pool pool[D]
	k    *kernel[D]
}

// kernel is the computer the processes run on: its actions, its cores and its
// processes' machines (each with its own pool).
type kernel[D any] struct {
	actions actionQueue[D]
	seq     int       // the sequence of the actions no thread owns (Machine.At)
	cores   *cores[D] // nil: a core per thread
	procs   []*Machine[D]
}

// NewMachine makes a machine with a pool of threads threads (UV_THREADPOOL_SIZE) and,
// when cores > 0, that many cores shared by its threads, of the given speeds (1 when
// unset), the fastest first.
func NewMachine[D any](threads, ncores int, speeds []float64) *Machine[D] {
	k := &kernel[D]{}
	m := k.newProcess(threads)
	if ncores > 0 {
		s := make([]float64, ncores)
		for i := range s {
			s[i] = 1
			if i < len(speeds) && speeds[i] > 0 {
				s[i] = speeds[i]
			}
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(s)))
		k.cores = &cores[D]{speeds: s}
	}
	return m
}

// NewProcess makes the machine of another process on the same computer: a pool of
// threads threads of its own, the kernel's actions and the cores shared with m's.
func (m *Machine[D]) NewProcess(threads int) *Machine[D] { return m.k.newProcess(threads) }

func (k *kernel[D]) newProcess(threads int) *Machine[D] {
	m := &Machine[D]{k: k}
	m.pool.threads = make([]*Job[D], threads)
	k.procs = append(k.procs, m)
	return m
}

// action is work the kernel (or a peer outside the process) does at a virtual time
// without running JavaScript: a SYN arriving, a client giving up. It may add I/O events
// or schedule further actions.
type action[D any] struct {
	at    int64
	seq   int
	fn    func()
	index int
	owner *Loop[D] // the thread whose clock the action sets (nil: none, At of the machine)
}

type actionQueue[D any] []*action[D]

func (q actionQueue[D]) Len() int { return len(q) }
func (q actionQueue[D]) Less(i, j int) bool {
	return q[i].at < q[j].at || (q[i].at == q[j].at && q[i].seq < q[j].seq)
}
func (q actionQueue[D]) Swap(i, j int) { q[i], q[j] = q[j], q[i]; q[i].index, q[j].index = i, j }
func (q *actionQueue[D]) Push(x any) {
	a := x.(*action[D])
	a.index = len(*q)
	*q = append(*q, a)
}
func (q *actionQueue[D]) Pop() any {
	old := *q
	a := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return a
}

// At schedules fn, what the kernel or a peer does at virtual time at (not before now).
func (l *Loop[D]) At(at int64, fn func()) {
	heap.Push(&l.m.k.actions, &action[D]{at: max(at, l.now), seq: l.NextID(), fn: fn, owner: l})
}

// At schedules fn at virtual time at for no thread in particular: what a program of the
// machine that has no event loop (a command) or the kernel does then. It moves no
// thread's clock; the caller keeps its own time and never schedules in its past.
func (m *Machine[D]) At(at int64, fn func()) {
	m.k.seq++
	heap.Push(&m.k.actions, &action[D]{at: at, seq: m.k.seq, fn: fn})
}

// NextActionAt is the time of the machine's next action.
func (m *Machine[D]) NextActionAt() (int64, bool) { return m.nextActionAt() }

func (m *Machine[D]) nextActionAt() (int64, bool) {
	q := m.k.actions
	if len(q) == 0 {
		return 0, false
	}
	return q[0].at, true
}

// RunUntil lets the pool threads (of every process) and the kernel progress to virtual
// time t, on behalf of thread l: every action due by t runs in time order, the pools'
// threads progressing to each action's time first.
func (m *Machine[D]) RunUntil(l *Loop[D], t int64) {
	m.runActionsUntil(l, t)
	m.finishJobs(l, t)
}

func (m *Machine[D]) runActionsUntil(l *Loop[D], t int64) {
	q := &m.k.actions
	for len(*q) > 0 && (*q)[0].at <= t {
		a := heap.Pop(q).(*action[D])
		m.finishJobs(l, a.at)
		if a.owner != nil && a.at > a.owner.now {
			a.owner.now = a.at
		}
		a.fn()
	}
}
