package sim

import (
	"strings"
	"time"

	"github.com/looplab/looplab/sim/trace"
)

// raceWindowUS is how close to a non-blocking poll a thread-pool job must be to finish
// for the simulator to consider both timings (R-R4): real Node spends far more than the
// idealised zero time between the end of a callback and the next poll.
const raceWindowUS = 1000

// spin is Node's SpinEventLoop: run the loop until it is not alive, emit 'beforeExit'
// (which may make it alive again), then emit 'exit' ([NODE], R-X1).
func (r *run) spin() {
	for !r.exiting {
		r.uvRun()
		if r.exiting {
			break
		}
		r.emitBeforeExit()
		if !r.loopAlive() {
			break
		}
	}
	r.emitExitNatural()
}

// uvRun is uv_run(UV_RUN_DEFAULT) of libuv 1.46 (R-L1): one timers pass before the first
// iteration, then poll, check, close and timers at the end of every iteration. Before
// libuv 1.45 (Node 20.3, R-V3) the timers pass opened each iteration instead, after the
// loop was found alive.
func (r *run) uvRun() {
	atEnd := r.prof.Has(ChangeTimersAtEnd)
	alive := r.loopAlive()
	if alive && atEnd {
		r.runTimersPass()
	}
	for alive && !r.exiting {
		if !atEnd {
			r.runTimersPass()
		}
		start := r.now
		r.summary.LoopIterations++
		if r.summary.LoopIterations%1024 == 0 && time.Now().After(r.deadline) {
			r.abort(newError(CodeTimeBudget, "the program ran longer than the %d ms wall-clock budget", r.sc.Limits.WallMS))
			return
		}
		r.pollPhase()
		if err := r.budgetError(); err != nil {
			r.abort(err) // a worker's, or virtual time blocked in poll
			return
		}
		r.runCheckPhase()
		r.runClosePhase()
		if atEnd {
			r.runTimersPass()
		}
		alive = r.loopAlive()
		if r.now == start && alive {
			// An iteration always takes some time; without this a loop that only
			// re-queues setImmediate would never let a timer or a job come due (R-I3).
			r.advanceTo(r.now + 1)
		}
	}
}

// loopAlive is uv_loop_alive: ref'd timers, immediates, requests, handles or closing handles.
func (r *run) loopAlive() bool {
	return r.timers.refCount > 0 || r.refImmediates() > 0 || r.refIO() > 0 || r.handles > 0 || len(r.closing) > 0
}

// pollPhase is uv__io_poll with the timeout of uv__backend_timeout (R-L2), then the
// delivery of every ready event as its own callback (R-P1).
func (r *run) pollPhase() {
	r.runActionsUntil(r.now)
	nonBlocking := r.refImmediates() > 0 || len(r.closing) > 0 || !r.loopAlive()
	ready := r.readyIO()
	for len(ready) == 0 && !nonBlocking && !r.exiting {
		if at, has := r.nextActionAt(); has && at <= r.now {
			r.runActionsUntil(r.now) // kernel work due now may ready an event
			r.finishPoolJobs(r.now)
			ready = r.readyIO()
			continue
		}
		wake, ok := r.wakeTime()
		if !ok && r.iso.world != nil && r.iso.world.othersCanRun(r) {
			wake, ok = foreverUS, true // another thread may send something
		}
		if !ok {
			r.waitsForever()
			return
		}
		wake = r.maybeWakeLate(wake)
		if wake > r.now {
			r.step(trace.PollWaits, "", 0)
			before := r.now
			if w := r.iso.world; w != nil {
				if !w.waitUntil(r, wake, true) { // nobody will ever send anything
					r.now = before
					r.waitsForever()
					return
				}
			} else {
				r.advanceTo(wake)
			}
			r.idleUS += r.now - before
		}
		ready = r.readyIO()
		if r.timerWakeDue() || !r.loopAlive() {
			break
		}
	}
	if nonBlocking {
		ready = r.poolRaces(ready)
	}
	r.pollBatch = ready
	for entered := false; len(r.pollBatch) > 0; {
		ev := r.pollBatch[0]
		r.pollBatch = r.pollBatch[1:]
		if r.exiting {
			return
		}
		if ev.dead {
			continue
		}
		if !entered {
			r.enterPhase(PhasePoll)
			entered = true
		}
		r.curLine = ev.line
		r.enter(ev.origin, ev.label, ev.line)
		r.step(trace.IOCallback, ev.label, ev.line, about{label: ev.label, item: ev.id, job: ev.jobID()})
		if j := ev.job; j != nil && ev.ctx != nil {
			ev.ctx.addSpan(segWait, j.queuedAt, j.startAt)
			ev.ctx.addSpan(segPool, j.startAt, j.endAt)
		}
		r.withRequest(ev.ctx, ev.readyAt, ev.deliver)
		r.cur = nil
	}
	r.pollBatch = nil
}

// waitsForever ends a loop that would block with nothing left to happen. A server under
// the scenario's traffic ends normally once the traffic is over (a real server would go
// on listening); anything else waiting forever is reported as an error.
func (r *run) waitsForever() {
	if r.sc.Clients != nil && len(r.http.servers) > 0 {
		r.step(trace.TrafficEnded, "", 0)
		r.exiting = true
		return
	}
	r.abort(newError(CodeVirtualTime, "the program waits forever: a handle keeps the process alive but nothing is left to happen"))
}

// timerWakeDue reports whether the earliest timer list is due on the loop clock now.
func (r *run) timerWakeDue() bool {
	exp, ok := r.nextTimerExpiry()
	return ok && exp <= r.now/1000+r.clockShift()
}

