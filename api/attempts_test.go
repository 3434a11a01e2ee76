package api

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEncodeAttemptMatchesMarshal checks the spliced encoding of an attempt against
// encoding/json's: the same fields and values (plus the traces), whether the grade's
// details come pre-encoded from the store or not, with the other outcomes' traces or not.
func TestEncodeAttemptMatchesMarshal(t *testing.T) {
	got := "b"
	a := &quiz.Attempt{ID: 7, LearnerID: 2, QuestionID: 3, Version: 4, AttemptNo: 5, Seed: 6,
		Answer: json.RawMessage(`["b", "a"]`), HintsUsed: 1, StepLink: "/v1/attempts/7/steps/3",
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC),
		Grade: quiz.Grade{Score: 0.5, Verdict: "partial", Divergence: &quiz.Divergence{Index: 0, Expected: "a", Got: &got},
			Step: 3, Explanation: quiz.Text{EN: "because", VI: "vì"}, Rule: "R-T1", RuleText: &quiz.Text{EN: "r", VI: "r"},
			Misconception: "m", MisconceptionText: &quiz.Text{EN: "m", VI: "m"}, Expected: json.RawMessage(`["a","b"]`),
			Options: []quiz.OptionResult{{ID: "x", Credit: 1}}, Checks: []quiz.CheckResult{{Passed: true}}}}
	trace := quiz.Traces{Program: "console.log('a')\n", Steps: json.RawMessage(`[{"n":1}]`)}
	want, err := json.Marshal(a)
	require.NoError(t, err)
	var wantFields map[string]any
	require.NoError(t, json.Unmarshal(want, &wantFields))
	wantFields["trace"] = []any{map[string]any{"n": 1.0}}
	wantFields["program"] = "console.log('a')\n"

	for _, stored := range []bool{false, true} {
		if stored { // and a race: the other outcome's trace
			trace.Others = json.RawMessage(`[{"outcome":2,"steps":[{"n":1}]}]`)
			wantFields["outcome_traces"] = []any{map[string]any{"outcome": 2.0, "steps": []any{map[string]any{"n": 1.0}}}}
		}
		a.Detail = nil
		if stored {
			a.Detail, err = a.Grade.EncodeDetail()
			require.NoError(t, err)
		}
		var body bytes.Buffer
		require.NoError(t, encodeAttempt(&body, a, trace))
		var gotFields map[string]any
		require.NoError(t, json.Unmarshal(body.Bytes(), &gotFields), "%s", body.String())
		assert.Equal(t, wantFields, gotFields, "detail stored: %v", stored)
	}
}
