package quiz

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
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

// BenchmarkEncodeDetail encodes a grade shaped like a racy order question's: a bilingual
// explanation of about 1.2 KB and a revealed key of about 0.8 KB.
func BenchmarkEncodeDetail(b *testing.B) {
	g := fullGrade()
	g.Explanation = Text{EN: strings.Repeat("The timers phase runs the expired timer first. ", 12),
		VI: strings.Repeat("Pha timers chạy timer đã hết hạn trước tiên. ", 12)}
	g.Expected = json.RawMessage(`{"outcomes":[` + strings.Repeat(`{"stdout":["sync 1","sync 2","nextTick","Promise.then"],"condition":"always"},`, 6) + `{}]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.EncodeDetail(); err != nil {
			b.Fatal(err)
		}
	}
}
