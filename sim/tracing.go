package sim

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// step records one trace step with a snapshot of every queue. It does nothing in
// summary mode or once the trace is full.
func (r *run) step(event, detail string, line int, en, vi, rule string) {
	if !r.tracing() {
		return
	}
	col := 0
	if line == 0 {
		line, col = r.callerPos()
	}
	r.steps = append(r.steps, Step{
		N: len(r.steps) + 1, TimeUS: r.now, Phase: r.phase, Line: line, Column: col,
		Event: event, Detail: detail, Explain: en, ExplainVI: vi, Rule: rule,
		State: r.snapshot(),
	})
}

// tracing reports whether steps are being recorded (trace on and not yet full).
func (r *run) tracing() bool {
	return r.trace && len(r.steps) < r.sc.Limits.MaxTraceSteps
}

// snapshot copies the visible state of every queue.
func (r *run) snapshot() Snapshot {
	s := Snapshot{
		NextTicks:    make([]QueueItem, 0, len(r.ticks)),
		Microtasks:   r.micro.items(),
		Timers:       r.timerItems(),
		Poll:         []QueueItem{},
		Check:        []QueueItem{},
		Close:        make([]QueueItem, 0, len(r.closing)),
		Pool:         make([]PoolSlot, len(r.pool.threads)),
		PoolQueue:    make([]QueueItem, 0, len(r.pool.queue)),
		Kernel:       []KernelWait{},
		ConsoleLines: len(r.console),
	}
	for _, t := range r.ticks {
		s.NextTicks = append(s.NextTicks, QueueItem{ID: t.id, Label: t.label, Line: t.line})
	}
	for _, lst := range [][]*immediate{r.checkRunning, r.immediates} {
		for _, im := range lst {
			if !im.cleared {
				s.Check = append(s.Check, QueueItem{ID: im.id, Label: im.label, Line: im.line})
			}
		}
	}
	for _, ev := range r.pollBatch {
		if !ev.dead {
			s.Poll = append(s.Poll, QueueItem{ID: ev.id, Label: ev.label, Line: ev.line})
		}
	}
	for _, ev := range r.io.sorted() {
		switch {
		case ev.readyAt <= r.now:
			s.Poll = append(s.Poll, QueueItem{ID: ev.id, Label: ev.label, Line: ev.line})
		case ev.kernel:
			s.Kernel = append(s.Kernel, KernelWait{ID: ev.id, Label: ev.label, Line: ev.line, ReadyUS: ev.readyAt})
		}
	}
	for _, c := range r.closing {
		s.Close = append(s.Close, QueueItem{ID: c.id, Label: c.label, Line: c.line})
	}
	for i, j := range r.pool.threads {
		s.Pool[i] = PoolSlot{Thread: i + 1}
		if j != nil {
			s.Pool[i] = PoolSlot{Thread: i + 1, JobID: j.id, Label: j.label, Line: j.line, EndUS: j.endAt}
		}
	}
	for _, j := range r.pool.queue {
		s.PoolQueue = append(s.PoolQueue, QueueItem{ID: j.id, Label: j.label, Line: j.line})
	}
	return s
}

func (r *run) timerItems() []TimerItem {
	out := []TimerItem{}
	for _, l := range r.timers.sortedLists() {
		for _, t := range l.timers {
			out = append(out, TimerItem{ID: t.id, Label: t.label, Line: t.line, DelayMS: t.msecs, DueMS: t.idleStart + t.msecs, ListID: l.id, Repeat: t.repeat, Unref: !t.ref})
		}
	}
	return out
}

// finishSummary fills the summary of the run.
func (r *run) finishSummary() {
	r.summary.ExitCode = r.exitCode
	r.summary.EndTimeUS = r.now
	r.summary.ThreadPool = r.poolJobs()
	r.summary.Server = r.serverSummary()
	if r.summary.Callbacks == nil {
		r.summary.Callbacks = []CallbackCost{}
	}
	if r.steps == nil {
		r.steps = []Step{}
	}
	if r.console == nil {
		r.console = []string{}
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
