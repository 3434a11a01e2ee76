package sim

import (
	"errors"
	"math/rand"
	randv2 "math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/grafana/sobek"
)

// run is one execution of a program under one race plan. It owns a fresh JS runtime and
// every queue of the simulated process; nothing in it is shared with other runs.
type run struct {
	ex    *explorer
	sc    Scenario
	plan  racePlan
	rt    *sobek.Runtime
	trace bool

	now   int64 // virtual time in microseconds
	phase Phase

	// loop clock (R-L4) and race bookkeeping
	clockReads int
	poolPoints int
	lateWakes  int
	races      []racePoint

	ticks        []*tick
	timers       timerState
	immediates   []*immediate
	pool         *threadPool
	io           ioQueue          // events the kernel or the pool will deliver to the poll phase
	kernelEvents map[int]*ioEvent // cancellable kernel events by id
	actions      *actionQueue     // kernel actions in virtual time (shared by every isolate)
	idleUS       int64            // time the loop spent blocked in poll (for ELU)
	busyUS       []busySpan       // main-thread CPU spans (for loop delay)
	http         httpState
	curReq       *httpReq    // the request whose callback runs now
	cpuM         *cpuModel   // nil unless the scenario limits cores
	iso          isoState    // worker threads: this isolate's place in its world
	portFn       sobek.Value // the worker's parentPort listener
	portRef      bool
	cpuUS        int64 // CPU time this thread used
	workers      map[int]*workerHandle
	pollBatch    []*ioEvent // ready events of the current poll not yet delivered
	closing      []*closeCallback
	handles      int // ref'd active handles besides timers (servers, sockets)
	micro        microtaskShadow

	nextID  int
	stdout  []string
	stderr  []string
	console []string
	outSize int64
	steps   []Step
	// scratch and ioScratch are snapshot's buffers, reused from step to step.
	scratch   Snapshot
	ioScratch []*ioEvent

	exiting  bool
	exitCode int
	stopErr  error // why the run stopped early (typed *Error), nil on a normal exit
	summary  Summary

	host           *sobek.Object
	tramp          sobek.Callable // (fn, this, args, kind): runs fn, then the tick queue
	useFn          sobek.Callable // the prelude's use(name)
	processObj     *sobek.Object  // process, once the program (or a module) made it
	processProto   *sobek.Object  // its lazy properties (lazyobjects.go processProps)
	processEmits   bool           // process became an EventEmitter (a listener was added)
	timeoutProto   *sobek.Object  // the prototypes of Timeout and Immediate objects (lazyobjects.go)
	immediateProto *sobek.Object
	groupIndent    string                 // console.group's indentation
	fsMake         sobek.Callable         // js/fs.js member, once an export needed it (fsapi.go)
	statsProto     *sobek.Object          // Stats.prototype (fsapi.go)
	written        map[string]sobek.Value // files the program wrote, by path (Buffers)
	noArgs         *sobek.Object          // the shared empty argument array (see argsArray)
	trampArgs      [4]sobek.Value         // the trampoline's arguments (see invoke)
	goParts        map[string]sobek.Value // the parts Go made, by name (goPart)
	stack          *[]sobek.Value         // the engine's value stack between calls (primeStack)
	kindTimer      sobek.Value            // "timer" and "immediate" as JS strings (see kindValue)
	kindImmediate  sobek.Value
	entryPromise   *sobek.Promise // the ES module's evaluation promise
	rng            *rand.Rand     // crypto.randomBytes
	modules        map[string]sobek.ModuleRecord
	moduleNames    map[sobek.ModuleRecord]string
	stackBuf       []sobek.StackFrame
	curLine        int // the user line of the callback running now (for work built-ins start)

	exitingJS    bool // process._exiting: nextTick is ignored (R-X2)
	tickRuns     int64
	jsClockReads int // the program's clock reads in the current callback (busywait.go)
	timerPassNow int64
	nestedTimers []nestedTimer
	checkRunning []*immediate

	drainAborted bool     // the current callback scope failed: skip its drain
	stashedJobs  []func() // promise jobs left behind by a failed scope

	rejUID           int
	maybeUnhandled   []*rejection
	pendingUnhandled []*rejection
	asyncHandled     []*rejection

	deadline time.Time
	steps64  int64
	watchMu  sync.Mutex // guards rt against the watchdog goroutine while it is set
}

