package loop

// Job is one request on the thread pool (uv_queue_work and the fs, crypto, zlib and dns
// requests built on it).
type Job[D any] struct {
	ID       int
	Label    string
	Line     int
	Cost     int64 // microseconds of work at a core's speed
	Slow     bool  // getaddrinfo-class "slow I/O" (R-P4)
	Thread   int   // 1-based once started
	QueuedAt int64
	StartAt  int64
	EndAt    int64
	Started  bool
	Done     bool
	Event    *Event[D] // its completion, once started
	Data     D         // the host's: what its completion runs

	raced    bool        // an R-R4 decision was taken for it
	lateOnce bool        // the decision: late at that poll, done by the next non-blocking one
	paired   bool        // it is one of a pair of equal jobs whose order is a race (pairEqual)
	act      *coreAct[D] // its share of the cores, when cores are limited
	owner    *Loop[D]    // the thread whose poll phase gets the completion
}

// pool is libuv's work queue: a FIFO in front of N threads (R-P4).
type pool[D any] struct {
	threads  []*Job[D] // running job per thread, nil when idle
	queue    []*Job[D]
	all      []*Job[D]
	lastWake int64 // when the last woken idle thread started
	wakes    int   // idle threads woken so far
}

// wakeStaggerUS is how far apart idle pool threads start when several are woken at once:
// libuv signals its condition variable once per submitted job and the threads wake one
// after another. It also keeps equal jobs from finishing in lockstep, so a quick job
// queued behind them runs on the first freed thread and can finish before the last of
// them, as on a real machine (case 704). It exceeds the default fs job cost on purpose.
const wakeStaggerUS = 100

// Submit is uv_queue_work: a job of cost microseconds whose completion the poll phase of
// this thread delivers. It starts at once if a thread is free.
func (l *Loop[D]) Submit(label string, line int, cost int64, slow bool, data D) *Job[D] {
	j := &Job[D]{ID: l.NextID(), Label: label, Line: line, Cost: cost, Slow: slow, QueuedAt: l.now, Data: data, owner: l}
	p := &l.m.pool
	p.queue = append(p.queue, j)
	p.all = append(p.all, j)
	l.m.startJobs(l, 0)
	return j
}

// PoolThreads is the pool's threads, each with its running job or nil. The slice is the
// machine's: read it, do not keep it.
func (m *Machine[D]) PoolThreads() []*Job[D] { return m.pool.threads }

// PoolQueue is the jobs waiting for a thread, in order.
func (m *Machine[D]) PoolQueue() []*Job[D] { return m.pool.queue }

// PoolJobs is every job submitted, in order.
func (m *Machine[D]) PoolJobs() []*Job[D] { return m.pool.all }

// startJobs moves queued jobs onto idle threads in FIFO order, at thread l's time. Slow
// jobs (dns.lookup) are limited to (size+1)/2 at a time, as libuv does. A thread that
// has just finished a job (freed, 1-based; 0 for none) takes the next one without a
// wake-up.
func (m *Machine[D]) startJobs(l *Loop[D], freed int) {
	p := &m.pool
	for i := 0; i < len(p.queue); {
		j := p.queue[i]
		slot := p.idleThread()
		if freed > 0 && p.threads[freed-1] == nil {
			slot = freed - 1
		}
		if slot < 0 {
			return
		}
		if j.Slow && p.runningSlow() >= (len(p.threads)+1)/2 {
			i++
			continue
		}
		if i == 0 {
			p.queue[0] = nil
			p.queue = p.queue[1:] // the usual case: O(1), not a copy of the whole queue
		} else {
			p.queue = append(p.queue[:i], p.queue[i+1:]...)
		}
		p.threads[slot] = j
		j.Thread, j.Started, j.StartAt = slot+1, true, l.now
		if slot+1 != freed { // woken threads start one after another (wakeStaggerUS)
			if p.wakes > 0 && p.lastWake+wakeStaggerUS > j.StartAt {
				j.StartAt = p.lastWake + wakeStaggerUS
			}
			p.lastWake = j.StartAt
			p.wakes++
		}
		freed = 0
		j.EndAt = j.StartAt + j.Cost
		m.pairEqual(l, j)
		j.Event = &Event[D]{ReadyAt: j.EndAt, Label: j.Label, Line: j.Line, Ref: true, Job: j, Data: j.Data}
		j.owner.AddIO(j.Event)
		if m.k.cores != nil {
			j.act = m.k.cores.add(l.now, float64(j.EndAt-l.now), j)
			m.applyCores()
		}
	}
}

