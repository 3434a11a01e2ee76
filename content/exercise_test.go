package content_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// printOnly writes programs that print what each exercise's checks look for without
// doing the work: no socket, no pool job, no waiting. None of them may pass.
var printOnly = map[string]func(p map[string]int) string{
	"exercise-chunk-yield-to-io": func(p map[string]int) string {
		return fmt.Sprintf("console.log('I/O at 1')\nfor (let i = 1; i <= %d; i++) console.log('chunk ' + i)\n", p["parts"])
	},
	"exercise-batch-logs": func(map[string]int) string {
		return "console.log('log lines written: 50')\n"
	},
	"exercise-unblock-hashing": func(p map[string]int) string {
		return fmt.Sprintf("for (let i = 1; i <= %d; i++) console.log('hashed ' + i)\n", p["n"])
	},
	"exercise-cache-the-query": func(p map[string]int) string {
		return fmt.Sprintf("console.log('db query')\nfor (let i = 1; i <= %d; i++) console.log('answered ' + i + ' 25000')\n", p["n"])
	},
	"exercise-capacity-503": func(map[string]int) string {
		return "console.log('503 job 3')\nsetTimeout(() => { console.log('200 job 1'); console.log('200 job 2') }, 50)\n"
	},
}

// trivialPrograms do none of an exercise's work (issue 30: console.log(1) earned half
// the credit of exercise-batch-logs, and went to the gradebook).
var trivialPrograms = []string{"console.log(1)", "// nothing", "setTimeout(() => {}, 10)"}

// TestExercisesCannotBePassedByPrinting grades, for every exercise of the bank and a few
// of its variants, trivial programs and a program that only prints the expected lines:
// none may earn any credit. The checks look at what happened (the phase a line printed
// in, pool jobs, served requests, waiting), not only at the text.
func TestExercisesCannotBePassedByPrinting(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	seen := 0
	for i, it := range items {
		if it.Content.Kind != "exercise" {
			continue
		}
		seen++
		cheat, ok := printOnly[it.Slug]
		require.True(t, ok, "%s: add a print-only program for this exercise", it.Slug)
		v := &quiz.QuestionVersion{ID: int64(i + 1), Content: it.Content}
		for seed := int64(0); seed < 3; seed++ {
			vr, err := e.Variant(ctx, v, seed)
			require.NoError(t, err)
			params := map[string]int{}
			for _, pv := range vr.Values {
				params[pv.Name], _ = strconv.Atoi(pv.Value)
			}
			for _, code := range append([]string{cheat(params)}, trivialPrograms...) {
				answer, _ := json.Marshal(code)
				_, g, err := e.Grade(ctx, v, seed, answer)
				require.NoError(t, err, it.Slug)
				assert.Zero(t, g.Score, "%s (seed %d) earns credit for:\n%s\n%s", it.Slug, seed, code, strings.TrimSpace(g.Explanation.EN))
			}
		}
	}
	assert.Equal(t, len(printOnly), seen)
}
