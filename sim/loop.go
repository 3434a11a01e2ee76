package sim

import (
	"github.com/looplab/looplab/sim/internal/loop"
	"github.com/looplab/looplab/sim/trace"
)

// The event loop of each thread is libuv's part (sim/internal/loop): this file is
// Node's side of it, where Node's C++ plugs into libuv (loopHost), and the process's
// SpinEventLoop around uv_run.

// ioData is what Node's side attaches to the loop's requests and closing handles: the
// callback their completion runs, the HTTP request whose work they are, and where the
// program queued them (the trace's async frames).
type ioData struct {
	deliver func()
	ctx     *httpReq
	origin  *asyncCtx
}

type (
	nodeLoop = loop.Loop[ioData]
	ioEvent  = loop.Event[ioData]
	poolJob  = loop.Job[ioData]
)

// newLoop makes the loop of run r on machine m at virtual time now, under plan.
func (r *run) newLoop(m *loop.Machine[ioData], now int64, plan loop.Plan) {
	r.lp = loop.New[ioData](loopHost{r}, m, now, loop.Config{
		Plan:        plan,
		TimersAtEnd: r.prof.Has(ChangeTimersAtEnd),
		MaxUS:       r.sc.Limits.MaxVirtualMS * 1000,
	})
}

// spin is Node's SpinEventLoop: run the loop until it is not alive, emit 'beforeExit'
// (which may make it alive again), then emit 'exit' ([NODE], R-X1).
func (r *run) spin() {
	for !r.exiting {
		r.lp.Run()
		if r.exiting {
			break
		}
		r.emitBeforeExit()
		if !r.lp.Alive() {
			break
		}
	}
	r.emitExitNatural()
}

// loopHost is Node's side of a thread's loop (loop.Host).
type loopHost struct{ r *run }

// RunTimers is Environment::RunTimers: processTimers runs the due timers (timers.go).
func (h loopHost) RunTimers(now int64) { timersKey.of(h.r).runTimersPass(now) }

// RunCheck is Environment::CheckImmediate (queues.go).
func (h loopHost) RunCheck() { timersKey.of(h.r).runCheckPhase() }

// IODone runs a completion the poll phase delivers as its own callback (R-P1).
func (h loopHost) IODone(ev *ioEvent) {
	r := h.r
	r.enterPhase(PhasePoll)
	r.curLine = ev.Line
	r.enter(ev.Data.origin, ev.Label, ev.Line)
	job := 0
	if ev.Job != nil {
		job = ev.Job.ID
	}
	r.step(trace.IOCallback, ev.Label, ev.Line, about{label: ev.Label, item: ev.ID, job: job})
	if j := ev.Job; j != nil && ev.Data.ctx != nil {
		ev.Data.ctx.addSpan(segWait, j.QueuedAt, j.StartAt)
		ev.Data.ctx.addSpan(segPool, j.StartAt, j.EndAt)
	}
	r.withRequest(ev.Data.ctx, ev.ReadyAt, ev.Data.deliver)
	r.rec.cur = nil
}

// Closed runs a close callback (R-L3, R-E3).
func (h loopHost) Closed(c *loop.Closing[ioData]) {
	r := h.r
	r.enterPhase(PhaseClose)
	r.enter(c.Data.origin, c.Label, c.Line)
	r.step(trace.CloseCallback, c.Label, c.Line, about{label: c.Label, item: c.ID})
	c.Data.deliver()
}

// PollBlocks records that poll waits.
func (h loopHost) PollBlocks() { h.r.step(trace.PollWaits, "", 0) }

// TimersRead records the timers phase's read of the loop clock where a race is decided:
// before the loop's first iteration (R-R1) or after a check phase (R-R2).
func (h loopHost) TimersRead(now int64, due bool) {
	r := h.r
	say := trace.CaseDefault
	switch first := r.summary.LoopIterations == 0; {
	case first && due:
		say = trace.CaseDue
	case !first && due:
		say = trace.CaseLaterDue
	case !first:
		say = trace.CaseLater
	}
	r.enterPhase(PhaseTimers)
	r.step(trace.ClockRead, "loop clock "+itoa(int(now))+" ms", 0, about{arg: itoa(int(now)), say: say})
}

// Immediates is Node's immediate_info ref count: ref'd immediates and native ones.
func (h loopHost) Immediates() int { return timersKey.of(h.r).refImmediates() }

// TicksPending reports ticks a failed callback scope left.
func (h loopHost) TicksPending() bool { return len(h.r.ticks) > 0 }

