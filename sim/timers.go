package sim

import (
	"cmp"
	"math"
	"slices"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/loop"
	"github.com/looplab/looplab/sim/trace"
)

// timer is one JS Timeout (lib/internal/timers.js `Timeout`).
type timer struct {
	id        int
	msecs     int64 // the list it lives in: trunc(after) (R-T1)
	after     float64
	repeat    bool
	idleStart int64      // loop-clock reading (ms) when armed (R-T2)
	outAt     int64      // output written before it was armed (run.outSize), for nearTie
	first     bool       // the first timer the program armed, for nearTie
	list      *timerList // nil when not armed (fired, cleared or running)
	ref       bool
	cleared   bool // clearTimeout/clearInterval: never re-armed, not even by refresh
	line      int
	site      site // where it was armed and is defined (the trace)
	label     string
	obj       engine.Value // the JS Timeout (kept while armed): `this` of the callback, holding _onTimeout and _timerArgs
	ctx       *httpReq     // the request whose work armed it
	origin    *asyncCtx    // where it was armed (the trace's async frames)
}

// timerList is one list per integer duration, ordered in the priority queue by
// (expiry, id) (R-T2, R-T3b).
type timerList struct {
	msecs  int64
	expiry int64
	id     int
	timers []*timer
}

// timerState is Node's timerListMap plus timerListQueue and the timer refCount.
type timerState struct {
	lists     []*timerList // one per duration, in no particular order (they are few)
	nextList  int
	refCount  int
	byID      map[int]*timer
	intervals []*timer     // armed setInterval timers (they make future expiry ties)
	sorted    []*timerList // sortedLists's buffer
	armed     int          // timers armed so far (the first one takes real Node longest)
}

// list is the list of timers of duration msecs, or nil.
func (ts *timerState) list(msecs int64) *timerList {
	for _, l := range ts.lists {
		if l.msecs == msecs {
			return l
		}
	}
	return nil
}

// drop removes list l from the queue.
func (ts *timerState) drop(l *timerList) {
	if i := slices.Index(ts.lists, l); i >= 0 {
		ts.lists = slices.Delete(ts.lists, i, i+1)
	}
}

// normalizeDelay applies R-T1: after *= 1; if !(after >= 1 && after <= TIMEOUT_MAX) after = 1.
func normalizeDelay(v engine.Value) float64 {
	after := math.NaN()
	if !v.IsUndefined() {
		after = v.Float()
	}
	if !(after >= 1 && after <= timeoutMax) {
		return 1
	}
	return after
}

const timeoutMax = 1<<31 - 1

// earliest returns the list at the head of the priority queue, or nil.
func (ts *timerState) earliest() *timerList {
	var best *timerList
	for _, l := range ts.lists {
		if best == nil || l.expiry < best.expiry || (l.expiry == best.expiry && l.id < best.id) {
			best = l
		}
	}
	return best
}

