package quiz_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const racyProgram = `console.log('sync 1')
setTimeout(() => console.log('timeout'), 0)
setImmediate(() => console.log('immediate'))
Promise.resolve().then(() => console.log('promise'))
process.nextTick(() => console.log('nextTick'))
console.log('sync 2')
`

func orderVersion() *quiz.QuestionVersion {
	return &quiz.QuestionVersion{ID: 1, QuestionID: 1, Version: 1, Content: quiz.Content{
		Topic: "event-loop", Kind: "order", Difficulty: 1,
		Title: quiz.Text{EN: "Order", VI: "Thứ tự"}, Prompt: quiz.Text{EN: "Order the lines.", VI: "Sắp xếp."},
		Module: sim.CommonJS, Program: racyProgram, Explanation: quiz.Text{EN: "Ticks first.", VI: "nextTick trước."},
		Misconceptions: []quiz.Misconception{{Tag: "promise-before-tick",
			Answer:      json.RawMessage(`["sync 1","sync 2","promise","nextTick","immediate","timeout"]`),
			Explanation: quiz.Text{EN: "In CommonJS ticks run before promise jobs."}}},
	}}
}

func mustAnswer(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestOrderGrading(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 16, nil)
	ctx := context.Background()
	v := orderVersion()
	require.NoError(t, e.Check(ctx, &v.Content))

	t.Run("EitherOutcomeIsCorrect", func(t *testing.T) {
		for _, ans := range [][]string{
			{"sync 1", "sync 2", "nextTick", "promise", "immediate", "timeout"},
			{"sync 1", "sync 2", "nextTick", "promise", "timeout", "immediate"},
		} {
			_, g, err := e.Grade(ctx, v, 7, mustAnswer(t, ans))
			require.NoError(t, err)
			assert.Equal(t, 1.0, g.Score)
			assert.Equal(t, quiz.VerdictCorrect, g.Verdict)
			assert.Nil(t, g.Divergence)
			assert.Contains(t, g.Explanation.EN, "one of the 2 orders")
		}
		impossible := []string{"sync 1", "sync 2", "timeout", "nextTick", "promise", "immediate"}
		_, g, err := e.Grade(ctx, v, 7, mustAnswer(t, impossible))
		require.NoError(t, err)
		assert.Less(t, g.Score, 1.0, "a timer cannot run before the microtasks of the main script")
		assert.Equal(t, quiz.TagMicrotasksPerPhase, g.Misconception)
	})
	t.Run("PartialWithDivergence", func(t *testing.T) {
		ans := []string{"sync 1", "sync 2", "promise", "nextTick", "immediate", "timeout"}
		vr, g, err := e.Grade(ctx, v, 7, mustAnswer(t, ans))
		require.NoError(t, err)
		assert.InDelta(t, 5.0/6, g.Score, 1e-9)
		assert.Equal(t, quiz.VerdictPartial, g.Verdict)
		require.NotNil(t, g.Divergence)
		assert.Equal(t, 2, g.Divergence.Index)
		assert.Equal(t, "nextTick", g.Divergence.Expected)
		assert.Equal(t, "promise", *g.Divergence.Got)
		step := vr.Result.Steps[g.Divergence.Step-1]
		assert.Equal(t, trace.Console, step.Event)
		assert.Equal(t, "nextTick", step.Detail)
		assert.Equal(t, "promise-before-tick", g.Misconception)
		assert.Contains(t, g.Explanation.EN, "Line 3 should be \"nextTick\"")
		assert.Contains(t, g.Explanation.VI, "Dòng 3")
		assert.JSONEq(t, `{"outcomes":[{"stdout":["sync 1","sync 2","nextTick","promise","immediate","timeout"],"condition":"`+
			vr.Result.Outcomes[0].Condition+`","condition_vi":"`+vr.Result.Outcomes[0].ConditionVI+`"},`+
			`{"stdout":["sync 1","sync 2","nextTick","promise","timeout","immediate"],"condition":"`+
			vr.Result.Outcomes[1].Condition+`","condition_vi":"`+vr.Result.Outcomes[1].ConditionVI+`"}]}`, string(g.Expected))
	})
	t.Run("NotAPermutation", func(t *testing.T) {
		// Short, long, unknown or repeated lines are not graded: the answer is refused
		// with a reason (422 over HTTP).
		for answer, problem := range map[string]string{
			`["sync 1"]`: "must order all 6 presented lines, not 1",
			`["sync 1","sync 2","nextTick","promise","immediate","timeout","extra"]`: `names "extra", which is not one of the presented lines`,
			`["sync 1","sync 1","nextTick","promise","immediate","timeout"]`:         `repeats "sync 1" more often than the presented lines hold it`,
			`[]`:      "must order all 6 presented lines, not 0",
			`{"a":1}`: "must be an array of strings (the presented lines, in order)",
		} {
			_, _, err := e.Grade(ctx, v, 7, json.RawMessage(answer))
			assert.Equal(t, quiz.EANSWER, quiz.ErrorCode(err), answer)
			assert.Equal(t, []quiz.FieldError{{Field: "answer", Message: problem}}, quiz.ErrorFields(err), answer)
		}
	})
	t.Run("PublicLinesHideTheOrder", func(t *testing.T) {
		vr, err := e.Variant(ctx, v, 7)
		require.NoError(t, err)
		pub := vr.Key.Public(7).(map[string]any)["lines"].([]string)
		assert.ElementsMatch(t, vr.Result.Outcomes[0].Stdout, pub)
		assert.NotEqual(t, vr.Result.Outcomes[0].Stdout, pub)
	})
}

