package content_test

import (
	"context"
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBankLoadsAndSimulates is the bank's conformance test: every question loads, its
// lowest and highest variants simulate, and their keys exist.
func TestBankLoadsAndSimulates(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(items), 6)
	kinds := map[string]int{}
	for _, it := range items {
		kinds[it.Content.Kind]++
		assert.NotEmpty(t, it.Content.Title.EN, it.File)
		assert.NotEmpty(t, it.Content.Title.VI, it.File)
		assert.NotEmpty(t, it.Content.Prompt.EN, it.File)
		assert.NotEmpty(t, it.Content.Prompt.VI, it.File)
		assert.NotEmpty(t, it.Content.Explanation.EN, it.File)
		assert.NotEmpty(t, it.Content.Explanation.VI, it.File)
	}
	assert.Positive(t, kinds["order"])
	assert.Positive(t, kinds["numeric"])
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	require.NoError(t, content.Validate(context.Background(), e, items))
}

// TestBankKeys pins the keys of the questions whose answers the seed measured.
func TestBankKeys(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	for _, it := range items {
		v := &quiz.QuestionVersion{ID: 1, Content: it.Content}
		for seed := int64(0); seed < 8; seed++ {
			vr, err := e.Variant(ctx, v, seed)
			require.NoError(t, err, it.File)
			switch it.Slug {
			case "numeric-timer-threshold":
				io := vr.Values[0].Value
				_, g, err := e.Grade(ctx, v, seed, []byte(io))
				require.NoError(t, err)
				assert.Equal(t, quiz.VerdictIncorrect, g.Verdict, "the timer is late by the busy callback")
				assert.Contains(t, string(g.Expected), `"value":1`)
			case "order-cjs-queues":
				assert.Len(t, vr.Result.Outcomes, 2, "setTimeout 0 races setImmediate in main code")
			}
		}
	}
}

func TestLoadErrorsNameFileAndField(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"a.yaml":     {Data: []byte("topic: x\nkind: order\ncolour: red\n")},
		"b.yaml":     {Data: []byte("difficulty: [1]\n")},
		"c.yaml":     {Data: []byte("topic: [\n")},
		"d/ok.yaml":  {Data: []byte("slug: dup\ntopic: t\n")},
		"d/ok2.yaml": {Data: []byte("slug: dup\ntopic: t\n")},
		"notes.txt":  {Data: []byte("ignored")},
	}
	_, err := content.Load(fsys)
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, "a.yaml: colour: unknown field")
	assert.Contains(t, msg, "b.yaml: difficulty: must be int")
	assert.Contains(t, msg, "c.yaml: ")
	assert.Contains(t, msg, `d/ok2.yaml: slug: "dup" is also used by d/ok.yaml`)

	items, err := content.Load(fstest.MapFS{"qq.yaml": {Data: []byte("topic: t\nkind: order\ndifficulty: 1\n" +
		"title: {en: T}\nprompt: {en: P}\nprogram: \"console.log(1)\"\n")}})
	require.NoError(t, err)
	err = content.Validate(context.Background(), quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 4, nil), items)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "qq.yaml: program: prints fewer than two lines")
}

// TestMarshalRoundTrip exports every bank question as a file and reads it back: nothing
// is lost, and exporting again gives the same bytes.
func TestMarshalRoundTrip(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	for _, it := range items {
		data, err := content.Marshal(it.Slug, it.Content)
		require.NoError(t, err, it.File)
		back, err := content.Parse(it.Slug+".yaml", data)
		require.NoError(t, err, "%s:\n%s", it.File, data)
		assert.Equal(t, it.Slug, back.Slug)
		want, _ := json.Marshal(it.Content)
		got, _ := json.Marshal(back.Content)
		assert.JSONEq(t, string(want), string(got), it.File)
		again, err := content.Marshal(back.Slug, back.Content)
		require.NoError(t, err)
		assert.Equal(t, string(data), string(again), it.File)
	}
}
