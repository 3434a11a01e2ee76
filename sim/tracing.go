package sim

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/trace"
)

// about is what a step is about beyond its event: the callback or job (its label and
// its id in the queues), the thread-pool job, and the narration's case and argument.
type about struct {
	label string
	item  int
	job   int
	arg   string     // the narration's {arg}
	say   trace.Case // the narration's case
	site  site       // where the callback was registered and is defined (callback steps)
}

// site is where a queued callback comes from: the line and column of the call that
// registered it, where the callback itself is defined (fnLine 0 when it is none of the
// program's functions), and whether Node's own code made the call rather than the
// program (internal: the program called a library function at line).
type site struct {
	line, col     int
	fnLine, fnCol int
	internal      bool
}

// step records one trace step with a snapshot of every queue and the call stack; its
// explanation comes from the vocabulary's narration of ev (package trace). It does nothing
// in summary mode or once the trace is full.
func (r *run) step(ev trace.Event, detail string, line int, a ...about) {
	if !r.tracing() {
		return
	}
	if ev != trace.MicrotaskQueued {
		r.micro.observe(r) // a job queued before this step shows before it
	}
	var ab about
	if len(a) > 0 {
		ab = a[0]
	}
	col := 0
	if line == 0 {
		line, col = r.callerPos()
	}
	if r.rec.steps == nil {
		r.rec.steps = make([]Step, 0, 64) // a short program's whole trace
	}
	var prev *Step
	if n := len(r.rec.steps); n > 0 {
		prev = &r.rec.steps[n-1]
	}
	en, vi, rule := trace.Say(ev, ab.say, ab.arg)
	st := Step{
		N: len(r.rec.steps) + 1, TimeUS: r.lp.Now(), Phase: r.phase, Line: line, Column: col,
		Event: ev, Detail: detail, Explain: en, ExplainVI: vi, Rule: rule,
		Label: ab.label, Item: ab.item, Job: ab.job,
		CallbackLine: ab.site.fnLine, CallbackColumn: ab.site.fnCol, Internal: ab.site.internal,
	}
	if prev != nil {
		st.State = r.snapshot(&prev.State)
		st.Stack = r.stack(prev.Stack, line, col)
	} else {
		st.State = r.snapshot(nil)
		st.Stack = r.stack(nil, line, col)
	}
	r.rec.traceBytes += st.sizeEstimate()
	r.rec.steps = append(r.rec.steps, st)
}

// tracing reports whether steps are being recorded (trace on and not yet full, in
// steps or in bytes).
func (r *run) tracing() bool {
	return r.rec.trace && len(r.rec.steps) < r.rec.traceCap.steps && r.rec.traceBytes < r.rec.traceCap.bytes
}

// sizeEstimate is about the size of the step encoded as JSON: its texts and a fixed
// share per queued item (every snapshot lists every queue).
func (s *Step) sizeEstimate() int64 {
	st := &s.State
	items := len(st.NextTicks) + len(st.Microtasks) + len(st.Timers) + len(st.Poll) + len(st.Check) +
		len(st.Close) + len(st.Pool) + len(st.PoolQueue) + len(st.Kernel)
	return int64(300 + len(s.Detail) + len(s.Explain) + len(s.ExplainVI) + 80*items + 60*len(s.Stack))
}

// snapshot copies the visible state of every queue. It reads the queues into the run's
// scratch buffers, then keeps each list of prev (the previous step's) that is unchanged:
// consecutive steps share most of their queues, and a step's lists are never modified.
func (r *run) snapshot(prev *Snapshot) Snapshot {
	sc := &r.rec.scratch
	sc.NextTicks = sc.NextTicks[:0]
	for _, t := range r.ticks {
		sc.NextTicks = append(sc.NextTicks, QueueItem{ID: t.id, Label: t.label, Line: t.line})
	}
	sc.Microtasks = r.micro.appendItems(sc.Microtasks[:0])
	sc.Timers = r.appendTimerItems(sc.Timers[:0])
	sc.Check = sc.Check[:0]
	for _, lst := range [][]*immediate{timersKey.of(r).checkRunning, timersKey.of(r).immediates} {
		for _, im := range lst {
			if !im.cleared {
				sc.Check = append(sc.Check, QueueItem{ID: im.id, Label: im.label, Line: im.line})
			}
		}
	}
	sc.Poll, sc.Kernel = sc.Poll[:0], sc.Kernel[:0]
	for _, ev := range r.lp.Delivering() {
		if !ev.Dead {
			sc.Poll = append(sc.Poll, QueueItem{ID: ev.ID, Label: ev.Label, Line: ev.Line})
		}
	}
	r.rec.ioScratch = r.lp.Pending(r.rec.ioScratch[:0])
	for _, ev := range r.rec.ioScratch {
		switch {
		case ev.ReadyAt <= r.lp.Now():
			sc.Poll = append(sc.Poll, QueueItem{ID: ev.ID, Label: ev.Label, Line: ev.Line})
		case ev.Kernel:
			sc.Kernel = append(sc.Kernel, KernelWait{ID: ev.ID, Label: ev.Label, Line: ev.Line, ReadyUS: ev.ReadyAt})
		}
	}
	clear(r.rec.ioScratch) // hold no finished events
	sc.Close = sc.Close[:0]
	for _, c := range slices.Backward(r.lp.Closing()) { // in the order the close phase runs them
		sc.Close = append(sc.Close, QueueItem{ID: c.ID, Label: c.Label, Line: c.Line})
	}
	sc.Pool = sc.Pool[:0]
	m := r.lp.Machine()
	for i, j := range m.PoolThreads() {
		slot := PoolSlot{Thread: i + 1}
		if j != nil {
			slot = PoolSlot{Thread: i + 1, JobID: j.ID, Label: j.Label, Line: j.Line, EndUS: j.EndAt}
		}
		sc.Pool = append(sc.Pool, slot)
	}
	sc.PoolQueue = sc.PoolQueue[:0]
	for _, j := range m.PoolQueue() {
		sc.PoolQueue = append(sc.PoolQueue, QueueItem{ID: j.ID, Label: j.Label, Line: j.Line})
	}
	if prev == nil {
		prev = &Snapshot{}
	}
	return Snapshot{
		NextTicks:    keepOrCopy(prev.NextTicks, sc.NextTicks),
		Microtasks:   keepOrCopy(prev.Microtasks, sc.Microtasks),
		Timers:       keepOrCopy(prev.Timers, sc.Timers),
		Poll:         keepOrCopy(prev.Poll, sc.Poll),
		Check:        keepOrCopy(prev.Check, sc.Check),
		Close:        keepOrCopy(prev.Close, sc.Close),
		Pool:         keepOrCopy(prev.Pool, sc.Pool),
		PoolQueue:    keepOrCopy(prev.PoolQueue, sc.PoolQueue),
		Kernel:       keepOrCopy(prev.Kernel, sc.Kernel),
		ConsoleLines: len(r.out.console),
	}
}

