package sim

import (
	"slices"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// tick is one process.nextTick entry (a FixedQueue item in [TQ]).
type tick struct {
	id     int
	fn     engine.Value
	args   []engine.Value
	label  string
	line   int
	site   site      // where it was queued and is defined (the trace)
	ctx    *httpReq  // the request whose work queued it (nil outside requests)
	origin *asyncCtx // where it was queued (the trace's async frames)
}

// immediate is one setImmediate entry (the immediate queue in [IT]). Its Immediate object
// is kept while it is queued; it holds the callback and its arguments.
type immediate struct {
	id      int
	label   string
	line    int
	site    site // where it was queued and is defined (the trace)
	ref     bool
	cleared bool
	obj     engine.Value
	ctx     *httpReq
	queued  int64
	origin  *asyncCtx
}

// enqueueTick implements process.nextTick (ignored once the process is exiting [TQ]).
// The callback and its arguments are kept until the tick runs (dropTick).
func (r *run) enqueueTick(fn engine.Value, args []engine.Value) {
	if r.exiting || r.exitingJS {
		return
	}
	at := r.callbackSite(fn, "nextTick")
	line := at.line
	t := &tick{id: r.nextSeq(), fn: r.js.Keep(fn), args: r.keepAll(args), label: r.callbackLabel("nextTick", fn), line: line, site: at, ctx: r.curReq}
	t.origin = r.queuedHere(t.label, line)
	r.ticks = append(r.ticks, t)
	r.step(trace.NextTickQueued, t.label, line, about{label: t.label, item: t.id, site: at})
}

// takeTick pops the next tick for the drain (hRunTicks), counting it against the budget.
func (r *run) takeTick() *tick {
	if len(r.ticks) == 0 {
		return nil
	}
	t := r.ticks[0]
	r.ticks[0] = nil
	r.ticks = r.ticks[1:]
	r.curReq = t.ctx
	r.countStep()
	r.scope.tickRuns++
	if r.scope.tickRuns > r.sc.Limits.MaxTicks {
		r.abort(newError(CodeTickBudget, "more than %d process.nextTick callbacks ran without the event loop moving on (a nextTick storm starves everything, R-CB6)", r.sc.Limits.MaxTicks))
	}
	r.enter(t.origin, t.label, t.line)
	r.step(trace.NextTickRuns, t.label, t.line, about{label: t.label, item: t.id, site: t.site})
	return t
}

// dropTick gives back what a tick kept.
func (r *run) dropTick(t *tick) {
	r.js.Drop(t.fn)
	r.dropAll(t.args)
}

// enqueueImmediate implements setImmediate (R-I1) for the Immediate object obj.
func (r *nodeTimers) enqueueImmediate(obj, fn engine.Value) *immediate {
	at := r.callbackSite(fn, "setImmediate")
	line := at.line
	im := &immediate{id: r.nextSeq(), obj: r.js.Keep(obj), label: r.callbackLabel("setImmediate", fn), line: line, site: at, ref: true, ctx: r.curReq, queued: r.lp.Now()}
	im.origin = r.queuedHere(im.label, line)
	r.immediates = append(r.immediates, im)
	r.step(trace.ImmediateQueued, im.label, line, about{label: im.label, item: im.id, site: at})
	return im
}

// immediateCallback reads an Immediate's callback and arguments.
func (r *nodeTimers) immediateCallback(im *immediate) (engine.Value, []engine.Value) {
	return r.js.Get(im.obj, "_onImmediate"), r.list(r.js.Get(im.obj, "_argv"))
}

// releaseImmediate gives back an Immediate that ran or was cleared.
func (r *nodeTimers) releaseImmediate(im *immediate) {
	if im.obj.IsObject() {
		r.js.Drop(im.obj)
		im.obj = r.js.Undefined()
	}
}

// nextImmediateAfterThrow hands invoke the next immediate of the current check pass
// after one threw into an 'uncaughtException' listener: processImmediate is called again
// and its first immediate runs without runNextTicks first. When the pass is over, that
// call takes the immediates queued meanwhile (R-U3: CheckImmediate calls processImmediate
// while it has outstanding immediates, and the listener queued one, Node's noop), so they
// run in this check phase, not the next iteration's.
func (r *nodeTimers) nextImmediateAfterThrow() (passCallback, bool) {
	if r.phase == PhaseCheck && !slices.ContainsFunc(r.checkRunning, func(im *immediate) bool { return !im.cleared }) {
		r.checkRunning = r.immediates
		r.immediates = nil
	}
	for len(r.checkRunning) > 0 {
		im := r.checkRunning[0]
		r.checkRunning = r.checkRunning[1:]
		if im.cleared {
			continue
		}
		im.cleared = true
		r.enter(im.origin, im.label, im.line)
		r.step(trace.ImmediateRuns, im.label, im.line, about{label: im.label, item: im.id, say: trace.CaseAfterThrow, site: im.site})
		cb, args := r.immediateCallback(im)
		return passCallback{fn: cb, this: im.obj, args: args, done: func() { r.releaseImmediate(im) }}, true
	}
	return passCallback{}, false
}

func (r *nodeTimers) refImmediates() int {
	n := 0
	if d := dnsKey.peek(r.run); d != nil {
		n = len(d.nativeImmediates) // Node's native immediates are ref'd (dns.go)
	}
	for _, im := range r.immediates {
		if im.ref && !im.cleared {
			n++
		}
	}
	return n
}

// runCheckPhase is processImmediate: the current list is detached before it runs, so
// immediates queued meanwhile wait for the next iteration (R-I2).
// The pass's immediates wait in checkRunning, which a throw may refill
// (nextImmediateAfterThrow). From 14.5 to 26.3 the phase opens with a callback scope
// that runs what a failed scope left behind (R-V12, R-V13); otherwise the leftovers wait
// for the end of the first immediate's scope.
func (r *nodeTimers) runCheckPhase() {
	if d := dnsKey.peek(r.run); d != nil {
		d.runNativeImmediates() // CheckImmediate runs them before processImmediate [ENV]
	}
	if r.prof.Has(ChangeCheckScope) && !r.prof.Has(ChangeCheckScopeGone) {
		r.flushLeftovers()
	}
	r.checkRunning = r.immediates
	r.immediates = nil
	entered := false
	r.beginDrainGroup() // before Node 11 the whole queue is one callback scope (R-V1)
	defer r.endDrainGroup()
	for len(r.checkRunning) > 0 {
		im := r.checkRunning[0]
		r.checkRunning = r.checkRunning[1:]
		if r.exiting {
			return
		}
		if im.cleared {
			continue
		}
		if !entered {
			r.enterPhase(PhaseCheck)
			entered = true
		}
		im.cleared = true
		r.curLine = im.line
		r.enter(im.origin, im.label, im.line)
		r.step(trace.ImmediateRuns, im.label, im.line, about{label: im.label, item: im.id, site: im.site})
		mark := r.js.Mark()
		cb, args := r.immediateCallback(im)
		r.withRequest(im.ctx, im.queued, func() { r.invokeCallback("immediate", cb, im.obj, args) })
		r.js.Unwind(mark)
		r.releaseImmediate(im)
	}
	r.checkRunning = nil
}

// addIO registers an event the poll phase will deliver when it is ready.
func (r *run) addIO(ev *ioEvent) {
	r.lp.AddIO(ev)
	if ev.Data.origin == nil && ev.Line > 0 && ev.Job == nil {
		ev.Data.origin = r.queuedHere(ev.Label, ev.Line)
	}
}

// addProgramIO registers an event the kernel will deliver for an operation the program
// started now (a socket's connect or data, a request, a message), with the trace step
// that says so at the line that started it.
func (r *run) addProgramIO(ev *ioEvent) {
	if ev.Line == 0 {
		ev.Line, _ = r.callerPos()
	}
	r.addIO(ev)
	if ev.Line > 0 {
		r.step(trace.IOQueued, ev.Label, ev.Line, about{label: ev.Label, item: ev.ID})
	}
}

// queueClose schedules a close-phase callback (uv_close).
func (r *run) queueClose(label string, line int, fn func()) {
	r.lp.Close(label, line, ioData{deliver: fn, origin: r.queuedHere(label, line)})
}

// poolJobBytes is the Go memory a pool job and its records hold until the run ends
// (measured: 645 bytes in use per job with 138,000 jobs queued), counted against the
// run's heap limit so that a program queueing jobs by the hundred thousand ends with
// memory_limit_exceeded like one allocating as much in JavaScript.
const poolJobBytes = 640

// submitPoolJob queues a job on the thread pool (uv_queue_work); it starts at once if a
// thread is free. onDone runs in the poll phase, inside a callback boundary.
func (r *run) submitPoolJob(label string, line int, cost int64, slow bool, onDone func()) *poolJob {
	if r.js != nil {
		r.js.Hold(poolJobBytes) // the job stays in the summary's timeline to the end
	}
	j := r.lp.Submit(label, line, cost, slow, ioData{deliver: onDone, ctx: r.curReq, origin: r.queuedHere(label, line)})
	if j.Started {
		r.step(trace.PoolJobStarts, j.Label, line, about{label: j.Label, item: j.ID, job: j.ID})
	} else {
		r.step(trace.PoolJobQueued, j.Label, line, about{label: j.Label, item: j.ID, job: j.ID})
	}
	return j
}

// poolJobs returns the summary timeline of every pool job.
func (r *run) poolJobs() []PoolJob {
	jobs := r.lp.Machine().PoolJobs()
	all := jobs[:min(len(jobs), maxPoolJobsListed)]
	out := make([]PoolJob, 0, len(all))
	for _, j := range all {
		out = append(out, PoolJob{ID: j.ID, Label: j.Label, Line: j.Line, Thread: j.Thread, QueuedUS: j.QueuedAt, StartUS: j.StartAt, EndUS: j.EndAt})
	}
	return out
}
