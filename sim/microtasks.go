package sim

import (
	"reflect"
	"unsafe"

	"github.com/grafana/sobek"
)

// microtaskShadow mirrors the engine's microtask (promise job) queue for the trace.
//
// The engine exposes when a reaction is registered (AsyncContextTracker.Grab) and when its
// job runs (Resumed/Exited), but not when the job is enqueued. For a reaction registered
// on an already settled promise (Promise.resolve().then, await of a settled value,
// queueMicrotask) registration and enqueueing are the same moment; for a pending promise
// the job is enqueued when the promise settles. The shadow watches the length of the
// engine's job queue to tell the two apart: jobs that appear are attributed to the
// registration just made, else to the oldest waiting registrations. Labels are therefore
// exact for the common cases and best-effort for chains of pending promises; ordering
// decisions never depend on this shadow, only the trace display does.
type microtaskShadow struct {
	run     *run
	hint    string // kind of the next registration ("queueMicrotask"), set by JS
	entries []*microEntry
	lastLen int
	lastNew *microEntry
}

// microEntry is one registered promise reaction.
type microEntry struct {
	id     int
	label  string
	line   int
	queued bool
	ctx    *httpReq
}

// Grab is called when a promise reaction is registered.
func (m *microtaskShadow) Grab() interface{} {
	r := m.run
	if !r.tracing() {
		m.hint = ""
		if r.curReq != nil {
			return r.curReq
		}
		return nil
	}
	m.sync()
	e := &microEntry{id: r.nextSeq(), label: m.labelFor(), ctx: r.curReq}
	e.line, _ = r.callerPos()
	m.hint = ""
	m.entries = append(m.entries, e)
	m.lastNew = e
	return e
}

// Resumed is called before a reaction job runs.
func (m *microtaskShadow) Resumed(ctx interface{}) {
	m.sync()
	r := m.run
	r.countStep()
	if q, ok := ctx.(*httpReq); ok {
		r.curReq = q
		return
	}
	e, _ := ctx.(*microEntry)
	if e == nil {
		return
	}
	r.curReq = e.ctx
	m.remove(e)
	r.step("microtask-runs", e.label, e.line, "A promise job runs from the microtask queue; the queue is drained completely before anything else.", "Một job của Promise chạy từ hàng microtask; hàng này được chạy hết trước mọi thứ khác.", "R-CB1")
}

// Exited is called after a reaction job ran.
func (m *microtaskShadow) Exited() { m.sync() }

func (m *microtaskShadow) labelFor() string {
	if m.hint != "" {
		return m.hint + " callback"
	}
	if !m.run.trace {
		return "promise job"
	}
	frames := m.run.rt.CaptureCallStack(1, nil)
	if len(frames) == 1 && frames[0].SrcName() == "<native>" {
		return "." + frames[0].FuncName() + " callback"
	}
	if len(frames) == 1 {
		if n := frames[0].FuncName(); n != "" {
			return "continuation of " + n + "() after await"
		}
	}
	return "continuation after await"
}

// sync attributes jobs the engine enqueued since the last hook.
func (m *microtaskShadow) sync() {
	if !m.run.tracing() || m.run.rt == nil {
		return
	}
	n := jobQueueLen(m.run.rt)
	grown := n - m.lastLen
	if n < m.lastLen {
		grown = n // the engine took a batch: everything visible now is new
	}
	m.lastLen = n
	for ; grown > 0; grown-- {
		if e := m.lastNew; e != nil && !e.queued {
			e.queued = true
			m.lastNew = nil
			continue
		}
		m.lastNew = nil
		if !m.queueOldestWaiting() {
			break
		}
	}
}

func (m *microtaskShadow) queueOldestWaiting() bool {
	for _, e := range m.entries {
		if !e.queued {
			e.queued = true
			return true
		}
	}
	return false
}

func (m *microtaskShadow) remove(e *microEntry) {
	for i, x := range m.entries {
		if x == e {
			m.entries = append(m.entries[:i], m.entries[i+1:]...)
			return
		}
	}
}

// appendItems appends the queued part of the shadow, in FIFO order, to dst.
func (m *microtaskShadow) appendItems(dst []QueueItem) []QueueItem {
	m.sync()
	for _, e := range m.entries {
		if e.queued {
			dst = append(dst, QueueItem{ID: e.id, Label: e.label, Line: e.line})
		}
	}
	return dst
}

// jobQueueOffset locates sobek.Runtime's unexported promise job queue. The engine version
// is pinned in go.mod; TestEngineProbes fails if the field moves.
var jobQueueOffset = func() uintptr {
	f, ok := reflect.TypeOf(sobek.Runtime{}).FieldByName("jobQueue")
	if !ok || f.Type != reflect.TypeOf([]func(){}) {
		return ^uintptr(0)
	}
	return f.Offset
}()

// jobQueueLen is the number of promise jobs waiting in the engine's current batch queue.
func jobQueueLen(rt *sobek.Runtime) int {
	if jobQueueOffset == ^uintptr(0) {
		return 0
	}
	q := (*[]func())(unsafe.Add(unsafe.Pointer(rt), jobQueueOffset))
	return len(*q)
}

// engineJobQueue returns a pointer to the engine's promise job queue, or nil if the probe
// failed.
func engineJobQueue(rt *sobek.Runtime) *[]func() {
	if jobQueueOffset == ^uintptr(0) {
		return nil
	}
	return (*[]func())(unsafe.Add(unsafe.Pointer(rt), jobQueueOffset))
}

// stashJobs takes every pending promise job out of the engine, so the outermost call can
// return without draining them. Node does not drain microtasks when a callback scope
// fails (an exception went to an 'uncaughtException' listener); they run at the next
// scope close instead.
func stashJobs(rt *sobek.Runtime) []func() {
	q := engineJobQueue(rt)
	if q == nil || len(*q) == 0 {
		return nil
	}
	jobs := append([]func(){}, *q...)
	*q = (*q)[:0]
	return jobs
}

// restoreJobs puts stashed jobs back in front of the engine's queue (they were queued first).
func restoreJobs(rt *sobek.Runtime, jobs []func()) {
	q := engineJobQueue(rt)
	if q == nil || len(jobs) == 0 {
		return
	}
	*q = append(jobs, *q...)
}
