package sim

import (
	"errors"
	"strconv"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/inspect"
	"github.com/looplab/looplab/sim/internal/loop"
	"github.com/looplab/looplab/sim/internal/v8errors"
	"github.com/looplab/looplab/sim/trace"
)

// run is one execution of a program under one race plan. It holds a JS runtime restored
// to its profile's checkpoint (warm.go) and every queue of the simulated process;
// nothing in it is shared with another run while it runs.
type run struct {
	ex   *explorer
	sc   Scenario
	prof Profile // the Node release simulated (the explorer's)
	js   *engine.Runtime

	out   output   // what the program printed
	rec   recorder // the trace being recorded
	scope scope    // the callback scope running now
	rej   rejections

	lp    *nodeLoop // this thread's event loop (libuv's part) and its virtual time
	phase Phase

	ticks             []*tick
	kernelEvents      map[int]*ioEvent  // cancellable kernel events by id
	warm              *warmRuntime      // the warm runtime r.js is, given back at the end (warm.go)
	memory            *engine.HeapGroup // the heap limit of the run's runtimes together (heapGroup)
	busyUS            []busySpan        // main-thread CPU spans (for loop delay)
	curReq            *httpReq          // the request whose callback runs now
	iso               isoState          // worker threads: this isolate's place in its world
	mods              moduleStates      // the modules' states, by key (modstate.go)
	cpuUS             int64             // CPU time this thread used
	micro             microtaskTrace
	jsCost            jsCost // the CPU the program's JavaScript has cost so far
	lastBackstopCheck int64  // jsCost.budget at the last look at the backstop

	exiting  bool
	exitCode int
	stopErr  error // why the run stopped early (typed *Error), nil on a normal exit
	summary  Summary

	api           jsAPI            // the prelude's functions Go calls
	errs          *v8errors.Errors // V8's texts for the engine's errors
	ins           *inspect.Inspector
	entryPromise  engine.Value // the ES module's evaluation promise (kept)
	entryReported bool         // its rejection went to the uncaught-exception path (entryRejected)
	curLine       int          // the user line of the callback running now (for work built-ins start)

	exitingJS bool // process._exiting: nextTick is ignored (R-X2)

	stretch *cpuStretch // the CPU stretch of the goroutine the run is on (backstop.go)
	steps64 int64
}

// output is what the program printed: its standard output and error lines, and the
// console as the trace shows it.
type output struct {
	stdout   []string
	stderr   []string
	console  []string
	outSize  int64
	openLine [3]bool // a write to the fd left its last line open (no newline): the next one continues it
}

// recorder is the trace a run records (tracing.go, callstack.go, microtasks.go).
type recorder struct {
	trace      bool
	steps      []Step
	traceBytes int64       // about the size of steps as JSON (Step.sizeEstimate)
	traceCap   traceBudget // what the trace may hold
	// scratch and ioScratch are snapshot's buffers, reused from step to step, and
	// stackScratch and frameScratch stack's.
	scratch      Snapshot
	ioScratch    []*ioEvent
	stackScratch []trace.Frame
	frameScratch []engine.Frame
	cur          *asyncCtx // the code running now, for the trace's call stack (nil: none)
	ctxSlab      []asyncCtx
	frameSlab    []trace.Frame
}

// scope is the callback scope running now (InternalCallbackScope): its drain of ticks
// and microtasks, and the budgets that count per callback.
type scope struct {
	ticked       bool  // the current drain ran ticks (Node's microtasks then run under processTicksAndRejections)
	groupDrain   bool  // callbacks leave their drain to the end of their group (R-V1, Node 10)
	drainOwed    bool  // a callback of the group left its drain
	tickRuns     int64 // ticks run in this drain (the tick budget)
	jsClockReads int   // the program's clock reads in the current callback (busywait.go)
}

// rejections are the promise rejections Node tracks for 'unhandledRejection' and
// 'rejectionHandled' (process.go).
type rejections struct {
	rejUID           int
	maybeUnhandled   []*rejection
	pendingUnhandled []*rejection
	asyncHandled     []*rejection
}

