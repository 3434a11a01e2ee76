package quiz_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnotherLikeThis: the shape of an order question, a fresh program of that shape
// whose order the simulator says is certain, the same for the same seed, graded like
// any order question.
func TestAnotherLikeThis(t *testing.T) {
	t.Parallel()
	src := quiz.Content{Kind: "order", Module: sim.CommonJS, Program: "console.log('sync 1')\nsetTimeout(() => {\n  console.log('timeout')\n  process.nextTick(() => console.log('tick'))\n}, 0)\nsetImmediate(() => console.log('immediate'))\nPromise.resolve().then(() => console.log('then'))\n"}
	sh, ok := quiz.ShapeOf(&src)
	require.True(t, ok)
	assert.Equal(t, quiz.Shape{Schedulers: []string{"setTimeout", "setImmediate", "nextTick", "promise"}, Lines: 5, Nested: true, Module: "cjs"}, sh)
	_, ok = quiz.ShapeOf(&quiz.Content{Kind: "numeric", Program: "setTimeout(() => {}, 1)"})
	assert.False(t, ok, "only order questions have a shape")

	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := e.Another(ctx, sh, seed*100)
		require.NoError(t, err)
		again, err := e.Another(ctx, sh, seed*100)
		require.NoError(t, err)
		assert.Equal(t, g.Content.Program, again.Content.Program, "the same seed gives the same program")
		assert.GreaterOrEqual(t, g.Seed, seed*100)
		seen[g.Content.Program] = true
		assert.Equal(t, 5, strings.Count(g.Content.Program, "console.log("), g.Content.Program)
		got, ok := quiz.ShapeOf(&g.Content)
		require.True(t, ok)
		assert.Subset(t, sh.Schedulers, got.Schedulers, g.Content.Program)

		vr, err := e.Preview(ctx, &g.Content, 0, nil)
		require.NoError(t, err)
		require.True(t, vr.Result.Deterministic, "kept only when the order is certain:\n%s", g.Content.Program)
		right, err := json.Marshal(vr.Result.Outcomes[0].Stdout)
		require.NoError(t, err)
		grade, err := e.GradeVariant(ctx, vr, right)
		require.NoError(t, err)
		assert.Equal(t, quiz.VerdictCorrect, grade.Verdict)
	}
	assert.GreaterOrEqual(t, len(seen), 4, "different seeds give different programs")

	// A shape that races in every program is refused, not served with a wrong key.
	_, err := e.Another(ctx, quiz.Shape{Schedulers: []string{"setTimeout", "setImmediate"}, Lines: 3, Module: "cjs"}, 7)
	if err != nil {
		assert.Contains(t, err.Error(), "certain order")
	}
	assert.Error(t, quiz.Shape{Schedulers: []string{"fetch"}, Lines: 2, Module: "amd"}.Validate())
}
