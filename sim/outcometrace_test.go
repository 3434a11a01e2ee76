package sim

import (
	"testing"

	"github.com/looplab/looplab/sim/trace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryOutcomeHasItsTrace: both orders of the seed snippet's race can be stepped
// through; the other timing's trace fires the timer before the immediate.
func TestEveryOutcomeHasItsTrace(t *testing.T) {
	res := runSource(t, seedSnippet, CommonJS, Scenario{})
	require.Len(t, res.Outcomes, 2)
	first, other := res.Outcomes[0], res.Outcomes[1]
	assert.Equal(t, TimingUsual, first.Timing)
	assert.Empty(t, first.Steps, "the first outcome's trace is Result.Steps")
	assert.Equal(t, TimingRace, other.Timing)
	require.NotEmpty(t, other.Steps)
	assert.Equal(t, other.Stdout, other.Console)
	fires := stepWhere(t, other.Steps, "timer fires", func(s Step) bool { return s.Event == trace.TimerFires })
	runs := stepWhere(t, other.Steps, "immediate runs", func(s Step) bool { return s.Event == trace.ImmediateRuns })
	assert.Less(t, fires.N, runs.N, "in the other timing the timer fires first")
	assert.Equal(t, PhaseTimers, fires.Phase)
	last := other.Steps[len(other.Steps)-1]
	assert.Equal(t, len(other.Console), last.State.ConsoleLines)
	for i, s := range other.Steps {
		assert.Equal(t, i+1, s.N)
	}
}

// TestOtherOutcomesShareOneTraceBudget: the first outcome's trace may fill the limits,
// the other outcomes' traces share them once more; what does not fit is cut short.
func TestOtherOutcomesShareOneTraceBudget(t *testing.T) {
	src := "setTimeout(() => console.log('t1'), 0)\nsetImmediate(() => console.log('i1'))\nrequire('fs').stat(__filename, () => console.log('stat'))\n"
	full := runSource(t, src, CommonJS, Scenario{})
	require.Len(t, full.Outcomes, 3)
	n1, n2, n3 := len(full.Steps), len(full.Outcomes[1].Steps), len(full.Outcomes[2].Steps)
	require.Greater(t, n2, 2)
	require.Greater(t, n3, 2)
	limit := n2 + n3 - 2
	cut := runSource(t, src, CommonJS, Scenario{Limits: Limits{MaxTraceSteps: limit}})
	require.Len(t, cut.Outcomes, 3)
	assert.Len(t, cut.Steps, min(n1, limit))
	assert.Len(t, cut.Outcomes[1].Steps, n2)
	assert.Len(t, cut.Outcomes[2].Steps, n3-2, "the last trace gets what is left")
	summary := runSource(t, src, CommonJS, Scenario{SummaryOnly: true})
	for _, o := range summary.Outcomes {
		assert.Empty(t, o.Steps, "summary mode records no trace")
	}
}