// ListDueAt reports whether a timer list expires at loop time ms.
func (h loopHost) ListDueAt(ms int64) bool { return timersKey.of(h.r).timers.listDueAt(ms) }

// Stopped reports whether the process is exiting.
func (h loopHost) Stopped() bool { return h.r.exiting }

// Iteration counts the iteration and looks at the wall clock every 1,024 of them.
func (h loopHost) Iteration() {
	r := h.r
	r.summary.LoopIterations++
	if r.summary.LoopIterations%1024 == 0 {
		if err := r.backstopError(); err != nil {
			r.abort(err)
		}
	}
}

// Polled ends the run when a budget ran out (a worker's, or virtual time blocked in poll).
func (h loopHost) Polled() {
	if err := h.r.budgetError(); err != nil {
		h.r.abort(err)
	}
}

// WaitsForever ends a loop that would block with nothing left to happen. A server under
// the scenario's traffic ends normally once the traffic is over (a real server would go
// on listening); anything else waiting forever is reported as an error.
func (h loopHost) WaitsForever() {
	r := h.r
	if h := httpKey.peek(r); r.sc.Clients != nil && h != nil && len(h.http.servers) > 0 {
		r.step(trace.TrafficEnded, "", 0)
		r.exiting = true
		return
	}
	r.abort(newError(CodeVirtualTime, "the program waits forever: a handle keeps the process alive but nothing is left to happen"))
}

// Overtime ends the run at the virtual time limit.
func (h loopHost) Overtime() {
	h.r.abort(newError(CodeVirtualTime, "virtual time passed the %d ms limit", h.r.sc.Limits.MaxVirtualMS))
}

// isoThreads is how a thread's loop waits once the process has workers (worker.go).
type isoThreads struct{ r *run }

func (t isoThreads) WaitUntil(at int64, polling bool) { t.r.iso.world.waitUntil(t.r, at, polling) }
func (t isoThreads) OthersCanRun() bool               { return t.r.iso.world.othersCanRun(t.r) }

// cpu burns us microseconds of main-thread time (busy(ms), *Sync calls), charged to the
// request whose callback is running, if any.
func (r *run) cpu(us int64) {
	if us <= 0 {
		return
	}
	start := r.lp.Now()
	r.lp.Burn(us)
	now := r.lp.Now()
	if n := len(r.busyUS); n > 0 && r.busyUS[n-1].end == start { // one span for back-to-back CPU
		r.busyUS[n-1].end = now
	} else {
		r.busyUS = append(r.busyUS, busySpan{start: start, end: now})
	}
	r.cpuUS += now - start
	if r.curReq != nil {
		r.curReq.addSpan(segJS, start, now)
	}
}

// busySpan is an interval in which the main thread ran JS.
type busySpan struct{ start, end int64 }

// raceText is what a race's condition says of the place it is, in English and
// Vietnamese.
func raceText(p loop.Race) (en, vi string) {
	switch p.Kind {
	case loop.RacePool:
		return p.Label + " (line " + itoa(p.Line) + ")", p.Label + " (dòng " + itoa(p.Line) + ")"
	case loop.RaceLate:
		return "the timer due at " + itoa(int(p.DueMS)) + " ms", "timer tới hạn lúc " + itoa(int(p.DueMS)) + " ms"
	}
	n := itoa(p.Read.N)
	switch p.Read.Who {
	case loop.ReadTimerArm:
		return "setTimeout/setInterval on line " + n + " reads the clock", "setTimeout/setInterval ở dòng " + n + " đọc đồng hồ"
	case loop.ReadTimerRefresh:
		return "timeout.refresh() on line " + n + " reads the clock", "timeout.refresh() ở dòng " + n + " đọc đồng hồ"
	case loop.ReadIntervalStart:
		return "setInterval on line " + n + " reads the clock before its callback", "setInterval ở dòng " + n + " đọc đồng hồ trước callback"
	case loop.ReadTimersPhase:
		return "the timers phase reads the clock (a timer list is due at " + n + " ms)", "pha timers đọc đồng hồ (một danh sách timer tới hạn lúc " + n + " ms)"
	}
	return "", ""
}

func (r *run) enterPhase(p Phase) {
	if r.phase == p {
		return
	}
	r.phase = p
}

// countStep counts one unit of JS work against the step budget.
func (r *run) countStep() {
	r.steps64++
	if r.steps64 > r.sc.Limits.MaxSteps {
		r.abort(newError(CodeStepBudget, "more than %d callbacks, ticks and microtasks ran", r.sc.Limits.MaxSteps))
	}
}