// runResult is what the explorer keeps of a run.
type runResult struct {
	stdout, stderr []string
	exitCode       int
	steps          []Step
	traceBytes     int64
	console        []string
	summary        Summary
	races          []loop.Race
	err            *Error
}

// exitSignal ends the run: the process exits (process.exit, a fatal error) or a budget
// runs out. Raised inside JS it unwinds the engine uncatchably (engine.Abort); raised in
// Go outside JS it unwinds to execute (recoverSignal).
type exitSignal struct {
	code int
	err  *Error
}

func (s *exitSignal) Error() string {
	if s.err != nil {
		return s.err.Error()
	}
	return "exit " + strconv.Itoa(s.code)
}

// newRun prepares a run under plan that records a trace within budget (none when the
// budget is zero or the scenario asks for summary mode).
func newRun(ex *explorer, plan loop.Plan, budget traceBudget) *run {
	trace := budget.steps > 0 && budget.bytes > 0 && !ex.sc.SummaryOnly
	r := &run{ex: ex, sc: ex.sc, prof: ex.prof, rec: recorder{trace: trace, traceCap: budget}, phase: PhaseMain, stretch: ex.stretch}
	// Room for a short program's output and callbacks, so they do not grow step by step.
	r.out.stdout = make([]string, 0, 16)
	r.summary.Callbacks = make([]CallbackCost, 0, 16)
	r.newLoop(loop.NewMachine[ioData](ex.sc.ThreadPool, ex.sc.Cores, ex.sc.CoreSpeeds), 0, plan)
	return r
}

func (r *run) execute() *runResult {
	func() {
		defer r.recoverSignal()
		r.setup()
		r.startMain()
		r.spin()
	}()
	if w := r.iso.world; w != nil {
		w.shutdownWorkers()
		defer w.releaseWorkers()
	}
	r.finishSummary()
	r.release()
	rr := &runResult{stdout: r.out.stdout, stderr: r.out.stderr, exitCode: r.exitCode, steps: r.rec.steps, traceBytes: r.rec.traceBytes, console: r.out.console, summary: r.summary, races: r.lp.Races()}
	var se *Error
	if errors.As(r.stopErr, &se) {
		rr.err = se
	}
	return rr
}

// release frees the run's JS runtime, or gives a warm one back.
func (r *run) release() {
	if r.js != nil {
		r.js.SetThenHook(nil) // a warm runtime outlives the run
	}
	switch {
	case r.warm != nil:
		r.releaseWarm()
	case r.js != nil:
		r.js.Close()
	}
	r.js = nil
}

// recoverSignal turns an exitSignal panic (raised from Go code outside the JS runtime)
// into the end of the run.
func (r *run) recoverSignal() {
	x := recover()
	if x == nil {
		return
	}
	if err, ok := engine.Aborted(x); ok {
		x = err
	}
	sig, ok := x.(*exitSignal)
	if !ok {
		// A defect in the simulator, not in the program: end the run with an internal
		// error instead of taking the process down (the fuzz test looks for these).
		sig = &exitSignal{code: 1, err: newError(CodeInternal, "simulator defect: %v", x)}
	}
	r.applySignal(sig)
}

func (r *run) applySignal(sig *exitSignal) {
	r.exitCode = sig.code
	if sig.err != nil && r.stopErr == nil {
		r.stopErr = sig.err
	}
	r.exiting = true
}

// abort ends the run with err, from Go code inside or outside JS.
func (r *run) abort(err *Error) {
	engine.Abort(&exitSignal{code: 1, err: err})
}

// simEpoch is the wall-clock instant virtual time 0 maps to (Date.now() at start).
var simEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// call makes a call into JS (outermost or nested) and turns its end into the run's
// terms: an exception comes back to the caller, an exit or a budget ends the run. It
// reports whether the call returned normally.
func (r *run) call(fn, this engine.Value, args ...engine.Value) (engine.Value, *engine.Exception, bool) {
	if r.exiting {
		return r.js.Undefined(), nil, false
	}
	v, err := r.js.Call(fn, this, args...)
	if err == nil {
		return v, nil, true
	}
	var exc *engine.Exception
	if errors.As(err, &exc) {
		return v, exc, false
	}
	r.handleStop(err)
	return v, nil, false
}

