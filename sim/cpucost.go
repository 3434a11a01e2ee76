package sim

import "github.com/looplab/looplab/sim/internal/engine"

// defaultJSCost is the default CPU cost of JavaScript's work (Costs.JSOpPS and the
// others), calibrated against Node 24.18.0's main-thread CPU time on the shapes of
// testdata/cpu (scripts/calibrate-cpu.sh, TestCPUCalibration, docs/performance.md's table):
// JSOpPS on the seed's 6e7 loop, JSBytePS on string building, the JSON, sort and regexp
// models on their shapes. JSAllocPS is nominal: the engine serves small blocks from
// arenas of its own, so the allocations it reports are arena pages.
var defaultJSCost = Costs{JSOpPS: 660, JSAllocPS: 100, JSBytePS: 32, JSRegexpStepPS: 1000,
	JSONStringifyCharPS: 3350, JSONParseCharPS: 6900, SortComparePS: 17_300, SortDefaultComparePS: 16_500,
	RegexpExecPS: 180_000, RegexpCharPS: 2000}

// Weights of the operation budget (Limits.MaxOps) beyond the engine's own counts: what
// the interpreter's time for them is worth in bytecode operations.
const (
	hostOpOps       = 20  // a call into the host (hostcall)
	busyWaitReadOps = 100 // a clock read of a busy-waiting callback (busywait.go)
	// regexpStepOps is a backtracking step of the regexp engine: measured 6x a
	// bytecode operation's time (a catastrophic pattern against `while (true) {}`).
	regexpStepOps = 8
	// callbackOps is a callback the event loop runs (an I/O completion, a timer, an
	// immediate): the host's side of it, its event, steps and the call into the engine,
	// measured at 20 us for a completed fs.readFile against 2.7 ns per operation.
	callbackOps = 5000
)

// jsCost turns the engine's work into main-thread CPU time and counts it against the
// operation budget, charged when the program can observe it (a clock read, the end of a
// callback, an interrupt check).
type jsCost struct {
	last     engine.Work // the work charged so far
	ps       int64       // picoseconds not yet a whole microsecond
	budget   int64       // operations counted against Limits.MaxOps
	hostOps  int64       // extra budget operations (host calls, busy-wait reads)
	internal int         // > 0 while Node's own set-up runs (a built-in module loading)
}

// chargeJS charges the work done since the last charge.
func (r *run) chargeJS() {
	if r.js == nil {
		return
	}
	w := r.js.Work()
	c := &r.jsCost
	d := engine.Work{Ops: w.Ops - c.last.Ops, Allocs: w.Allocs - c.last.Allocs, AllocBytes: w.AllocBytes - c.last.AllocBytes, RegexpSteps: w.RegexpSteps - c.last.RegexpSteps}
	c.last = w
	c.budget += d.Ops + d.Allocs + d.RegexpSteps*regexpStepOps
	if c.internal > 0 {
		return // Node's start-up and module loading take no time (a simplification)
	}
	k := &r.sc.Costs
	c.ps += d.Ops*k.JSOpPS + d.Allocs*k.JSAllocPS + d.AllocBytes*k.JSBytePS + d.RegexpSteps*k.JSRegexpStepPS
	if us := c.ps / 1_000_000; us > 0 {
		c.ps -= us * 1_000_000
		r.cpu(us)
	}
}

// internalWork brackets Node's own set-up (delta +1 when it starts, -1 when it ends): its
// work counts against the budget but costs no virtual time.
func (r *run) internalWork(delta int) {
	r.chargeJS()
	r.jsCost.internal += delta
}

// chargeNative charges ps picoseconds of a native built-in's modelled work
// (nativecost.go) as main-thread CPU, and counts it against the operation budget at the
// price of bytecode operations.
func (r *run) chargeNative(ps int64) {
	c := &r.jsCost
	c.hostOps += ps / max(r.sc.Costs.JSOpPS, 1)
	if c.internal > 0 {
		return
	}
	c.ps += ps
	if us := c.ps / 1_000_000; us > 0 {
		c.ps -= us * 1_000_000
		r.cpu(us)
	}
}

// countHostOps adds n operations to the budget for work the engine does not count.
func (r *run) countHostOps(n int64) { r.jsCost.hostOps += n }

// budgetError is the deterministic budget a run is past, or nil: the work its
// JavaScript did (checked at every interrupt point, so a loop that never yields is
// stopped at the same operation on any machine) and virtual time.
func (r *run) budgetError() *Error {
	if w := r.iso.world; w != nil && w.failed != nil {
		return w.failed
	}
	if r.js != nil && r.js.HeapRefused() {
		return r.memoryError() // a Hold outside JavaScript did not fit
	}
	if ops := r.totalOps(); ops > r.sc.Limits.MaxOps {
		return newError(CodeOpBudget, "the program ran more than %d JavaScript operations", r.sc.Limits.MaxOps)
	}
	if r.lp.Now() > r.sc.Limits.MaxVirtualMS*1000 {
		return newError(CodeVirtualTime, "virtual time passed the %d ms limit", r.sc.Limits.MaxVirtualMS)
	}
	return nil
}

// totalOps is the budget operations every runtime of the run used so far (the main
// thread and its workers share one budget).
func (r *run) totalOps() int64 {
	if w := r.iso.world; w != nil {
		var n int64
		for _, iso := range w.isolates {
			n += iso.jsCost.budget + iso.jsCost.hostOps
		}
		return n
	}
	return r.jsCost.budget + r.jsCost.hostOps
}
