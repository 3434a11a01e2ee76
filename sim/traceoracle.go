package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/trace"
)

// OracleEvents is the trace oracle's view of a trace (docs/trace-oracle.md): the queue
// events of the program's own callbacks, in order, as scripts/oracle/trace-events.cjs
// reads them from real Node's async_hooks and promise hooks. An event is "KIND+ LINE"
// when a callback is queued (a timer armed) and "KIND LINE" when it runs (a timer
// fires), LINE being the line of the call that registered the callback; KIND is tick
// (process.nextTick), micro (queueMicrotask), then (a promise reaction), timer or
// immediate. Jobs Node makes for itself (adopting a thenable) and callbacks of I/O are
// not among them.
func OracleEvents(steps []Step) []string {
	var out []string
	for i := range steps {
		if ev, ok := oracleEvent(&steps[i]); ok {
			out = append(out, ev)
		}
	}
	return out
}

// oracleEvent is the oracle event of one step, if it is one.
func oracleEvent(s *Step) (string, bool) {
	if s.Internal {
		return "", false
	}
	var kind string
	queued := false
	switch s.Event {
	case trace.NextTickQueued, trace.NextTickRuns:
		kind, queued = "tick", s.Event == trace.NextTickQueued
	case trace.TimerArmed, trace.TimerFires:
		kind, queued = "timer", s.Event == trace.TimerArmed
	case trace.ImmediateQueued, trace.ImmediateRuns:
		kind, queued = "immediate", s.Event == trace.ImmediateQueued
	case trace.MicrotaskQueued, trace.MicrotaskRuns:
		queued = s.Event == trace.MicrotaskQueued
		switch s.Label {
		case labelMicrotask:
			kind = "micro"
		case labelAdopt, labelAwaitThenable, "promise job":
			return "", false
		default:
			kind = "then"
		}
	default:
		return "", false
	}
	if queued {
		kind += "+"
	}
	return kind + " " + strconv.Itoa(s.Line), true
}

// CompareTrace compares a trace with the events real Node went through, as the trace
// oracle recorded them ("then+ 9:19"): how many of Node's events the trace has in order
// (a longest common subsequence) out of how many, and where the two part ("" when they
// agree). cut says that the trace filled its limits: it is compared up to its end, as is
// a recording the recorder cut short ("end").
func CompareTrace(steps []Step, cut bool, recorded []string) (common, total int, diff string) {
	want := oracleLines(recorded)
	got := OracleEvents(steps)
	if n := len(want); n > 0 && want[n-1] == "end" {
		want = want[:n-1]
		got = got[:min(len(got), len(want))]
	}
	if cut {
		want = want[:min(len(got), len(want))]
	}
	common = lcs(got, want)
	if slices.Equal(got, want) {
		return common, len(want), ""
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	at := func(s []string) string {
		if i < len(s) {
			return s[i]
		}
		return "(end)"
	}
	return common, len(want), fmt.Sprintf("event %d: simulator %q, node %q", i+1, at(got), at(want))
}

// oracleLines is a recording's events with the column dropped ("then+ 9:19" -> "then+
// 9"): the engine and V8 count a call's column from different places, so the line
// alone identifies the call.
func oracleLines(events []string) []string {
	out := make([]string, 0, len(events))
	for _, e := range events {
		if i := strings.LastIndexByte(e, ':'); i > 0 {
			e = e[:i]
		}
		out = append(out, e)
	}
	return out
}

// lcs is the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case cur[j] > prev[j+1]:
				cur[j+1] = cur[j]
			default:
				cur[j+1] = prev[j+1]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
