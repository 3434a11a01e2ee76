package sim

import (
	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// microtaskTrace follows the engine's promise job queue for the trace: it gives each job
// an id, a label and the line that queued it, records a step when a job is queued and
// when it runs, and lists the queue in every snapshot.
//
// The engine queues a job deep inside its own code (a .then on a settled promise, a
// resolve() call, an await) with no hook, so the trace looks at the queue's length at
// every interrupt point, which a traced run makes come at every operation: a job is seen
// at the operation that queued it, with that operation's line. Jobs are first in, first
// out, so a job run is always the oldest one seen.
type microtaskTrace struct {
	queued   []microEntry // the jobs in the engine's queue, oldest first
	jobs     []engine.Job // scratch for the engine's list
	lastLine int          // the user line at the last interrupt point
	lastJob  uintptr      // the newest job seen (engine.LastJob)
}

// traceFineOps bounds the operations a traced run watches one by one: a long program's
// trace is full well before, and watching every operation costs the interpreter ~10x.
const traceFineOps = 300_000

// atInterrupt is the trace's look at an interrupt point: jobs queued since the last
// point were queued by the operation there, on the line seen then.
func (m *microtaskTrace) atInterrupt(r *run) {
	m.observe(r)
	m.lastLine, _ = r.callerPos()
}

// microEntry is one promise job the trace has seen.
type microEntry struct {
	id     int
	label  string
	line   int
	origin *asyncCtx
}

// observe records the jobs queued since the last look.
func (m *microtaskTrace) observe(r *run) {
	if r.js == nil || !r.tracing() {
		return
	}
	last := r.js.LastJob()
	if last == m.lastJob {
		return // nothing queued since the last look (the queue only grows at its tail)
	}
	m.lastJob = last
	n := r.js.JobCount()
	if n <= len(m.queued) {
		return
	}
	m.jobs = r.js.Jobs(m.jobs[:0])
	line := m.lastLine
	if line == 0 {
		line, _ = r.callerPos()
	}
	for i := len(m.queued); i < n && i < len(m.jobs); i++ {
		e := microEntry{id: r.nextSeq(), label: r.jobLabel(m.jobs[i]), line: line}
		e.origin = r.queuedHere(e.label, line)
		m.queued = append(m.queued, e)
		r.step(trace.MicrotaskQueued, e.label, e.line, about{label: e.label, item: e.id})
	}
}

// beforeJob is called before the engine runs its oldest job: the step that says so.
func (m *microtaskTrace) beforeJob(r *run) {
	r.countStep()
	if !r.tracing() {
		m.queued = m.queued[:0]
		return
	}
	m.observe(r)
	if len(m.queued) == 0 {
		return
	}
	e := m.queued[0]
	m.queued = m.queued[1:]
	r.curLine = e.line
	r.enter(e.origin, e.label, e.line)
	r.step(trace.MicrotaskRuns, e.label, e.line, about{label: e.label, item: e.id})
}

// appendItems appends the queue, oldest first, to dst.
func (m *microtaskTrace) appendItems(dst []QueueItem) []QueueItem {
	for _, e := range m.queued {
		dst = append(dst, QueueItem{ID: e.id, Label: e.label, Line: e.line})
	}
	return dst
}

// jobLabel names a job for the trace: what its handler is.
func (r *run) jobLabel(j engine.Job) string {
	h := j.Handler
	if !h.IsFunction() {
		return "promise resolution"
	}
	switch {
	case r.js.Get(h, "name").String() == "queueMicrotask":
		return "queueMicrotask callback"
	case r.js.IsNative(h):
		return "continuation after await"
	case j.Reject:
		return ".catch callback"
	}
	return ".then callback"
}
