package loop

// timerHandle is the one uv_timer_t behind every JavaScript timer (Node's
// env->timer_handle()): Node's side keeps its timer lists and sets the handle to the
// earliest list's expiry.
type timerHandle struct {
	due    int64 // loop milliseconds
	active bool
	ref    bool
}

// StartTimer is uv_timer_start at the loop's millisecond due (Node's ScheduleTimer).
func (l *Loop[D]) StartTimer(due int64) { l.timer.due, l.timer.active = due, true }

// StopTimer is uv_timer_stop: no timer list is left.
func (l *Loop[D]) StopTimer() { l.timer.active = false }

// RefTimer is uv_ref/uv_unref of the timer handle (Node's toggleTimerRef: ref'd while a
// ref'd timer is armed).
func (l *Loop[D]) RefTimer(ref bool) { l.timer.ref = ref }

// TimerDue is when the timer handle is due, in loop milliseconds, and whether it is
// active.
func (l *Loop[D]) TimerDue() (int64, bool) { return l.timer.due, l.timer.active }

// runTimers is uv__update_time then uv__run_timers with the one timer handle (R-T3): the
// clock is read once, and the host runs its timers when the handle is due. A tick-over
// just before the read matters only if the handle is due one ms later and something else
// would otherwise run first (R-R1, R-R2).
func (l *Loop[D]) runTimers() {
	if !l.timer.active {
		return
	}
	due := l.timer.due
	relevant := due == l.NowMS()+1 && l.workBefore(due)
	now := l.ReadClock(relevant, ClockRead{Who: ReadTimersPhase, N: int(due)})
	if relevant {
		l.host.TimersRead(now, due <= now)
	}
	if due > now {
		return
	}
	l.host.RunTimers(now)
}

// workBefore reports whether the loop has something to run before its clock reads ms:
// immediates, close callbacks, leftover ticks, or I/O ready before then.
func (l *Loop[D]) workBefore(ms int64) bool {
	if l.host.Immediates() > 0 || len(l.close) > 0 || l.host.TicksPending() {
		return true
	}
	return l.io.readyBefore(ms * 1000)
}

// timerWakeDue reports whether the timer handle is due on the loop clock now.
func (l *Loop[D]) timerWakeDue() bool {
	return l.timer.active && l.timer.due <= l.NowMS()
}

// timerWake is when, in virtual time, the timer handle is due (not before now).
func (l *Loop[D]) timerWake() int64 { return max(l.now, l.timer.due*1000) }
