package quiz

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullGrade has every field set, so that no omitempty field hides from a comparison.
func fullGrade() Grade {
	got := "b"
	return Grade{Score: 0.5, Verdict: "partial", Divergence: &Divergence{Index: 1, Expected: "a", Got: &got, Step: 3},
		Step: 3, Explanation: Text{EN: "because", VI: "vì"}, Rule: "R-T1", RuleText: &Text{EN: "rule", VI: "luật"},
		Misconception: "nexttick-as-microtask", MisconceptionText: &Text{EN: "m", VI: "m"},
		Expected: json.RawMessage(`["a","b"]`), Options: []OptionResult{{ID: "x", Correct: true, Chosen: true, Credit: 1}},
		Checks: []CheckResult{{Text: Text{EN: "c"}, Passed: true, Step: 2}}}
}

// TestGradeDetailCoversGrade fails when a field is added to Grade but not to its
// stored detail: the detail holds every field of the grade's JSON but the three that
// attempts keep as columns, and decodes back to the same grade.
func TestGradeDetailCoversGrade(t *testing.T) {
	g := fullGrade()
	whole, err := json.Marshal(g)
	require.NoError(t, err)
	detail, err := g.EncodeDetail()
	require.NoError(t, err)
	var wholeFields, detailFields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(whole, &wholeFields))
	require.NoError(t, json.Unmarshal(detail, &detailFields))
	for _, column := range []string{"score", "verdict", "misconception"} {
		delete(wholeFields, column)
	}
	assert.Equal(t, slices.Sorted(maps.Keys(wholeFields)), slices.Sorted(maps.Keys(detailFields)))
	for k, v := range detailFields {
		assert.JSONEq(t, string(wholeFields[k]), string(v), k)
	}

	back := Grade{Score: g.Score, Verdict: g.Verdict, Misconception: g.Misconception}
	require.NoError(t, back.DecodeDetail(detail))
	assert.Equal(t, g, back)
	assert.Error(t, back.DecodeDetail([]byte(`{"step":"x"}`)))
}