// sortedLists returns the lists in priority order, for snapshots. The slice is reused by
// the next call.
func (ts *timerState) sortedLists() []*timerList {
	out := ts.sorted[:0]
	for _, l := range ts.lists {
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b *timerList) int {
		if c := cmp.Compare(a.expiry, b.expiry); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	ts.sorted = out
	return out
}

// insertTimer appends t to its duration's list, creating the list if needed (R-T2).
func (r *nodeTimers) insertTimer(t *timer, start int64) {
	ts := &r.timers
	t.idleStart = start
	l := ts.list(t.msecs)
	if l == nil {
		l = &timerList{msecs: t.msecs, expiry: start + t.msecs, id: ts.nextList}
		ts.nextList++
		ts.lists = append(ts.lists, l)
	}
	t.list = l
	l.timers = append(l.timers, t)
	if t.ref {
		r.timers.refCount++
	}
	r.syncTimer()
}

// unlinkTimer removes t from its list; an emptied list is dropped from the queue.
func (r *nodeTimers) unlinkTimer(t *timer) {
	l := t.list
	if l == nil {
		return
	}
	if t.ref {
		r.timers.refCount--
	}
	if len(l.timers) > 0 && l.timers[0] == t {
		l.timers[0] = nil
		l.timers = l.timers[1:] // the common case: the head of the list fires
	} else {
		for i, x := range l.timers {
			if x == t {
				l.timers = append(l.timers[:i], l.timers[i+1:]...)
				break
			}
		}
	}
	t.list = nil
	if len(l.timers) == 0 {
		r.timers.drop(l)
	}
	r.syncTimer()
}

// syncTimer sets the loop's one timer handle to the earliest list's expiry, ref'd while
// a ref'd timer is armed (Node's scheduleTimer and toggleTimerRef).
func (r *nodeTimers) syncTimer() {
	if l := r.timers.earliest(); l != nil {
		r.lp.StartTimer(l.expiry)
	} else {
		r.lp.StopTimer()
	}
	r.lp.RefTimer(r.timers.refCount > 0)
}

// newTimer arms a timer for the Timeout object obj (setTimeout/setInterval and
// timers/promises), keeping obj while the timer is armed.
func (r *nodeTimers) newTimer(obj, delay engine.Value, repeat bool, label string, at site) *timer {
	after := normalizeDelay(delay)
	t := &timer{id: r.nextSeq(), obj: r.js.Keep(obj), after: after, msecs: int64(after), repeat: repeat, ref: true, label: label, ctx: r.curReq,
		outAt: r.out.outSize, first: r.timers.armed == 0}
	r.timers.armed++
	t.line, t.site = at.line, at
	t.origin = r.queuedHere(label, t.line)
	if r.timers.byID == nil {
		r.timers.byID = map[int]*timer{}
	}
	r.timers.byID[t.id] = t
	if repeat {
		r.timers.intervals = append(r.timers.intervals, t)
	}
	start := r.lp.ReadClock(r.nearTie(t.msecs), loop.ClockRead{Who: loop.ReadTimerArm, N: t.line})
	r.insertTimer(t, start)
	return t
}

// nearTie reports whether arming a timer of msecs now could tie with another timer list
// if the millisecond clock ticked over just before it (R-R3): some other list is due
// within one millisecond of it; or its own list's last timer was armed at this same
// reading and real time has likely passed since (console output was written: the
// first console.log builds stdout, 3-10 ms; or it was the program's first timer, whose
// setTimeout sets up the timers, 0.3-0.6 ms), so that a tick-over leaves that timer due
// one millisecond before the new one (Node reads the clock for every timer it arms:
// the timers phase can run the first and leave the second for the next iteration).
func (r *nodeTimers) nearTie(msecs int64) bool {
	now := r.lp.NowMS()
	due := now + msecs
	for _, l := range r.timers.lists {
		if l.msecs != msecs && l.expiry >= due-1 && l.expiry <= due+1 {
			return true
		}
		if l.msecs == msecs && len(l.timers) > 0 {
			if last := l.timers[len(l.timers)-1]; last.idleStart == now && (last.outAt < r.out.outSize || last.first) {
				return true
			}
		}
	}
	for _, t := range r.timers.intervals {
		if t.list != nil && t.msecs != msecs && periodNear(due-(t.idleStart+t.msecs), t.msecs) {
			return true // a later run of this interval can tie with the new timer
		}
	}
	return false
}

// periodNear reports whether diff is within one of a multiple of period (diff >= -1).
func periodNear(diff, period int64) bool {
	if diff < -1 || period <= 0 {
		return false
	}
	m := (diff%period + period) % period
	return m <= 1 || m >= period-1
}

// clearTimer implements clearTimeout/clearInterval (R-T3d).
func (r *nodeTimers) clearTimer(t *timer) {
	if t == nil || t.cleared {
		return
	}
	t.cleared = true
	r.unlinkTimer(t)
	r.releaseTimer(t)
	if t.repeat {
		for i, x := range r.timers.intervals {
			if x == t {
				r.timers.intervals = append(r.timers.intervals[:i], r.timers.intervals[i+1:]...)
				break
			}
		}
	}
}

// releaseTimer forgets a timer that will not run again unless its Timeout is refreshed
// (then opTimerRefresh arms it anew from the object).
func (r *nodeTimers) releaseTimer(t *timer) {
	delete(r.timers.byID, t.id)
	r.js.Drop(t.obj)
	t.obj = r.js.Undefined()
}

// refreshTimer re-arms t from the current clock (Timeout#refresh, 314); a timer that
// already fired is armed again, a cleared one is not.
func (r *nodeTimers) refreshTimer(t *timer) {
	if t == nil || t.cleared {
		return
	}
	r.unlinkTimer(t)
	start := r.lp.ReadClock(r.nearTie(t.msecs), loop.ClockRead{Who: loop.ReadTimerRefresh, N: t.line})
	r.insertTimer(t, start)
}

func (r *nodeTimers) setTimerRef(t *timer, ref bool) {
	if t == nil || t.ref == ref {
		return
	}
	if t.list != nil {
		if ref {
			r.timers.refCount++
		} else {
			r.timers.refCount--
		}
	}
	t.ref = ref
	r.syncTimer()
}

// runTimersPass is processTimers/listOnTimeout (R-T3), which Environment::RunTimers
// calls when the timer handle is due at the loop's clock reading now (read once and
// frozen for the pass): timers run in (expiry, id) list order and insertion order within
// a list; each is its own callback boundary (R-CB7).
func (r *nodeTimers) runTimersPass(now int64) {
	r.enterPhase(PhaseTimers)
	r.timerPassNow = now
	var group *timerList // before Node 11, one list is one callback scope (R-V1)
	for !r.exiting {
		t, l := r.nextDueTimer(now)
		if t == nil {
			break
		}
		if l != group {
			r.endDrainGroup()
			r.beginDrainGroup()
			group = l
		}
		r.runTimer(t)
	}
	r.endDrainGroup()
}

// nextDueTimer pops the next timer that is due at the frozen reading now, with the list
// it was in, updating list expiries and ids the way listOnTimeout does for lists that are
// not done (R-T3).
func (r *nodeTimers) nextDueTimer(now int64) (*timer, *timerList) {
	for {
		l := r.timers.earliest()
		if l == nil || l.expiry > now {
			return nil, nil
		}
		if len(l.timers) == 0 {
			r.timers.drop(l)
			r.syncTimer()
			continue
		}
		t := l.timers[0]
		if now-t.idleStart < l.msecs {
			l.expiry = max(t.idleStart+l.msecs, now+1)
			l.id = r.timers.nextList
			r.timers.nextList++
			r.syncTimer()
			continue
		}
		r.unlinkTimer(t)
		return t, l
	}
}

// runTimer calls one due timer and re-arms it if it is an interval (R-T4). As in Node,
// the callback is the Timeout's _onTimeout, called with the Timeout as this.
func (r *nodeTimers) runTimer(t *timer) {
	due := (t.idleStart + t.msecs) * 1000
	start := r.beginTimer(t)
	mark := r.js.Mark()
	cb, args := r.timerCallback(t)
	r.withRequest(t.ctx, due, func() { r.invokeCallback("timer", cb, t.obj, args) })
	r.js.Unwind(mark)
	r.endTimer(t, start)
}

// timerCallback reads a Timeout's callback and arguments.
func (r *nodeTimers) timerCallback(t *timer) (engine.Value, []engine.Value) {
	return r.js.Get(t.obj, "_onTimeout"), r.list(r.js.Get(t.obj, "_timerArgs"))
}

// beginTimer reads the clock for an interval (its next start, R-T4) and records the step.
func (r *nodeTimers) beginTimer(t *timer) int64 {
	var start int64
	if t.repeat {
		start = r.lp.ReadClock(r.nearTie(t.msecs), loop.ClockRead{Who: loop.ReadIntervalStart, N: t.line})
	}
	r.curLine = t.line
	r.enter(t.origin, t.label, t.line)
	r.step(trace.TimerFires, t.label, t.line, about{label: t.label, item: t.id, site: t.site})
	return start
}

// endTimer re-inserts an interval measured from when its callback started (R-T4), unless
// the callback cleared it or already re-armed it with refresh(); a timeout that is done
// is released.
func (r *nodeTimers) endTimer(t *timer, start int64) {
	switch {
	case t.cleared:
	case t.repeat && t.list == nil:
		r.insertTimer(t, r.nextPeriodStart(t, start))
	case !t.repeat && t.list == nil:
		r.releaseTimer(t)
	}
}

// nextPeriodStart is where the next period of interval t starts, its callback having
// started at start: there, in a release with R-V10; before it (Node 10's rearm), when the
// callback outlasted the period, 1 ms after the callback returned, read from the clock.
func (r *nodeTimers) nextPeriodStart(t *timer, start int64) int64 {
	if r.prof.Has(ChangeIntervalStart) {
		return start
	}
	if end := r.lp.ReadClock(false, loop.ClockRead{}); end-start >= t.msecs {
		return end - t.msecs + 1
	}
	return start
}

// nextTimerAfterThrow hands invoke the next due timer of the current pass after a timer
// threw and an 'uncaughtException' listener handled it: Node re-enters processTimers
// without runNextTicks (R-U2, case 912).
func (r *nodeTimers) nextTimerAfterThrow() (passCallback, bool) {
	if r.phase != PhaseTimers {
		return passCallback{}, false
	}
	t, _ := r.nextDueTimer(r.timerPassNow)
	if t == nil {
		return passCallback{}, false
	}
	start := r.beginTimer(t)
	cb, args := r.timerCallback(t)
	return passCallback{fn: cb, this: t.obj, args: args, done: func() { r.endTimer(t, start) }}, true
}

// listDueAt reports whether some timer list expires at the loop-clock reading ms.
func (ts *timerState) listDueAt(ms int64) bool {
	for _, l := range ts.lists {
		if l.expiry == ms {
			return true
		}
	}
	return false
}

// opSetTimer(timeout, callback, after, args, repeat) arms a timer for the Timeout object
// setTimeout or setInterval made; it returns the timer's id, which the object keeps.
func (r *nodeTimers) opSetTimer(c *engine.Call) engine.Value {
	obj, cb := c.Arg(0), c.Arg(1)
	repeat := c.Arg(4).Truthy()
	kind := "setTimeout"
	if repeat {
		kind = "setInterval"
	}
	t := r.newTimer(obj, c.Arg(2), repeat, r.callbackLabel(kind, cb), r.callbackSite(cb, kind))
	if r.tracing() {
		ms := itoa(int(t.msecs))
		r.step(trace.TimerArmed, t.label+" "+ms+" ms", t.line, about{label: t.label, item: t.id, arg: ms, site: t.site})
	}
	return r.js.Int(int64(t.id))
}

func (r *nodeTimers) timerArg(c *engine.Call) *timer { return r.timers.byID[int(argInt(c, 0))] }

func (r *nodeTimers) opClearTimer(c *engine.Call) engine.Value {
	r.cancelTimer(r.timerArg(c))
	return r.js.Undefined()
}

// cancelTimer is clearTimeout (and timeout.close()); t may be nil.
func (r *nodeTimers) cancelTimer(t *timer) {
	if t != nil {
		r.clearTimer(t)
		r.step(trace.TimerCleared, t.label, t.line, about{label: t.label, item: t.id})
	}
}

func (r *nodeTimers) opTimerRef(c *engine.Call) engine.Value {
	r.setTimerRef(r.timerArg(c), c.Arg(1).Truthy())
	return r.js.Undefined()
}

// opTimerRefresh(id, timeout) is Timeout#refresh: an armed timer is re-armed from now; one
// that fired is armed anew from its object (a cleared one stays cleared: the object
// knows, _destroyed).
func (r *nodeTimers) opTimerRefresh(c *engine.Call) engine.Value {
	if t := r.timerArg(c); t != nil {
		r.refreshTimer(t)
		return r.js.Undefined()
	}
	obj := c.Arg(1)
	if !obj.IsObject() || r.js.Get(obj, "_destroyed").Truthy() {
		return r.js.Undefined()
	}
	repeat := !r.js.Get(obj, "_repeat").IsNull()
	cb := r.js.Get(obj, "_onTimeout")
	t := r.newTimer(obj, r.js.Get(obj, "_idleTimeout"), repeat, r.callbackLabel("setTimeout", cb), r.callbackSite(cb, "refresh"))
	r.timers.byID[int(argInt(c, 0))] = t
	delete(r.timers.byID, t.id)
	t.id = int(argInt(c, 0))
	return r.js.Undefined()
}

// opSetImmediate(immediate, callback) queues the Immediate object setImmediate made.
func (r *nodeTimers) opSetImmediate(c *engine.Call) engine.Value {
	im := r.enqueueImmediate(c.Arg(0), c.Arg(1))
	return r.js.Int(int64(im.id))
}

func (r *nodeTimers) findImmediate(id int) *immediate {
	for _, lists := range [][]*immediate{r.immediates, r.checkRunning} {
		for _, im := range lists {
			if im.id == id {
				return im
			}
		}
	}
	return nil
}

func (r *nodeTimers) opClearImmediate(c *engine.Call) engine.Value {
	if im := r.findImmediate(int(argInt(c, 0))); im != nil && !im.cleared {
		im.cleared = true
		r.releaseImmediate(im)
		r.step(trace.ImmediateCleared, im.label, im.line, about{label: im.label, item: im.id})
	}
	return r.js.Undefined()
}

func (r *nodeTimers) opImmediateRef(c *engine.Call) engine.Value {
	if im := r.findImmediate(int(argInt(c, 0))); im != nil {
		im.ref = c.Arg(1).Truthy()
	}
	return r.js.Undefined()
}

// opImmediateHasRef(id) is Immediate#hasRef for one still queued: false once it ran or
// was cleared.
func (r *nodeTimers) opImmediateHasRef(c *engine.Call) engine.Value {
	im := r.findImmediate(int(argInt(c, 0)))
	return r.js.Bool(im != nil && im.ref && !im.cleared)
}

// opNextTick(callback, args) is process.nextTick; once the process is exiting it does
// nothing (R-X2).
func (r *nodeTimers) opNextTick(c *engine.Call) engine.Value {
	r.enqueueTick(c.Arg(0), r.list(c.Arg(1)))
	return r.js.Undefined()
}
