package sim

import (
	"context"
	"runtime"
	"sync/atomic"
)

// The backstop of a simulation is the CPU time of its own threads, not the wall clock:
// the same program gets the same answer on an idle machine and on one whose every core
// is busy. The deterministic budgets (Limits.MaxOps, MaxSteps, MaxVirtualMS) end a run
// at the same operation on any machine; the backstop (Limits.CPUMS) is set several times
// above what they take, so it only ends a run whose work they do not see (a defect).
//
// A simulation's threads are goroutines: the caller's, which runs every race timing's
// main thread, and one per worker isolate. Only one of them runs at a time (the world's
// baton), and each runs in stretches locked to its OS thread, whose CPU clock
// (CLOCK_THREAD_CPUTIME_ID) then counts that goroutine's work alone: a stretch pauses
// before the goroutine blocks for the baton and resumes when it has it again.

// cpuBudget is the backstop of one simulation (or of a Compare's every release): the
// CPU time its stretches used, against its limit.
type cpuBudget struct {
	limitNS int64
	usedNS  atomic.Int64 // counted stretches (a stretch adds its time when it is counted)
}

func newCPUBudget(l Limits) *cpuBudget { return &cpuBudget{limitNS: l.CPUMS * 1_000_000} }

// exceeded reports whether the simulation's counted CPU time passed the limit.
func (b *cpuBudget) exceeded() bool { return b.usedNS.Load() > b.limitNS }

// begin starts a stretch of the calling goroutine: it stays on its OS thread until the
// stretch ends or pauses.
func (b *cpuBudget) begin() *cpuStretch {
	s := &cpuStretch{b: b, paused: true}
	s.resume()
	return s
}

// cpuStretch is one goroutine's work for a simulation. Its methods are called only
// from that goroutine.
type cpuStretch struct {
	b      *cpuBudget
	mark   int64 // the thread's CPU clock when the stretch last resumed or was counted
	paused bool
}

// count adds the CPU time since the last count to the budget.
func (s *cpuStretch) count() {
	if s == nil || s.paused {
		return
	}
	now := threadCPUNS()
	s.b.usedNS.Add(now - s.mark)
	s.mark = now
}

// pause counts the stretch and lets the goroutine move between threads (it is about to
// block).
func (s *cpuStretch) pause() {
	if s == nil || s.paused {
		return
	}
	s.count()
	s.paused = true
	runtime.UnlockOSThread()
}

// resume takes the stretch up again on the goroutine's thread.
func (s *cpuStretch) resume() {
	if s == nil || !s.paused {
		return
	}
	runtime.LockOSThread()
	s.paused = false
	s.mark = threadCPUNS()
}

// end counts the stretch and releases the thread.
func (s *cpuStretch) end() { s.pause() }

// backstopError is the end of a run whose caller went away (its context) or whose
// simulation used more CPU than its backstop (Limits.CPUMS); nil otherwise. Natives
// that work in chunks call it between them, as the interrupt hook does every
// engine.InterruptInterval operations.
func (r *run) backstopError() *Error {
	if r.ex.ctx.Err() != nil {
		return newError(CodeCancelled, "the simulation was canceled: %v", context.Cause(r.ex.ctx))
	}
	r.stretch.count()
	if r.ex.cpu.exceeded() {
		return r.ex.cpuError()
	}
	return nil
}

// CheckNativeWork is the engine's check inside long built-in functions (every few MiB
// they allocate; engine.NativeWorkChecker): a run whose caller went away or that is past
// its CPU backstop ends right after the built-in returns, not thousands of operations
// later. It reads no budget, so a run that goes on is unchanged.
func (r *run) CheckNativeWork() error {
	if err := r.backstopError(); err != nil {
		return &exitSignal{code: 1, err: err}
	}
	return nil
}

// cpuError is the error of a simulation past its CPU backstop.
func (e *explorer) cpuError() *Error {
	return newError(CodeTimeBudget, "the simulation used more than its %d ms of CPU time (the backstop)", e.sc.Limits.CPUMS)
}

// awaitBaton blocks the isolate until it may run again; its stretch pauses meanwhile.
func (r *run) awaitBaton() {
	r.stretch.pause()
	<-r.iso.baton
	r.stretch.resume()
}