// pairEqual makes the order in which j, just started, and an equal job still running
// that started just before it (within wakeStaggerUS, so due to finish that much
// earlier) finish a race (RacePoolOrder, R-R4): by default the earlier one finishes
// first; under the plan's PoolSwap, j does, and their ends are swapped. Jobs that do not
// overlap (a quick fs job done before the next thread wakes) are no race. Not modelled
// when the machine's cores are limited (their sharing decides the ends).
func (m *Machine[D]) pairEqual(l *Loop[D], j *Job[D]) {
	if m.k.cores != nil {
		return
	}
	for _, k := range m.pool.threads {
		if k == nil || k == j || k.paired || k.Cost != j.Cost || k.EndAt <= j.StartAt || j.EndAt <= k.EndAt || j.EndAt-k.EndAt > wakeStaggerUS {
			continue
		}
		j.paired, k.paired = true, true
		l.clock.poolPairs++
		idx := l.clock.poolPairs
		if l.cfg.Plan.Primary() {
			l.clock.races = append(l.clock.races, Race{Kind: RacePoolOrder, Index: idx, Label: j.Label, Line: j.Line, Thread: j.Thread,
				Other: k.Label, OtherLine: k.Line, OtherThread: k.Thread})
		}
		if l.cfg.Plan.PoolSwap[idx] {
			j.EndAt, k.EndAt = k.EndAt, j.EndAt
			if k.Event != nil {
				k.owner.io.reschedule(k.Event, k.EndAt)
			}
		}
		return
	}
}

func (p *pool[D]) idleThread() int {
	for i, j := range p.threads {
		if j == nil {
			return i
		}
	}
	return -1
}

func (p *pool[D]) runningSlow() int {
	n := 0
	for _, j := range p.threads {
		if j != nil && j.Slow {
			n++
		}
	}
	return n
}

// finishJobs frees the threads of jobs that ended by virtual time t, in every process's
// pool and in time order, and starts the queued jobs on them at the moment each thread
// became free.
func (m *Machine[D]) finishJobs(l *Loop[D], t int64) {
	for {
		var first *Job[D]
		var owner *Machine[D]
		for _, pm := range m.k.procs {
			for _, j := range pm.pool.threads {
				if j != nil && j.EndAt <= t && (first == nil || j.EndAt < first.EndAt) {
					first, owner = j, pm
				}
			}
		}
		if first == nil {
			return
		}
		first.Done = true
		owner.pool.threads[first.Thread-1] = nil
		if first.act != nil {
			m.k.cores.remove(first.EndAt, first.act)
			m.applyCores()
		}
		saved := l.now
		l.now = first.EndAt // the freed thread picks up the next queued job at once
		owner.startJobs(l, first.Thread)
		l.now = saved
	}
}

// completeEarly finishes a running job at thread l's time (an R-R4 race branch in which
// the pool was faster than the idealised cost).
func (m *Machine[D]) completeEarly(l *Loop[D], j *Job[D]) {
	if j.act != nil {
		m.k.cores.settle(l.now)
		j.act.remaining = 0
		m.k.cores.rerate(l.now)
	}
	j.EndAt = l.now
	if j.Event != nil {
		j.owner.io.reschedule(j.Event, l.now)
	}
	m.finishJobs(l, l.now) // its thread is free: it takes the next queued job at once
}

// NextJobEnd is the earliest end of a running pool job, in any process's pool.
func (m *Machine[D]) NextJobEnd() (int64, bool) { return m.nextJobEnd() }

func (m *Machine[D]) nextJobEnd() (int64, bool) {
	best, ok := int64(0), false
	for _, pm := range m.k.procs {
		for _, j := range pm.pool.threads {
			if j != nil && (!ok || j.EndAt < best) {
				best, ok = j.EndAt, true
			}
		}
	}
	return best, ok
}