// memoryError is the end of a run whose heaps reached Limits.MaxHeapMB.
func (r *run) memoryError() *Error {
	return newError(CodeMemoryLimit, "the program's heap reached its limit of %d MiB", r.sc.Limits.MaxHeapMB)
}

// handleStop ends the run for an error that interrupted the engine.
func (r *run) handleStop(err error) {
	var sig *exitSignal
	switch {
	case errors.As(err, &sig):
		r.applySignal(sig)
	case errors.Is(err, engine.ErrMemoryLimit):
		r.applySignal(&exitSignal{code: 1, err: r.memoryError()})
	case errors.Is(err, engine.ErrStopped) && r.iso.killed:
		r.applySignal(&exitSignal{code: 1}) // Worker#terminate
	case errors.Is(err, engine.ErrStopped):
		r.applySignal(&exitSignal{code: 1, err: r.stopReason()})
	default:
		var hp *engine.HostPanic
		if errors.As(err, &hp) {
			r.applySignal(&exitSignal{code: 1, err: newError(CodeInternal, "simulator defect: %v", hp.Value)})
			return
		}
		r.applySignal(&exitSignal{code: 1, err: newError(CodeInternal, "%v", err)})
	}
}

// invoke runs one macrotask callback and then Node's processTicksAndRejections loop
// (R-CB1): ticks, microtasks, until both are empty and no promise rejection is left to
// process. A callback that throws goes to 'uncaughtException'; if a listener handles it,
// a timer or immediate pass goes on with its next callback at once (Node re-enters
// processTimers/processImmediate, R-U2). When the pass has none left, the main module's
// and the timers' scopes still close normally and drain (R-U3); any other callback's
// scope fails: its ticks and promise jobs wait for the next scope close.
func (r *run) invoke(kind string, fn, this engine.Value, args []engine.Value) {
	if r.exiting {
		return
	}
	mark := r.js.Mark()
	defer r.js.Unwind(mark)
	r.scope.tickRuns = 0     // the tick budget is per drain (one callback and what it queues)
	r.scope.jsClockReads = 0 // so is the busy-wait allowance
	r.scope.ticked = false
	r.countHostOps(callbackOps)
	r.chargeJS()
	r.errs.SetEntry(entryOf(kind))
	var done func()
	for {
		_, exc, ok := r.call(fn, this, args...)
		r.chargeJS()
		if done != nil {
			done()
			done = nil
		}
		if ok {
			break
		}
		if exc == nil || r.exiting {
			return
		}
		r.uncaught(exc.Value, "uncaughtException")
		if r.exiting {
			return
		}
		next, ok := r.nextInPass(kind)
		if !ok {
			if !scopeSurvivesThrow(kind) {
				return // the scope failed: leftovers wait (flushLeftovers)
			}
			break
		}
		fn, this, args, done = next.fn, next.this, next.args, next.done
	}
	if r.scope.groupDrain {
		r.scope.drainOwed = true // before Node 11 the drain waits for the end of the group (R-V1)
		return
	}
	r.drainAfterCallback()
}

// beginDrainGroup makes the callbacks invoked until endDrainGroup share one drain of
// ticks and microtasks at its end, as releases before Node 11 ran all the due timers of
// one list, or the whole immediate queue, inside one callback scope (R-V1). From 11 on
// every callback has its own drain and the group is a no-op.
func (r *run) beginDrainGroup() {
	r.scope.groupDrain = !r.prof.Has(ChangeDrainPerCallback)
}

// endDrainGroup runs the drain the group's callbacks left for its end.
func (r *run) endDrainGroup() {
	r.scope.groupDrain = false
	if r.scope.drainOwed {
		r.scope.drainOwed = false
		r.drainAfterCallback()
	}
}

