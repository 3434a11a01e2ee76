package sim

import "github.com/looplab/looplab/sim/trace"

// poolJob is one request on libuv's thread pool (uv_queue_work and friends).
type poolJob struct {
	id       int
	label    string
	line     int
	cost     int64 // microseconds of work
	slow     bool  // getaddrinfo-class "slow I/O" (R-P4)
	thread   int   // 1-based once started
	queuedAt int64
	startAt  int64
	endAt    int64
	started  bool
	done     bool
	raced    bool      // an R-R4 decision was taken for it
	lateOnce bool      // the decision: late at that poll, done by the next non-blocking one
	act      *cpuAct   // its share of the cores, when cores are limited
	ev       *ioEvent  // its completion event, once started
	onDone   func()    // runs in the poll phase, inside a callback boundary
	ctx      *httpReq  // the request whose work submitted it
	owner    *run      // the isolate whose poll phase gets the completion
	origin   *asyncCtx // where the program submitted it (the trace's async frames)
}

// threadPool is a FIFO queue in front of N threads (R-P4).
type threadPool struct {
	size     int
	threads  []*poolJob // running job per thread, nil when idle
	queue    []*poolJob
	all      []*poolJob
	lastWake int64 // when the last woken idle thread started
	wakes    int   // idle threads woken so far
}

// poolWakeStaggerUS is how far apart idle pool threads start when several are woken at
// once: libuv signals its condition variable once per submitted job and the threads wake
// one after another. It also keeps equal jobs from finishing in lockstep, so a quick job
// queued behind them runs on the first freed thread and can finish before the last of
// them, as on a real machine (case 704). It exceeds the default fs job cost on purpose.
const poolWakeStaggerUS = 100

func (p *threadPool) init(size int) {
	p.size = size
	p.threads = make([]*poolJob, size)
}

// poolJobBytes is the Go memory a pool job and its records hold until the run ends
// (measured: 645 bytes in use per job with 138,000 jobs queued), counted against the
// run's heap limit so that a program queueing jobs by the hundred thousand ends with
// memory_limit_exceeded like one allocating as much in JavaScript.
const poolJobBytes = 640

// submitPoolJob queues a job; it starts at once if a thread is free.
func (r *run) submitPoolJob(label string, line int, cost int64, slow bool, onDone func()) *poolJob {
	j := &poolJob{id: r.nextSeq(), label: label, line: line, cost: cost, slow: slow, queuedAt: r.now, onDone: onDone, ctx: r.curReq, owner: r}
	j.origin = r.queuedHere(label, line)
	r.pool.queue = append(r.pool.queue, j)
	r.pool.all = append(r.pool.all, j)
	if r.js != nil {
		r.js.Hold(poolJobBytes) // the job stays in the summary's timeline to the end
	}
	r.startPoolJobs(0)
	if j.started {
		r.step(trace.PoolJobStarts, j.label, line, about{label: j.label, item: j.id, job: j.id})
	} else {
		r.step(trace.PoolJobQueued, j.label, line, about{label: j.label, item: j.id, job: j.id})
	}
	return j
}

// startPoolJobs moves queued jobs onto idle threads in FIFO order. Slow jobs
// (dns.lookup) are limited to (size+1)/2 at a time, as libuv does. A thread that has just
// finished a job (freed, 1-based; 0 for none) takes the next one without a wake-up.
func (r *run) startPoolJobs(freed int) {
	p := r.pool
	for i := 0; i < len(p.queue); {
		j := p.queue[i]
		slot := p.idleThread()
		if freed > 0 && p.threads[freed-1] == nil {
			slot = freed - 1
		}
		if slot < 0 {
			return
		}
		if j.slow && p.runningSlow() >= (p.size+1)/2 {
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
		j.thread, j.started, j.startAt = slot+1, true, r.now
		if slot+1 != freed { // woken threads start one after another (poolWakeStaggerUS)
			if p.wakes > 0 && p.lastWake+poolWakeStaggerUS > j.startAt {
				j.startAt = p.lastWake + poolWakeStaggerUS
			}
			p.lastWake = j.startAt
			p.wakes++
		}
		freed = 0
		j.endAt = j.startAt + j.cost
		j.ev = &ioEvent{readyAt: j.endAt, label: j.label, line: j.line, ref: true, job: j, deliver: j.onDone, ctx: j.ctx, origin: j.origin}
		j.owner.addIO(j.ev)
		if r.cpuM != nil {
			j.act = r.cpuM.add(r.now, float64(j.endAt-r.now), j)
			r.applyCPU()
		}
	}
}

func (p *threadPool) idleThread() int {
	for i, j := range p.threads {
		if j == nil {
			return i
		}
	}
	return -1
}

func (p *threadPool) runningSlow() int {
	n := 0
	for _, j := range p.threads {
		if j != nil && j.slow {
			n++
		}
	}
	return n
}

// finishPoolJobs frees the threads of jobs that ended by virtual time t and starts the
// queued jobs on them at the moment each thread became free.
func (r *run) finishPoolJobs(t int64) {
	for {
		var first *poolJob
		for _, j := range r.pool.threads {
			if j != nil && j.endAt <= t && (first == nil || j.endAt < first.endAt) {
				first = j
			}
		}
		if first == nil {
			return
		}
		first.done = true
		r.pool.threads[first.thread-1] = nil
		if first.act != nil {
			r.cpuM.remove(first.endAt, first.act)
			r.applyCPU()
		}
		saved := r.now
		r.now = first.endAt // the freed thread picks up the next queued job at once
		r.startPoolJobs(first.thread)
		r.now = saved
	}
}

// completeJobEarly finishes a running job at the current time (an R-R4 race branch in
// which the pool was faster than the idealised cost).
func (r *run) completeJobEarly(j *poolJob) {
	if j.act != nil {
		r.cpuM.settle(r.now)
		j.act.remaining = 0
		r.cpuM.rerate(r.now)
	}
	j.endAt = r.now
	if j.ev != nil {
		j.owner.io.reschedule(j.ev, r.now)
	}
	r.finishPoolJobs(r.now) // its thread is free: it takes the next queued job at once
}

// poolJobs returns the summary timeline of every pool job.
func (r *run) poolJobs() []PoolJob {
	all := r.pool.all[:min(len(r.pool.all), maxPoolJobsListed)]
	out := make([]PoolJob, 0, len(all))
	for _, j := range all {
		out = append(out, PoolJob{ID: j.id, Label: j.label, Line: j.line, Thread: j.thread, QueuedUS: j.queuedAt, StartUS: j.startAt, EndUS: j.endAt})
	}
	return out
}
