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
	ctx    *httpReq  // the request whose work queued it (nil outside requests)
	origin *asyncCtx // where it was queued (the trace's async frames)
}

// immediate is one setImmediate entry (the immediate queue in [IT]). Its Immediate object
// is kept while it is queued; it holds the callback and its arguments.
type immediate struct {
	id      int
	label   string
	line    int
	ref     bool
	cleared bool
	obj     engine.Value
	ctx     *httpReq
	queued  int64
	origin  *asyncCtx
}

// ioEvent is a completion the poll phase delivers: a finished thread-pool job or a
// kernel event (socket data, a connection). It becomes ready at readyAt.
type ioEvent struct {
	id      int
	readyAt int64
	label   string
	line    int
	ref     bool
	// deliver runs the JS side of the completion inside a callback boundary.
	deliver func()
	// job is set for thread-pool completions (R-R4 races are about them).
	job *poolJob
	// kernel is true for events that wait on the kernel, not on a thread.
	kernel bool
	index  int // position in the ioQueue heap, -1 when out of it
	dead   bool
	ctx    *httpReq  // the request this completion belongs to
	origin *asyncCtx // where the program started the operation (nil for the scenario's events)
}

// jobID is the thread-pool job ev completes, 0 for a kernel event.
func (ev *ioEvent) jobID() int {
	if ev.job == nil {
		return 0
	}
	return ev.job.id
}

// closeCallback is a uv_close callback that runs in the close phase (R-L3, R-E3).
type closeCallback struct {
	id     int
	label  string
	line   int
	run    func()
	origin *asyncCtx
}

// enqueueTick implements process.nextTick (ignored once the process is exiting [TQ]).
// The callback and its arguments are kept until the tick runs (dropTick).
func (r *run) enqueueTick(fn engine.Value, args []engine.Value) {
	if r.exiting || r.exitingJS {
		return
	}
	line, _ := r.callerPos()
	t := &tick{id: r.nextSeq(), fn: r.js.Keep(fn), args: r.keepAll(args), label: r.callbackLabel("nextTick", fn), line: line, ctx: r.curReq}
	t.origin = r.queuedHere(t.label, line)
	r.ticks = append(r.ticks, t)
	r.step(trace.NextTickQueued, t.label, line, about{label: t.label, item: t.id})
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
	r.tickRuns++
	if r.tickRuns > r.sc.Limits.MaxTicks {
		r.abort(newError(CodeTickBudget, "more than %d process.nextTick callbacks ran without the event loop moving on (a nextTick storm starves everything, R-CB6)", r.sc.Limits.MaxTicks))
	}
	r.enter(t.origin, t.label, t.line)
	r.step(trace.NextTickRuns, t.label, t.line, about{label: t.label, item: t.id})
	return t
}

// dropTick gives back what a tick kept.
func (r *run) dropTick(t *tick) {
	r.js.Drop(t.fn)
	r.dropAll(t.args)
}

// enqueueImmediate implements setImmediate (R-I1) for the Immediate object obj.
func (r *run) enqueueImmediate(obj, fn engine.Value) *immediate {
	line, _ := r.callerPos()
	im := &immediate{id: r.nextSeq(), obj: r.js.Keep(obj), label: r.callbackLabel("setImmediate", fn), line: line, ref: true, ctx: r.curReq, queued: r.now}
	im.origin = r.queuedHere(im.label, line)
	r.immediates = append(r.immediates, im)
	r.step(trace.ImmediateQueued, im.label, line, about{label: im.label, item: im.id})
	return im
}

// immediateCallback reads an Immediate's callback and arguments.
func (r *run) immediateCallback(im *immediate) (engine.Value, []engine.Value) {
	return r.js.Get(im.obj, "_onImmediate"), r.list(r.js.Get(im.obj, "_argv"))
}

// releaseImmediate gives back an Immediate that ran or was cleared.
func (r *run) releaseImmediate(im *immediate) {
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
func (r *run) nextImmediateAfterThrow() (passCallback, bool) {
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
		r.step(trace.ImmediateRuns, im.label, im.line, about{label: im.label, item: im.id, say: trace.CaseAfterThrow})
		cb, args := r.immediateCallback(im)
		return passCallback{fn: cb, this: im.obj, args: args, done: func() { r.releaseImmediate(im) }}, true
	}
	return passCallback{}, false
}

func (r *run) refImmediates() int {
	n := len(r.nativeImmediates) // Node's native immediates are ref'd (dns.go)
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
func (r *run) runCheckPhase() {
	r.runNativeImmediates() // CheckImmediate runs them before processImmediate [ENV]
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
		r.step(trace.ImmediateRuns, im.label, im.line, about{label: im.label, item: im.id})
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
	ev.id = r.nextSeq()
	if ev.origin == nil && ev.line > 0 && ev.job == nil {
		ev.origin = r.queuedHere(ev.label, ev.line)
	}
	r.io.add(ev)
}

// addProgramIO registers an event the kernel will deliver for an operation the program
// started now (a socket's connect or data, a request, a message), with the trace step
// that says so at the line that started it.
func (r *run) addProgramIO(ev *ioEvent) {
	if ev.line == 0 {
		ev.line, _ = r.callerPos()
	}
	r.addIO(ev)
	if ev.line > 0 {
		r.step(trace.IOQueued, ev.label, ev.line, about{label: ev.label, item: ev.id})
	}
}

// cancelIO drops an event that has not been delivered yet.
func (r *run) cancelIO(ev *ioEvent) {
	ev.dead = true
	r.io.remove(ev)
}

func (r *run) refIO() int { return r.io.refs }

// queueClose schedules a close-phase callback (uv_close).
func (r *run) queueClose(label string, line int, fn func()) {
	r.closing = append(r.closing, &closeCallback{id: r.nextSeq(), label: label, line: line, run: fn, origin: r.queuedHere(label, line)})
}

// runClosePhase runs the close callbacks queued before it started, last queued first:
// libuv prepends each uv_close to loop->closing_handles and walks that list from its
// head (uv__run_closing_handles).
func (r *run) runClosePhase() {
	list := r.closing
	r.closing = nil
	slices.Reverse(list)
	for i, c := range list {
		if r.exiting {
			return
		}
		if i == 0 {
			r.enterPhase(PhaseClose)
		}
		r.enter(c.origin, c.label, c.line)
		r.step(trace.CloseCallback, c.label, c.line, about{label: c.label, item: c.id})
		c.run()
	}
}
