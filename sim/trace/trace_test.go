package trace_test

import (
	"testing"

	"github.com/looplab/looplab/sim/trace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVocabulary checks the table every reader of a trace relies on: each event once,
// with a role, a name and a default narration in both languages (the Vietnamese its own
// words, not the English), cases that are unique, and queues that exist.
func TestVocabulary(t *testing.T) {
	seen := map[trace.Event]bool{}
	for _, v := range trace.Vocabulary {
		assert.False(t, seen[v.Event], "%s is listed twice", v.Event)
		seen[v.Event] = true
		assert.Contains(t, trace.Roles, v.Role, v.Event)
		assert.NotEmpty(t, v.Name.EN, v.Event)
		assert.NotEmpty(t, v.Name.VI, v.Event)
		require.NotEmpty(t, v.Says, "%s has no narration", v.Event)
		assert.Equal(t, trace.CaseDefault, v.Says[0].Case, "%s: the default narration comes first", v.Event)
		cases := map[trace.Case]bool{}
		for _, n := range v.Says {
			assert.False(t, cases[n.Case], "%s: case %q twice", v.Event, n.Case)
			cases[n.Case] = true
			assert.NotEmpty(t, n.EN, v.Event)
			assert.NotEmpty(t, n.VI, v.Event)
			assert.NotEqual(t, n.EN, n.VI, "%s: the Vietnamese is a translation", v.Event)
		}
		if v.Queue != "" {
			assert.Contains(t, trace.Queues, v.Queue, v.Event)
		}
		if v.Role == trace.RoleEnqueue || v.Role == trace.RoleCancel {
			assert.NotEmpty(t, v.Queue, "%s says which queue its item enters or leaves", v.Event)
		}
	}
	assert.Len(t, trace.Names(), len(trace.Vocabulary))
}

func TestSay(t *testing.T) {
	en, vi, rule := trace.Say(trace.TimerArmed, trace.CaseDefault, "7")
	assert.Contains(t, en, "once 7 ms have passed")
	assert.Contains(t, vi, "khi đã qua 7 ms")
	assert.Equal(t, "R-T2", rule)
	en, _, rule = trace.Say(trace.ImmediateRuns, trace.CaseAfterThrow, "")
	assert.Contains(t, en, "the one before it threw")
	assert.Equal(t, "R-U2", rule)
	en, _, _ = trace.Say(trace.ImmediateRuns, "no-such-case", "")
	assert.Contains(t, en, "The check phase runs", "an unknown case says the default")
	en, vi, rule = trace.Say("no-such-event", "", "")
	assert.Empty(t, en+vi+rule)
	assert.False(t, trace.Known("no-such-event"))
	assert.True(t, trace.RunsCallback(trace.MicrotaskRuns))
	assert.True(t, trace.RunsCallback(trace.MainStarts))
	assert.False(t, trace.RunsCallback(trace.MicrotaskQueued))
	assert.Equal(t, trace.RoleMacro, trace.RoleOf(trace.IOCallback))
}
