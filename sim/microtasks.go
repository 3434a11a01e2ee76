package sim

import (
	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// microtaskTrace follows the engine's promise job queue for the trace: it gives each job
// an id, a label and the place that registered it, records a step when a job is queued
// and when it runs, and lists the queue in every snapshot.
//
// The engine queues a job deep inside its own code (a .then on a settled promise, a
// resolve() call, an await) with no hook, so the trace looks at the queue before every
// step and at every interrupt point, which a traced run makes come at every operation:
// a job is seen before anything that happened after it. Where it was registered is read
// from the job: an await's continuation from where its async function waits, a reaction
// from where the .then that made its promise was called (the engine tells every .then,
// onThen). Jobs are first in, first out, so a job run is always the oldest one seen.
type microtaskTrace struct {
	queued  []microEntry // the jobs in the engine's queue, oldest first
	jobs    []engine.Job // scratch for the engine's list
	last    site         // where the program was at the last interrupt point (here)
	lastJob uintptr      // the newest job seen (engine.LastJob)
	// thens holds where each promise a .then made while tracing was made, until its
	// reaction is queued (a promise has one reaction that runs).
	thens map[uintptr]site
}

// traceFineOps bounds the operations a traced run watches one by one: a long program's
// trace is full well before, and watching every operation costs the interpreter ~10x.
const traceFineOps = 300_000

// maxThens bounds microtaskTrace.thens: promises whose reaction never comes (a chain on
// a promise that never settles) are forgotten past it.
const maxThens = 1 << 16

// atInterrupt is the trace's look at an interrupt point: jobs queued since the last
// point were queued by the operation there, at the place seen then.
func (m *microtaskTrace) atInterrupt(r *run) {
	m.observe(r)
	m.last = r.here()
}

// microEntry is one promise job the trace has seen.
type microEntry struct {
	id     int
	label  string
	site   site
	origin *asyncCtx
}

// onThen is the engine's then hook: promise was just made by a .then call (the
// program's, or one .catch, .finally, await or Promise.all made). It keeps where the
// call was made and whether the program made it: the innermost frame of the program's,
// reached without a library function between (queueMicrotask's .then is the program's
// queueMicrotask call).
func (m *microtaskTrace) onThen(r *run, promise uintptr) {
	if !r.tracing() || len(m.thens) >= maxThens {
		return
	}
	c, ok := r.js.CallSite(r.isUserSource)
	if !ok {
		m.thens[promise] = site{internal: true}
		return
	}
	direct := c.Via == "" || (c.Via == "queueMicrotask" && c.ViaFile == preludeFile)
	m.thens[promise] = site{line: c.At.Line, col: c.At.Column, internal: !direct}
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
	at := m.last
	if at.line == 0 {
		at = r.here()
	}
	for i := len(m.queued); i < n && i < len(m.jobs); i++ {
		e := microEntry{id: r.nextSeq()}
		e.label, e.site = r.describeJob(m.jobs[i], at)
		e.origin = r.queuedHere(e.label, e.site.line)
		m.queued = append(m.queued, e)
		r.step(trace.MicrotaskQueued, e.label, e.site.line, about{label: e.label, item: e.id, site: e.site})
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
	r.curLine = e.site.line
	r.enter(e.origin, e.label, e.site.line)
	r.step(trace.MicrotaskRuns, e.label, e.site.line, about{label: e.label, item: e.id, site: e.site})
}

// appendItems appends the queue, oldest first, to dst.
func (m *microtaskTrace) appendItems(dst []QueueItem) []QueueItem {
	for _, e := range m.queued {
		dst = append(dst, QueueItem{ID: e.id, Label: e.label, Line: e.site.line})
	}
	return dst
}

// The labels of the promise jobs a program's .then, await and Promise.all register, and
// of the jobs the engine adds to adopt a thenable.
const (
	labelThen          = ".then callback"
	labelCatch         = ".catch callback"
	labelFinally       = ".finally callback"
	labelAwait         = "continuation after await"
	labelGenerator     = "async generator continues" // after an await or a yield in an async generator's body
	labelPassThrough   = "pass-through reaction"     // .then(f) on a rejection, .catch(g) on a value: nothing of the program's runs
	labelSettles       = "settles another promise"
	labelBuiltin       = "built-in reaction" // a reaction whose handler is a native function (the ES module loader's)
	labelMicrotask     = "queueMicrotask callback"
	labelAdopt         = "resolve-with-promise adoption" // resolve(p), or a .then callback returning p: the engine calls p.then
	labelAwaitThenable = "await of a thenable"           // await t, t not a native promise: the engine calls t.then
)

// describeJob names a job for the trace and says where it comes from; at is where the
// program was when the job was queued, the place of a job nothing else places.
func (r *run) describeJob(j engine.Job, at site) (string, site) {
	if j.Kind == engine.JobThenable {
		if j.Await.Line > 0 && r.isUserSource(j.Await.File) {
			return labelAwaitThenable, site{line: j.Await.Line, col: j.Await.Column}
		}
		return labelAdopt, at
	}
	if j.Kind != engine.JobReaction {
		return "promise job", at
	}
	if j.Via == engine.HandlerAwait {
		label := labelAwait
		if j.Generator {
			label = labelGenerator
		}
		switch {
		case j.Await.Line == 0:
			return label, at // an async generator not started, or done: its return() awaits
		case !r.isUserSource(j.Await.File):
			at.internal = true // Node's own code awaits (a stream's async iterator)
			return label, at
		}
		s := site{line: j.Await.Line, col: j.Await.Column}
		s.fnLine, s.fnCol = s.line, s.col
		return label, s
	}
	// A reaction no .then of the trace's made was registered by the host's own code
	// (the ES module loader's), or while the trace was not watching.
	at = site{line: at.line, internal: true}
	if s, ok := r.micro.thens[j.Promise]; ok && j.Promise != 0 {
		delete(r.micro.thens, j.Promise)
		if s.line > 0 {
			at = s
		}
	}
	label := labelThen
	switch j.Via {
	case engine.HandlerNone:
		label = labelPassThrough
	case engine.HandlerSettle:
		label = labelSettles
	case engine.HandlerCombinator:
		label = "Promise." + j.Combinator + " element"
	case engine.HandlerFinally:
		label = labelFinally
	case engine.HandlerNative:
		label = labelBuiltin
	case engine.HandlerFunction:
		switch {
		case r.js.IsNative(j.Handler):
		case r.js.Get(j.Handler, "name").String() == "queueMicrotask" && !r.userFunction(j.Handler):
			label = labelMicrotask
		case j.Reject:
			label = labelCatch
		}
	}
	if j.Via == engine.HandlerFunction || j.Via == engine.HandlerFinally {
		if pos, ok := r.js.FunctionPosition(j.Handler); ok && r.isUserSource(pos.File) {
			at.fnLine, at.fnCol = pos.Line, pos.Column
		}
	}
	return label, at
}

// here is where the program is now: the line and column of its innermost frame, and
// whether it called a library function that runs now (internal); internal, on the line
// of the callback that runs, when none of its frames is on the stack.
func (r *run) here() site {
	if !r.tracing() || r.js == nil {
		return site{}
	}
	c, ok := r.js.CallSite(r.isUserSource)
	if !ok {
		return site{line: r.curLine, internal: true}
	}
	return site{line: c.At.Line, col: c.At.Column, internal: c.Via != ""}
}

// userFunction reports whether fn is a function of the program's sources.
func (r *run) userFunction(fn engine.Value) bool {
	pos, ok := r.js.FunctionPosition(fn)
	return ok && r.isUserSource(pos.File)
}