// runResult is what the explorer keeps of a run.
type runResult struct {
	stdout, stderr []string
	exitCode       int
	steps          []Step
	console        []string
	summary        Summary
	races          []racePoint
	err            *Error
}

// exitSignal interrupts the JS runtime when the process exits (process.exit, a fatal
// error) or a budget runs out.
type exitSignal struct {
	code int
	err  *Error
}

func newRun(ex *explorer, plan racePlan, trace bool) *run {
	r := &run{ex: ex, sc: ex.sc, plan: plan, trace: trace, phase: PhaseMain, deadline: ex.deadline}
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
	stop := r.startWatchdog()
	defer stop()
	func() {
		defer r.recoverSignal()
		r.setup()
		r.scheduleClients()
		r.startMain()
		r.spin()
	}()
	if w := r.iso.world; w != nil {
		w.shutdownWorkers()
	}
	r.releaseStack()
	r.finishSummary()
	rr := &runResult{stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, steps: r.steps, console: r.console, summary: r.summary, races: r.races}
	var se *Error
	if errors.As(r.stopErr, &se) {
		rr.err = se
	}
	return rr
}

// recoverSignal turns an exitSignal panic (raised from Go code outside the JS runtime)
// into the end of the run.
func (r *run) recoverSignal() {
	x := recover()
	if x == nil {
		return
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

func (r *run) setup() {
	rt := sobek.New()
	r.watchMu.Lock()
	r.rt = rt
	r.watchMu.Unlock()
	rt.SetFieldNameMapper(sobek.UncapFieldNameMapper())
	rt.SetMaxCallStackSize(r.sc.Limits.MaxCallDepth)
	rt.SetRandSource(lazyRandSource(r.sc.Seed))
	rt.SetTimeSource(func() time.Time {
		r.programReadsClock()
		return simEpoch.Add(time.Duration(r.now) * time.Microsecond)
	})
	rt.SetAsyncContextTracker(&r.micro)
	r.micro.run = r
	rt.SetPromiseRejectionTracker(r.trackRejection)
	r.installHost()
}

// randSourceFor is Math.random for a seed (a small-state generator, cheap to seed).
func randSourceFor(seed int64) sobek.RandSource {
	return randv2.New(randv2.NewPCG(uint64(seed), 0x100f1a5)).Float64
}

// lazyRandSource is randSourceFor(seed), seeded on the first Math.random call (most
// programs make none).
func lazyRandSource(seed int64) sobek.RandSource {
	var src sobek.RandSource
	return func() float64 {
		if src == nil {
			src = randSourceFor(seed)
		}
		return src()
	}
}

// simEpoch is the wall-clock instant virtual time 0 maps to (Date.now() at start).
var simEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// call makes an outermost (or nested) call into JS and turns interrupts into the end of
// the run. It reports whether the run goes on.
func (r *run) call(fn sobek.Callable, args ...sobek.Value) (sobek.Value, bool) {
	if r.exiting {
		return nil, false
	}
	if len(r.stashedJobs) > 0 && jobQueueLen(r.rt) == 0 {
		restoreJobs(r.rt, r.stashedJobs)
		r.stashedJobs = nil
	}
	r.primeStack()
	v, err := fn(sobek.Undefined(), args...)
	if err != nil {
		r.handleCallError(err)
		return nil, false
	}
	return v, !r.exiting
}

func (r *run) handleCallError(err error) {
	var ie *sobek.InterruptedError
	if errors.As(err, &ie) {
		if sig, ok := ie.Value().(*exitSignal); ok {
			r.applySignal(sig)
			return
		}
	}
	var so *sobek.StackOverflowError
	if errors.As(err, &so) {
		r.applySignal(&exitSignal{code: 1, err: newError(CodeStackOverflow, "Maximum call stack size exceeded (more than %d frames)", r.sc.Limits.MaxCallDepth)})
		return
	}
	var ex *sobek.Exception
	if errors.As(err, &ex) {
		// An exception escaped the trampoline itself: treat it as uncaught.
		r.fatal(ex.Value())
		return
	}
	r.applySignal(&exitSignal{code: 1, err: newError(CodeInternal, "%v", err)})
}

// invoke runs one macrotask callback through the trampoline and then Node's
// processTicksAndRejections loop (R-CB1): ticks, microtasks, until both are empty and no
// promise rejection is left to process.
func (r *run) invoke(kind string, fn sobek.Value, this sobek.Value, args []sobek.Value) {
	if r.exiting {
		return
	}
	if this == nil {
		this = sobek.Undefined()
	}
	r.tickRuns = 0     // the tick budget is per drain (one callback and what it queues)
	r.jsClockReads = 0 // so is the busy-wait allowance
	// The trampoline's arguments go in a scratch array of the run: the engine copies them
	// onto its stack when the call starts, so no slice is made per callback.
	r.trampArgs = [4]sobek.Value{fn, this, r.argsArray(args), r.kindValue(kind)}
	_, ok := r.call(r.tramp, r.trampArgs[:]...)
	r.trampArgs = [4]sobek.Value{}
	if ok {
		r.drainAfterCallback()
	}
}

// argsArray is the JS array of a callback's arguments for the trampoline. The trampoline
// only reads it (it never reaches the program), so calls without arguments share one
// empty array per run.
func (r *run) argsArray(args []sobek.Value) sobek.Value {
	if len(args) == 0 {
		if r.noArgs == nil {
			r.noArgs = r.rt.NewArray()
		}
		return r.noArgs
	}
	items := make([]any, len(args))
	for i, a := range args {
		items[i] = a
	}
	return r.rt.NewArray(items...)
}

// kindValue is a callback kind as a JS string for the trampoline, which tests it for
// "timer" and "immediate" only; those two are made once per run.
func (r *run) kindValue(kind string) sobek.Value {
	var slot *sobek.Value
	switch kind {
	case "timer":
		slot = &r.kindTimer
	case "immediate":
		slot = &r.kindImmediate
	default:
		return sobek.Undefined()
	}
	if *slot == nil {
		*slot = r.rt.ToValue(kind)
	}
	return *slot
}

// drainAfterCallback is the tail of R-CB1: while ticks remain or a rejection was
// processed, run the tick queue again (the engine drains microtasks after each call).
func (r *run) drainAfterCallback() {
	for !r.exiting {
		if r.drainAborted {
			r.drainAborted = false
			return
		}
		if len(r.ticks) > 0 {
			if _, ok := r.call(r.tramp); !ok {
				return
			}
			continue
		}
		if !r.processRejections() {
			return
		}
	}
}

// flushLeftovers runs ticks and promise jobs a failed callback scope left behind, as the
// next scope close would (Node's native-immediate scope at the start of the check phase,
// or before 'beforeExit').
func (r *run) flushLeftovers() {
	if r.exiting || (len(r.ticks) == 0 && len(r.stashedJobs) == 0) {
		return
	}
	r.step("leftovers-drained", "", 0, "Ticks and promise jobs left behind by a callback that threw run now, at the next callback-scope close.", "Các tick và job Promise còn sót lại sau callback bị lỗi giờ mới chạy, ở lần đóng callback scope kế tiếp.", "R-CB1")
	if _, ok := r.call(r.tramp); ok {
		r.drainAfterCallback()
	}
}

func (r *run) nextSeq() int {
	r.nextID++
	return r.nextID
}

func itoa(i int) string { return strconv.Itoa(i) }