// scopeSurvivesThrow reports whether the callback scope around a callback of kind
// still drains ticks and microtasks when the callback threw into an 'uncaughtException'
// listener (R-U3). Node reports the exception without failing the scope for the main
// module (StartExecution's InternalCallbackScope closes normally) and for timers
// (RunTimers calls processTimers under a verbose TryCatch inside its scope); after an
// immediate, the listener's setImmediate(noop) is what CheckImmediate's re-call of
// processImmediate runs (lib/internal/process/execution.js), whose scope drains. Other
// callbacks go through MakeCallback, whose scope is marked failed.
func scopeSurvivesThrow(kind string) bool {
	switch kind {
	case "main", "timer", "immediate":
		return true
	}
	return false
}

// entryOf is where Node's internals call a callback of kind from (for its stack trace).
func entryOf(kind string) v8errors.Entry {
	switch kind {
	case "main":
		return v8errors.EntryMainCJS
	case "timer":
		return v8errors.EntryTimeout
	case "immediate":
		return v8errors.EntryImmediate
	}
	return v8errors.EntryNone
}

// passCallback is the next callback of a timers or check pass, run at once after one
// that threw into a listener.
type passCallback struct {
	fn, this engine.Value
	args     []engine.Value
	done     func() // after the call, whatever its end (a timer's re-arming)
}

// nextInPass returns the next callback of the current timers or check pass after a
// callback of kind threw into an 'uncaughtException' listener.
func (r *run) nextInPass(kind string) (passCallback, bool) {
	switch kind {
	case "timer":
		return timersKey.of(r).nextTimerAfterThrow()
	case "immediate":
		return timersKey.of(r).nextImmediateAfterThrow()
	}
	return passCallback{}, false
}

// drainAfterCallback is processTicksAndRejections (R-CB1): every tick, then every
// microtask, again while ticks remain or a rejection was processed.
func (r *run) drainAfterCallback() {
	for !r.exiting {
		if len(r.ticks) > 0 {
			if !r.runTicks() {
				return // a tick threw into a listener: the drain ends there
			}
		}
		if !r.runMicrotasks() {
			return
		}
		if len(r.ticks) > 0 {
			continue
		}
		if !r.processRejections() {
			return
		}
	}
}

// runTicks drains the nextTick queue; ticks queued meanwhile run too (R-CB3). A tick
// that throws goes to 'uncaughtException'; it reports false when a listener handled it
// (what is left waits for the next callback-scope close).
func (r *run) runTicks() bool {
	r.errs.SetEntry(v8errors.EntryNextTick)
	r.scope.ticked = true
	for t := r.takeTick(); t != nil; t = r.takeTick() {
		_, exc, ok := r.call(t.fn, r.js.Undefined(), t.args...)
		r.dropTick(t)
		r.chargeJS()
		if ok {
			continue
		}
		if exc == nil {
			return false
		}
		r.uncaught(exc.Value, "uncaughtException")
		return false
	}
	return true
}

// runMicrotasks drains the engine's promise job queue (V8's microtask checkpoint). It
// reports false when the run ended.
func (r *run) runMicrotasks() bool {
	if r.scope.ticked || r.out.outSize > 0 { // a console write queues a tick in Node (the stream's afterWrite)
		r.errs.SetEntry(v8errors.EntryMicrotaskInTicks)
	} else {
		r.errs.SetEntry(v8errors.EntryNone)
	}
	for !r.exiting {
		if !r.js.JobsPending() {
			r.entryRejected()
			return !r.exiting
		}
		r.micro.beforeJob(r)
		ran, err := r.js.RunJob()
		r.chargeJS()
		if err != nil {
			var exc *engine.Exception
			if errors.As(err, &exc) {
				r.uncaught(exc.Value, "uncaughtException")
				continue
			}
			r.handleStop(err)
			return false
		}
		if !ran {
			r.entryRejected()
			return !r.exiting
		}
	}
	return false
}

// flushLeftovers runs ticks and promise jobs a failed callback scope left behind, as the
// next scope close would (Node's native-immediate scope at the start of the check phase,
// or before 'beforeExit').
func (r *run) flushLeftovers() {
	if r.exiting || (len(r.ticks) == 0 && !r.js.JobsPending()) {
		return
	}
	r.step(trace.LeftoversDrained, "", 0)
	r.drainAfterCallback()
	r.rec.cur = nil
}

func (r *run) nextSeq() int { return r.lp.NextID() }

func itoa(i int) string { return strconv.Itoa(i) }
