package loop

// RaceWindowUS is how close to a non-blocking poll a thread-pool job must be to finish
// for the loop to consider both timings (R-R4): real Node spends far more than the
// idealised zero time between the end of a callback and the next poll.
const RaceWindowUS = 1000

// poll is uv__io_poll with the timeout of uv__backend_timeout (R-L2), then the delivery
// of every ready event as its own callback (R-P1).
func (l *Loop[D]) poll() {
	m := l.m
	m.runActionsUntil(l, l.now)
	nonBlocking := l.host.Immediates() > 0 || len(l.close) > 0 || !l.Alive()
	ready := l.io.takeReady(l.now)
	for len(ready) == 0 && !nonBlocking && !l.host.Stopped() {
		if at, has := m.nextActionAt(); has && at <= l.now {
			m.runActionsUntil(l, l.now) // kernel work due now may ready an event
			m.finishJobs(l, l.now)
			ready = l.io.takeReady(l.now)
			continue
		}
		wake, ok := l.wakeTime()
		if !ok && l.threads != nil && l.threads.OthersCanRun() {
			wake, ok = Forever, true // another thread may send something
		}
		if !ok {
			l.host.WaitsForever()
			return
		}
		wake = l.maybeWakeLate(wake)
		if wake > l.now {
			l.host.PollBlocks()
			before := l.now
			if l.threads != nil {
				l.threads.WaitUntil(wake, true)
			} else {
				l.advanceTo(wake)
			}
			if l.now >= Forever { // nobody will ever send anything
				l.now = before
				l.host.WaitsForever()
				return
			}
			l.idleUS += l.now - before
		}
		ready = l.io.takeReady(l.now)
		if l.timerWakeDue() || !l.Alive() {
			break
		}
	}
	if nonBlocking {
		ready = l.poolRaces(ready)
	}
	l.batch = ready
	for len(l.batch) > 0 {
		ev := l.batch[0]
		l.batch = l.batch[1:]
		if l.host.Stopped() {
			return
		}
		if ev.Dead {
			continue
		}
		l.host.IODone(ev)
	}
	l.batch = nil
}

// wakeTime is when a blocking poll returns: the next I/O event, the timer handle or the
// next kernel action.
func (l *Loop[D]) wakeTime() (int64, bool) {
	best, ok := int64(0), false
	if ev := l.io.first(); ev != nil {
		best, ok = ev.ReadyAt, true
	}
	if l.timer.active {
		if t := l.timerWake(); !ok || t < best {
			best, ok = t, true
		}
	}
	if at, has := l.m.nextActionAt(); has && (!ok || at < best) {
		best, ok = at, true
	}
	return max(best, l.now), ok
}

// maybeWakeLate applies the late-wake race to a blocking poll that wakes for the timer
// handle: in the alternative timing it returns 1 ms later, unless an I/O event or a
// kernel action would wake it first.
func (l *Loop[D]) maybeWakeLate(wake int64) int64 {
	if !l.timer.active || wake != l.timerWake() {
		return wake
	}
	if at, ok := l.m.nextActionAt(); l.io.readyBefore(wake+1001) || (ok && at <= wake+1000) {
		return wake
	}
	l.clock.lateWakes++
	exp := l.timer.due
	if l.cfg.Plan.Primary() && l.host.ListDueAt(exp+1) {
		l.clock.races = append(l.clock.races, Race{Kind: RaceLate, Index: l.clock.lateWakes, DueMS: exp})
	}
	if l.cfg.Plan.LateWake[l.clock.lateWakes] {
		return wake + 1000
	}
	return wake
}

// poolRaces handles R-R4 at a poll that does not block: a quick job still running may in
// reality already be done. By default it is; the plan may have it late by one loop
// iteration, done by the next poll (the loop's iterations take real time too).
func (l *Loop[D]) poolRaces(ready []*Event[D]) []*Event[D] {
	var early []*Event[D]
	for _, j := range l.m.pool.threads {
		if j == nil || j.Event == nil || j.Event.index < 0 || j.EndAt <= l.now || j.EndAt-l.now > RaceWindowUS {
			continue
		}
		switch {
		case j.raced && !j.lateOnce:
			continue
		case j.raced: // late at the poll before: done by this one
			j.lateOnce = false
		default:
			j.raced = true
			l.clock.poolPoints++
			idx := l.clock.poolPoints
			if l.cfg.Plan.Primary() {
				l.clock.races = append(l.clock.races, Race{Kind: RacePool, Index: idx, Label: j.Label, Line: j.Line})
			}
			if l.cfg.Plan.PoolLate[idx] {
				j.lateOnce = true
				continue
			}
		}
		ev := j.Event
		l.m.completeEarly(l, j)
		l.io.remove(ev)
		early = append(early, ev)
	}
	return append(ready, early...)
}