// keepOrCopy returns prev when it holds the same items as cur, else a copy of cur; the
// result is never nil, so that an empty queue encodes as [].
func keepOrCopy[T comparable](prev, cur []T) []T {
	if prev != nil && slices.Equal(prev, cur) {
		return prev
	}
	if len(cur) == 0 {
		return []T{}
	}
	return slices.Clone(cur)
}

// appendTimerItems appends every armed timer, list by list in priority order, to dst.
func (r *run) appendTimerItems(dst []TimerItem) []TimerItem {
	for _, l := range timersKey.of(r).timers.sortedLists() {
		for _, t := range l.timers {
			dst = append(dst, TimerItem{ID: t.id, Label: t.label, Line: t.line, DelayMS: t.msecs, DueMS: t.idleStart + t.msecs, ListID: l.id, Repeat: t.repeat, Unref: !t.ref})
		}
	}
	return dst
}

// finishSummary fills the summary of the run.
func (r *run) finishSummary() {
	r.summary.ExitCode = r.exitCode
	r.summary.EndTimeUS = r.lp.Now()
	r.summary.ThreadPool, r.summary.ThreadPoolJobs = r.poolJobs(), len(r.lp.Machine().PoolJobs())
	r.summary.Server = r.serverSummary()
	if r.summary.Callbacks == nil {
		r.summary.Callbacks = []CallbackCost{}
	}
	if r.rec.steps == nil {
		r.rec.steps = []Step{}
	}
	if r.out.console == nil {
		r.out.console = []string{}
	}
}

// formatMS renders microseconds as milliseconds without trailing zeros ("5", "0.05").
func formatMS(us int64) string {
	return strconv.FormatFloat(float64(us)/1000, 'f', -1, 64)
}

// WriteTrace prints steps one per line for a person: number, time, phase, line, event,
// detail and the English explanation, with the queues that are not empty.
func WriteTrace(w io.Writer, steps []Step) {
	for _, s := range steps {
		fmt.Fprintf(w, "%4d t=%-8s %-10s L%-3d %-18s %s\n", s.N, formatMS(s.TimeUS)+"ms", s.Phase, s.Line, s.Event, s.Detail)
		fmt.Fprintf(w, "       %s\n", s.Explain)
		writeQueue(w, "nextTick", s.State.NextTicks)
		writeQueue(w, "microtasks", s.State.Microtasks)
		writeQueue(w, "check", s.State.Check)
		writeQueue(w, "poll", s.State.Poll)
		writeQueue(w, "close", s.State.Close)
		if len(s.State.Timers) > 0 {
			parts := make([]string, len(s.State.Timers))
			for i, t := range s.State.Timers {
				parts[i] = fmt.Sprintf("%s@%dms", t.Label, t.DueMS)
			}
			fmt.Fprintf(w, "       timers: %s\n", strings.Join(parts, ", "))
		}
		var busy []string
		for _, p := range s.State.Pool {
			if p.JobID != 0 {
				busy = append(busy, fmt.Sprintf("#%d %s (until %sms)", p.Thread, p.Label, formatMS(p.EndUS)))
			}
		}
		if len(busy) > 0 {
			fmt.Fprintf(w, "       pool: %s\n", strings.Join(busy, ", "))
		}
	}
}

func writeQueue(w io.Writer, name string, items []QueueItem) {
	if len(items) == 0 {
		return
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.Label
	}
	fmt.Fprintf(w, "       %s: %s\n", name, strings.Join(parts, ", "))
}
