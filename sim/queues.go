package sim

import (
	"slices"

	"github.com/looplab/looplab/sim/internal/engine"
)

// tick is one process.nextTick entry (a FixedQueue item in [TQ]).
type tick struct {
	id    int
	fn    engine.Value
	args  []engine.Value
	label string
	line  int
	ctx   *httpReq // the request whose work queued it (nil outside requests)
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
	ctx    *httpReq // the request this completion belongs to
}

// closeCallback is a uv_close callback that runs in the close phase (R-L3, R-E3).
type closeCallback struct {
	id    int
	label string
	line  int
	run   func()
}

// enqueueTick implements process.nextTick (ignored once the process is exiting [TQ]).
// The callback and its arguments are kept until the tick runs (dropTick).
func (r *run) enqueueTick(fn engine.Value, args []engine.Value) {
	if r.exiting || r.exitingJS {
		return
	}
	line, _ := r.callerPos()
	t := &tick{id: r.nextSeq(), fn: r.js.Keep(fn), args: r.keepAll(args), label: r.callbackLabel("nextTick", fn), line: line, ctx: r.curReq}
	r.ticks = append(r.ticks, t)
	r.step("nextTick-queued", t.label, line, "process.nextTick puts the callback in the nextTick queue; it runs as soon as the current callback ends, before promise jobs (in CommonJS).", "process.nextTick đưa callback vào hàng nextTick; nó chạy ngay khi callback hiện tại xong, trước các job của Promise (trong CommonJS).", "R-CB2")
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
	r.step("nextTick-runs", t.label, t.line, "The nextTick queue is drained before the loop moves on.", "Hàng nextTick được chạy hết trước khi event loop đi tiếp.", "R-CB3")
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
	r.immediates = append(r.immediates, im)
	r.step("immediate-queued", im.label, line, "setImmediate puts the callback in the check queue; it runs in the check phase, right after poll.", "setImmediate đưa callback vào hàng check; nó chạy ở pha check, ngay sau poll.", "R-I1")
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
// and its first immediate runs without runNextTicks first.
func (r *run) nextImmediateAfterThrow() (passCallback, bool) {
	for len(r.checkRunning) > 0 {
		im := r.checkRunning[0]
		r.checkRunning = r.checkRunning[1:]
		if im.cleared {
			continue
		}
		im.cleared = true
		r.step("immediate-runs", im.label, im.line, "The next immediate runs at once: the one before it threw, so Node re-entered processImmediate without draining ticks.", "Immediate kế tiếp chạy ngay: immediate trước bị lỗi nên Node gọi lại processImmediate mà không chạy nextTick trước.", "R-U2")
		cb, args := r.immediateCallback(im)
		return passCallback{fn: cb, this: im.obj, args: args, done: func() { r.releaseImmediate(im) }}, true
	}
	return passCallback{}, false
}

func (r *run) refImmediates() int {
	n := 0
	for _, im := range r.immediates {
		if im.ref && !im.cleared {
			n++
		}
	}
	return n
}

// runCheckPhase is processImmediate: the current list is detached before it runs, so
// immediates queued meanwhile wait for the next iteration (R-I2).
func (r *run) runCheckPhase() {
	r.flushLeftovers()
	list := r.immediates
	r.immediates = nil
	entered := false
	r.beginDrainGroup() // before Node 11 the whole queue is one callback scope (R-V1)
	defer r.endDrainGroup()
	for i, im := range list {
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
		r.checkRunning = list[i+1:]
		r.curLine = im.line
		r.step("immediate-runs", im.label, im.line, "The check phase runs setImmediate callbacks queued before it started.", "Pha check chạy các callback setImmediate đã xếp hàng trước khi pha bắt đầu.", "R-I2")
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
	r.io.add(ev)
}

// cancelIO drops an event that has not been delivered yet.
func (r *run) cancelIO(ev *ioEvent) {
	ev.dead = true
	r.io.remove(ev)
}

func (r *run) refIO() int { return r.io.refs }

// queueClose schedules a close-phase callback (uv_close).
func (r *run) queueClose(label string, line int, fn func()) {
	r.closing = append(r.closing, &closeCallback{id: r.nextSeq(), label: label, line: line, run: fn})
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
		r.step("close-callback", c.label, c.line, "A handle's close callback runs in the close phase.", "Callback đóng handle chạy ở pha close callbacks.", "R-L3")
		c.run()
	}
}