func TestNumericGrading(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 16, nil)
	ctx := context.Background()
	v := &quiz.QuestionVersion{ID: 2, Content: quiz.Content{
		Topic: "timers", Kind: "numeric", Difficulty: 2,
		Title: quiz.Text{EN: "When"}, Prompt: quiz.Text{EN: "At what ms does 'timer' print?"},
		Program: "setTimeout(() => console.log('timer'), {{ms}})\n",
		Params:  []quiz.Param{{Name: "ms", Min: 10, Max: 90}},
		Spec:    json.RawMessage(`{"extract":"line_time_ms","line":"timer","tolerance":0,"partial_tolerance":5,"unit":"ms"}`),
	}}
	require.NoError(t, e.Check(ctx, &v.Content))
	vr, err := e.Variant(ctx, v, 42)
	require.NoError(t, err)
	want := vr.Values[0].Value
	assert.Contains(t, vr.Content.Program, "console.log('timer'), "+want+")")

	_, g, err := e.Grade(ctx, v, 42, json.RawMessage(want))
	require.NoError(t, err)
	assert.Equal(t, quiz.VerdictCorrect, g.Verdict)
	assert.Positive(t, g.Step)
	_, g, err = e.Grade(ctx, v, 42, json.RawMessage(want+".5e0"))
	require.NoError(t, err)
	assert.Equal(t, quiz.VerdictPartial, g.Verdict)
	_, g, err = e.Grade(ctx, v, 42, json.RawMessage(`1000`))
	require.NoError(t, err)
	assert.Equal(t, quiz.VerdictIncorrect, g.Verdict)
	assert.JSONEq(t, `{"value":`+want+`,"unit":"ms"}`, string(g.Expected))
	_, _, err = e.Grade(ctx, v, 42, json.RawMessage(`"ten"`))
	assert.Equal(t, quiz.EANSWER, quiz.ErrorCode(err))
}

func TestCheckRejectsBrokenContent(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 16, nil)
	ctx := context.Background()
	base := orderVersion().Content
	cases := map[string]struct {
		edit  func(c *quiz.Content)
		field string
	}{
		"UnknownKind":        {func(c *quiz.Content) { c.Kind = "essay" }, "kind"},
		"SyntaxError":        {func(c *quiz.Content) { c.Program = "console.log(('" }, "program"},
		"OneLine":            {func(c *quiz.Content) { c.Program = "console.log('x')" }, "program"},
		"UnknownPlaceholder": {func(c *quiz.Content) { c.Program += "// {{n}}" }, "program"},
		"NumericNoLine": {func(c *quiz.Content) {
			c.Kind, c.Misconceptions = "numeric", nil
			c.Program = "console.log('a')"
			c.Spec = json.RawMessage(`{"extract":"line_time_ms","line":"zzz","tolerance":1}`)
		}, "spec"},
		"NumericRacy": {func(c *quiz.Content) { // the immediate prints at 0 ms or, when the timer goes first, 1 ms
			c.Kind, c.Misconceptions = "numeric", nil
			c.Spec = json.RawMessage(`{"extract":"line_time_ms","line":"immediate","tolerance":0}`)
		}, "program"},
		"BadDifficulty": {func(c *quiz.Content) { c.Difficulty = 9 }, "difficulty"},
		"UnderscoreTag": {func(c *quiz.Content) {
			c.Misconceptions = append([]quiz.Misconception(nil), c.Misconceptions...)
			c.Misconceptions[0].Tag = "pool_size_forgotten" // one idea, one spelling: pool-size-forgotten
		}, "misconceptions[0].tag"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := base
			tc.edit(&c)
			err := e.Check(ctx, &c)
			require.Equal(t, quiz.EINVALID, quiz.ErrorCode(err), "%v", err)
			var fields []string
			for _, f := range quiz.ErrorFields(err) {
				fields = append(fields, f.Field)
			}
			assert.Contains(t, fields, tc.field)
		})
	}
}

func TestSeedAndValues(t *testing.T) {
	t.Parallel()
	assert.Equal(t, quiz.Seed(1, 2, 3), quiz.Seed(1, 2, 3))
	assert.NotEqual(t, quiz.Seed(1, 2, 3), quiz.Seed(1, 2, 4))
	assert.Less(t, quiz.Seed(9, 9, 9), int64(1<<53))
	c := quiz.Content{Params: []quiz.Param{{Name: "n", Min: 1, Max: 3}, {Name: "w", Choices: []string{"a", "b"}}}}
	seen := map[string]bool{}
	for s := int64(0); s < 200; s++ {
		vals := c.Values(s)
		assert.Equal(t, vals, c.Values(s))
		seen[vals[0].Value+vals[1].Value] = true
	}
	assert.Len(t, seen, 6, "every combination appears")
	assert.Equal(t, "x 2 b", quiz.Fill("x {{n}} {{w}}", []quiz.ParamValue{{"n", "2"}, {"w", "b"}}))
}