// readyIO takes the events ready now out of the queue, in the order they became ready.
func (r *run) readyIO() []*ioEvent {
	return r.io.takeReady(r.now)
}

// poolRaces handles R-R4 at a poll that does not block: a quick job still running may in
// reality already be done. By default it is; the explorer also tries it being late by
// one loop iteration, done by the next poll (the loop's iterations take real time too).
func (r *run) poolRaces(ready []*ioEvent) []*ioEvent {
	var early []*ioEvent
	for _, j := range r.pool.threads {
		if j == nil || j.ev == nil || j.ev.index < 0 || j.endAt <= r.now || j.endAt-r.now > raceWindowUS {
			continue
		}
		switch {
		case j.raced && !j.lateOnce:
			continue
		case j.raced: // late at the poll before: done by this one
			j.lateOnce = false
		default:
			j.raced = true
			r.poolPoints++
			idx := r.poolPoints
			if r.isPrimary() {
				r.races = append(r.races, racePoint{kind: "pool", index: idx, what: j.label + " (line " + itoa(j.line) + ")", whatVI: j.label + " (dòng " + itoa(j.line) + ")"})
			}
			if r.plan.poolLate[idx] {
				j.lateOnce = true
				continue
			}
		}
		ev := j.ev
		r.completeJobEarly(j)
		r.io.remove(ev)
		early = append(early, ev)
	}
	return append(ready, early...)
}

// wakeTime is when a blocking poll returns: the next I/O event or the earliest timer.
func (r *run) wakeTime() (int64, bool) {
	best, ok := int64(0), false
	if ev := r.io.first(); ev != nil {
		best, ok = ev.readyAt, true
	}
	if exp, has := r.nextTimerExpiry(); has {
		t := max(r.now, (exp-r.clockShift())*1000)
		if !ok || t < best {
			best, ok = t, true
		}
	}
	if at, has := r.nextActionAt(); has && (!ok || at < best) {
		best, ok = at, true
	}
	return max(best, r.now), ok
}

// advanceTo moves virtual time forward to t, letting pool threads finish and start jobs.
func (r *run) advanceTo(t int64) {
	if t <= r.now {
		return
	}
	if w := r.iso.world; w != nil {
		w.waitUntil(r, t, false)
		return
	}
	r.runActionsUntil(t)
	r.finishPoolJobs(t)
	r.now = t
	if r.now > r.sc.Limits.MaxVirtualMS*1000 {
		r.abort(newError(CodeVirtualTime, "virtual time passed the %d ms limit", r.sc.Limits.MaxVirtualMS))
	}
}

// cpu burns us microseconds of main-thread time (busy(ms), *Sync calls), charged to the
// request whose callback is running, if any.
func (r *run) cpu(us int64) {
	if us <= 0 {
		return
	}
	start := r.now
	if r.cpuM != nil {
		r.cpuShared(us)
	} else {
		r.advanceTo(r.now + us)
	}
	if n := len(r.busyUS); n > 0 && r.busyUS[n-1].end == start { // one span for back-to-back CPU
		r.busyUS[n-1].end = r.now
	} else {
		r.busyUS = append(r.busyUS, busySpan{start: start, end: r.now})
	}
	r.cpuUS += r.now - start
	if r.curReq != nil {
		r.curReq.addSpan(segJS, start, r.now)
	}
}

// busySpan is an interval in which the main thread ran JS.
type busySpan struct{ start, end int64 }

// readClock is a read of the loop's millisecond clock (uv_update_time, R-L4). Under the
// race plan the clock may tick over once during the run (R-R1..R-R3); relevant reads are
// recorded as places where that could happen.
func (r *run) readClock(relevant bool, what clockRead) int64 {
	r.clockReads++
	if relevant && r.isPrimary() {
		r.races = append(r.races, racePoint{kind: "clock", index: r.clockReads, what: what.fill(what.en), whatVI: what.fill(what.vi)})
	}
	return r.now/1000 + r.clockShift()
}

// clockRead says what read the loop clock, for a race's condition: en and vi hold one
// %d that n fills. The text is made only for the reads recorded as races.
type clockRead struct {
	en, vi string
	n      int
}

func (c clockRead) fill(text string) string { return strings.Replace(text, "%d", itoa(c.n), 1) }

func (r *run) clockShift() int64 {
	if r.plan.crossAt > 0 && r.clockReads >= r.plan.crossAt {
		return 1
	}
	return 0
}

func (r *run) isPrimary() bool {
	return r.plan.crossAt == 0 && len(r.plan.poolLate) == 0 && len(r.plan.lateWake) == 0
}

// listDueAt reports whether some timer list expires at the loop-clock reading ms.
func (r *run) listDueAt(ms int64) bool {
	for _, l := range r.timers.lists {
		if l.expiry == ms {
			return true
		}
	}
	return false
}

// maybeWakeLate applies the late-wake race to a blocking poll that wakes for a timer: in
// the alternative timing it returns 1 ms later, unless an I/O event would wake it first.
func (r *run) maybeWakeLate(wake int64) int64 {
	exp, ok := r.nextTimerExpiry()
	if !ok || wake != max(r.now, (exp-r.clockShift())*1000) {
		return wake
	}
	if at, ok := r.nextActionAt(); r.io.readyBefore(wake+1001) || (ok && at <= wake+1000) {
		return wake
	}
	r.lateWakes++
	if r.isPrimary() && r.listDueAt(exp+1) {
		r.races = append(r.races, racePoint{kind: "late", index: r.lateWakes, what: "the timer due at " + itoa(int(exp)) + " ms", whatVI: "timer tới hạn lúc " + itoa(int(exp)) + " ms"})
	}
	if r.plan.lateWake[r.lateWakes] {
		return wake + 1000
	}
	return wake
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
