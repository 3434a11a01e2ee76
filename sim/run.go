package sim

import (
	"errors"
	"math/rand"
	"strconv"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/inspect"
	"github.com/looplab/looplab/sim/internal/v8errors"
	"github.com/looplab/looplab/sim/trace"
)

// run is one execution of a program under one race plan. It owns a fresh JS runtime and
// every queue of the simulated process; nothing in it is shared with other runs.
type run struct {
	ex    *explorer
	sc    Scenario
	prof  Profile // the Node release simulated (the explorer's)
	plan  racePlan
	js    *engine.Runtime
	trace bool

	now   int64 // virtual time in microseconds
	phase Phase

	// loop clock (R-L4) and race bookkeeping
	clockReads int
	poolPoints int
	lateWakes  int
	races      []racePoint

	ticks         []*tick
	timers        timerState
	immediates    []*immediate
	pool          *threadPool
	io            ioQueue           // events the kernel or the pool will deliver to the poll phase
	kernelEvents  map[int]*ioEvent  // cancellable kernel events by id
	actions       *actionQueue      // kernel actions in virtual time (shared by every isolate)
	idleUS        int64             // time the loop spent blocked in poll (for ELU)
	warm          *warmRuntime      // the warm runtime r.js is, given back at the end (warm.go)
	memory        *engine.HeapGroup // the heap limit of the run's runtimes together (heapGroup)
	busyUS        []busySpan        // main-thread CPU spans (for loop delay)
	http          httpState
	zstd          zstdStreams // zlib's zstd contexts (zstd.go)
	curReq        *httpReq    // the request whose callback runs now
	cpuM          *cpuModel   // nil unless the scenario limits cores
	iso           isoState    // worker threads: this isolate's place in its world
	portFn        engine.Value
	portRef       bool
	portPending   []string       // parent messages that came before parentPort listened
	broadcast     broadcastState // BroadcastChannels of the process (main thread only)
	shared        sharedState    // SharedArrayBuffers of the process (main thread only)
	cpuUS         int64          // CPU time this thread used
	workers       map[int]*workerHandle
	pollBatch     []*ioEvent // ready events of the current poll not yet delivered
	closing       []*closeCallback
	handles       int // ref'd active handles besides timers (servers, sockets)
	micro         microtaskTrace
	jsCost        jsCost // the CPU the program's JavaScript has cost so far
	lastWallCheck int64  // jsCost.charged at the last look at the wall clock

	// dnsQueries are the DNS queries in flight by id; nativeImmediates are Node's
	// env->SetImmediate callbacks (a query's end), which the check phase runs before the
	// setImmediate callbacks (dns.go).
	dnsQueries       map[int]*dnsQuery
	nativeImmediates []*nativeImmediate

	nextID     int
	stdout     []string
	stderr     []string
	console    []string
	outSize    int64
	openLine   [3]bool // a write to the fd left its last line open (no newline): the next one continues it
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

	exiting  bool
	exitCode int
	stopErr  error        // why the run stopped early (typed *Error), nil on a normal exit
	notFound engine.Value // the last module-not-found error thrown (modules.go moduleNotFound)
	summary  Summary

	api           jsAPI            // the prelude's functions Go calls
	errs          *v8errors.Errors // V8's texts for the engine's errors
	ins           *inspect.Inspector
	ticked        bool            // the current drain ran ticks (Node's microtasks then run under processTicksAndRejections)
	groupDrain    bool            // callbacks leave their drain to the end of their group (R-V1, Node 10)
	drainOwed     bool            // a callback of the group left its drain
	entryPromise  engine.Value    // the ES module's evaluation promise (kept)
	entryReported bool            // its rejection went to the uncaught-exception path (entryRejected)
	imported      map[string]bool // modules the ES module loader was asked for (opImportJobs)
	rng           *rand.Rand      // crypto.randomBytes
	fsc           *fsChanges      // what the program changed of its files (fs.go)
	curLine       int             // the user line of the callback running now (for work built-ins start)

	exitingJS    bool // process._exiting: nextTick is ignored (R-X2)
	tickRuns     int64
	jsClockReads int // the program's clock reads in the current callback (busywait.go)
	timerPassNow int64
	checkRunning []*immediate

	rejUID           int
	maybeUnhandled   []*rejection
	pendingUnhandled []*rejection
	asyncHandled     []*rejection

	deadline time.Time
	steps64  int64
}

// runResult is what the explorer keeps of a run.
type runResult struct {
	stdout, stderr []string
	exitCode       int
	steps          []Step
	traceBytes     int64
	console        []string
	summary        Summary
	races          []racePoint
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
func newRun(ex *explorer, plan racePlan, budget traceBudget) *run {
	trace := budget.steps > 0 && budget.bytes > 0 && !ex.sc.SummaryOnly
	r := &run{ex: ex, sc: ex.sc, prof: ex.prof, plan: plan, trace: trace, traceCap: budget, phase: PhaseMain, deadline: ex.deadline}
	// Room for a short program's output and callbacks, so they do not grow step by step.
	r.stdout = make([]string, 0, 16)
	r.summary.Callbacks = make([]CallbackCost, 0, 16)
	r.pool = &threadPool{}
	r.pool.init(ex.sc.ThreadPool)
	r.actions = &actionQueue{}
	r.http.init(ex.sc.Seed)
	r.cpuM = newCPUModel(ex.sc)
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
	rr := &runResult{stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, steps: r.steps, traceBytes: r.traceBytes, console: r.console, summary: r.summary, races: r.races}
	var se *Error
	if errors.As(r.stopErr, &se) {
		rr.err = se
	}
	return rr
}

// release frees the run's JS runtime, or gives a warm one back.
func (r *run) release() {
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
	r.tickRuns = 0     // the tick budget is per drain (one callback and what it queues)
	r.jsClockReads = 0 // so is the busy-wait allowance
	r.ticked = false
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
	if r.groupDrain {
		r.drainOwed = true // before Node 11 the drain waits for the end of the group (R-V1)
		return
	}
	r.drainAfterCallback()
}

// beginDrainGroup makes the callbacks invoked until endDrainGroup share one drain of
// ticks and microtasks at its end, as releases before Node 11 ran all the due timers of
// one list, or the whole immediate queue, inside one callback scope (R-V1). From 11 on
// every callback has its own drain and the group is a no-op.
func (r *run) beginDrainGroup() {
	r.groupDrain = !r.prof.Has(ChangeDrainPerCallback)
}

// endDrainGroup runs the drain the group's callbacks left for its end.
func (r *run) endDrainGroup() {
	r.groupDrain = false
	if r.drainOwed {
		r.drainOwed = false
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
		return r.nextTimerAfterThrow()
	case "immediate":
		return r.nextImmediateAfterThrow()
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
	r.ticked = true
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
	if r.ticked || r.outSize > 0 { // a console write queues a tick in Node (the stream's afterWrite)
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
	r.cur = nil
}

func (r *run) nextSeq() int {
	r.nextID++
	return r.nextID
}

func itoa(i int) string { return strconv.Itoa(i) }
