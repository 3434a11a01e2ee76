package sim

import (
	"strconv"

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
