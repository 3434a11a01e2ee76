package content_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBankLoadsAndSimulates is the bank's conformance test: every question loads, is
// written in both languages with hints, an explanation and its seed passage, and its
// extreme and sampled variants simulate and have keys; the bank covers every kind and
// every section of the seeds.
func TestBankLoadsAndSimulates(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(items), 80)
	kinds, topics, withParams := map[string]int{}, map[string]int{}, 0
	for _, it := range items {
		c := it.Content
		kinds[c.Kind]++
		topics[c.Topic]++
		if len(c.Params) > 0 {
			withParams++
		}
		for field, text := range map[string]quiz.Text{"title": c.Title, "prompt": c.Prompt, "explanation": c.Explanation} {
			assert.NotEmpty(t, text.EN, "%s: %s.en", it.File, field)
			assert.NotEmpty(t, text.VI, "%s: %s.vi", it.File, field)
		}
		require.NotEmpty(t, c.Hints, "%s: hints", it.File)
		for _, h := range c.Hints {
			assert.True(t, h.EN != "" && h.VI != "", "%s: every hint in both languages", it.File)
		}
		for _, tag := range c.Tags() {
			_, ok := quiz.MisconceptionText(tag)
			assert.True(t, ok, "%s: misconception %s has words in quiz/misconception.go (learners see a sentence, not a tag)", it.File, tag)
		}
		if assert.NotNil(t, c.Source, "%s: source", it.File) {
			assertSeedPassage(t, it.File, c.Source)
		}
	}
	for _, k := range quiz.DefaultKinds().Names() {
		assert.GreaterOrEqual(t, kinds[k], 5, "kind %s", k)
	}
	assert.GreaterOrEqual(t, withParams, 30, "questions with variants")
	for _, topic := range []string{"request-path", "phases", "nexttick-microtasks", "modules", "timers",
		"immediate-vs-timeout", "threadpool", "blocked-loop", "chunking", "loop-metrics", "worker-pool",
		"connections", "load-testing", "warm-up", "profiling", "logging", "caching", "interview", "sync-callbacks"} {
		assert.Positive(t, topics[topic], "topic %s", topic)
	}
	cited := map[string]bool{}
	for _, it := range items {
		cited[it.Content.Source.Seed+": "+it.Content.Source.Section] = true
	}
	for seed, sections := range seedSections {
		for _, sec := range sections {
			assert.True(t, cited[seed+": "+sec], "no question cites %s, section %q", seed, sec)
		}
	}
	t.Logf("%d questions; kinds %v; topics %v; %d with variants", len(items), kinds, topics, withParams)

	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 1024, nil)
	require.NoError(t, content.Validate(context.Background(), e, items))
	ctx := context.Background()
	for _, it := range items {
		for _, vals := range it.Content.SampleValues(3) {
			vr, err := e.Preview(ctx, &it.Content, 0, vals)
			require.NoError(t, err, "%s %v", it.File, vals)
			assert.NotNil(t, vr.Key.Reveal(), it.File)
			assertMisconceptions(t, e, it, vals)
		}
	}
}

// seedSections are the section titles of the three seeds; the bank cites every one.
var seedSections = map[string][]string{ //nolint:gochecknoglobals // test data
	"event-loop.vi.txt": {"Bên trong một process Node.js", "Đường đi của một request",
		"Một thread giữ được bao nhiêu request đang chờ", "Các pha của event loop", "Timer là ngưỡng, không phải giờ hẹn",
		"Thứ tự chạy, đo thật", "Khi nào dùng process.nextTick", "Thread pool của libuv", "Khi event loop bị chặn",
		"Đo event loop", "Câu hỏi phỏng vấn hay gặp", "Ghi nhớ"},
	"worker-pool-lab.vi.txt": {"Node.js: event loop bị nghẽn trông như thế nào?", "Chốt phép so",
		"Đọc request latency cùng loop delay"},
	"performance-profiling.vi.txt": {"Quy trình", "Tạo tải để đo", "Profiling CPU", "Đọc flame graph",
		"Những chỗ hay chậm", "Cache trong process hay Redis", "Ghi nhớ", "Số đo chi tiết"},
}

// assertSeedPassage checks that a question's source names a seed and one of its
// section titles (docs/seeds holds the seeds).
func assertSeedPassage(t *testing.T, file string, src *quiz.Source) {
	t.Helper()
	assert.Contains(t, []string{"event-loop.vi.txt", "worker-pool-lab.vi.txt", "performance-profiling.vi.txt"}, src.Seed, file)
	text, err := os.ReadFile(filepath.Join("..", "docs", "seeds", src.Seed))
	require.NoError(t, err)
	assert.Contains(t, string(text), src.Section, "%s: source.section is a section of %s", file, src.Seed)
}

// assertMisconceptions grades every misconception an author listed: it must not earn
// full credit and must be tagged with the author's tag.
func assertMisconceptions(t *testing.T, e *quiz.Engine, it content.Item, vals []quiz.ParamValue) {
	t.Helper()
	if len(it.Content.Misconceptions) == 0 {
		return
	}
	inst := it.Content.Instantiate(vals)
	inst.Params = nil
	v := &quiz.QuestionVersion{ID: versionID(it.Slug + "\x00" + valuesText(vals)), Content: inst}
	for _, m := range inst.Misconceptions {
		_, g, err := e.Grade(context.Background(), v, 0, m.Answer)
		require.NoError(t, err, "%s: %s", it.File, m.Answer)
		if g.Score < 1 {
			assert.Equal(t, m.Tag, g.Misconception, "%s %v: answer %s", it.File, vals, m.Answer)
		}
	}
}

var (
	idsMu sync.Mutex
	ids   = map[string]int64{}
)

// versionID gives every (question, variant) a version ID of its own, so the engine's
// variant cache never mixes them up.
func versionID(key string) int64 {
	idsMu.Lock()
	defer idsMu.Unlock()
	if id, ok := ids[key]; ok {
		return id
	}
	ids[key] = int64(len(ids) + 1000)
	return ids[key]
}

func valuesText(vals []quiz.ParamValue) string {
	s := ""
	for _, v := range vals {
		s += v.Name + "=" + v.Value + ";"
	}
	return s
}

// TestBankKeys pins the keys of the questions whose answers the seed measured.
func TestBankKeys(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	for i, it := range items {
		v := &quiz.QuestionVersion{ID: int64(i + 1), Content: it.Content} // the engine caches variants by version ID
		for seed := int64(0); seed < 8; seed++ {
			vr, err := e.Variant(ctx, v, seed)
			require.NoError(t, err, it.File)
			if it.Content.Kind == "numeric" {
				assertTextbookAnswerCorrect(t, e, v, seed, it.Slug)
			}
			switch it.Slug {
			case "numeric-timer-threshold":
				io := vr.Values[0].Value
				_, g, err := e.Grade(ctx, v, seed, []byte(io))
				require.NoError(t, err)
				assert.Equal(t, quiz.VerdictIncorrect, g.Verdict, "the timer is late by the busy callback")
				assert.Contains(t, string(g.Expected), `"value":1`)
			case "numeric-nexttick-starvation": // no timer prints the line: an early answer is not timers-exact
				_, g, err := e.Grade(ctx, v, seed, []byte("1"))
				require.NoError(t, err)
				assert.NotEqual(t, quiz.TagTimersExact, g.Misconception)
			case "choice-blocked-p50-p99": // graded by the simulated server's percentiles
				_, right, err := e.Grade(ctx, v, seed, []byte(`"a"`))
				require.NoError(t, err)
				assert.Equal(t, quiz.VerdictCorrect, right.Verdict)
				_, wrong, err := e.Grade(ctx, v, seed, []byte(`"d"`))
				require.NoError(t, err)
				assert.Equal(t, quiz.VerdictIncorrect, wrong.Verdict)
				assert.Equal(t, "percentiles-confused", wrong.Misconception)
			case "trace-microtasks-after-tick": // main's .then is queued before the ticks run (issue 24)
				_, g, err := e.Grade(ctx, v, seed, []byte(`[".then callback","queueMicrotask callback"]`))
				require.NoError(t, err)
				assert.Equal(t, quiz.VerdictCorrect, g.Verdict, "both jobs wait when the second tick starts")
			case "order-cjs-queues":
				assert.Len(t, vr.Result.Outcomes, 2, "setTimeout 0 races setImmediate in main code")
			}
		}
	}
}

// assertTextbookAnswerCorrect checks that a numeric key the simulator computes a hair
// off a whole number of 10 or more (100.1 ms: the pool's own overhead) accepts that
// whole number, the answer a learner works out by hand.
func assertTextbookAnswerCorrect(t *testing.T, e *quiz.Engine, v *quiz.QuestionVersion, seed int64, slug string) {
	t.Helper()
	ctx := context.Background()
	_, g, err := e.Grade(ctx, v, seed, []byte("123456")) // any number: the grade carries the key
	require.NoError(t, err, slug)
	var key struct{ Value float64 }
	require.NoError(t, json.Unmarshal(g.Expected, &key), slug)
	whole := math.Round(key.Value)
	if off := math.Abs(key.Value - whole); off == 0 || off > 0.2 || math.Abs(whole) < 10 { // 0.1 is an ELU, not 0 off
		return
	}
	_, g, err = e.Grade(ctx, v, seed, []byte(strconv.FormatFloat(whole, 'f', -1, 64)))
	require.NoError(t, err, slug)
	assert.Equal(t, quiz.VerdictCorrect, g.Verdict, "%s (seed %d): the key is %v, the answer %v", slug, seed, key.Value, whole)
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

// TestRacyOrdersAcceptEveryOutcome: for every order question of the bank whose program
// races, each outcome the runtime can print earns full credit, and an order it cannot
// print does not.
func TestRacyOrdersAcceptEveryOutcome(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 256, nil)
	ctx := context.Background()
	racy := 0
	for _, it := range items {
		if it.Content.Kind != "order" {
			continue
		}
		v := &quiz.QuestionVersion{ID: versionID(it.Slug), Content: it.Content}
		vr, err := e.Variant(ctx, v, 3)
		require.NoError(t, err, it.File)
		outs := vr.Result.Outcomes
		if len(outs) < 2 {
			continue
		}
		racy++
		for _, o := range outs {
			_, g, err := e.Grade(ctx, v, 3, mustJSON(t, o.Stdout))
			require.NoError(t, err)
			assert.Equal(t, quiz.VerdictCorrect, g.Verdict, "%s: %v is a valid outcome", it.File, o.Stdout)
		}
		impossible := slices.Clone(outs[0].Stdout)
		slices.Reverse(impossible)
		if slices.ContainsFunc(outs, func(o sim.Outcome) bool { return slices.Equal(o.Stdout, impossible) }) {
			continue
		}
		_, g, err := e.Grade(ctx, v, 3, mustJSON(t, impossible))
		require.NoError(t, err)
		assert.Less(t, g.Score, 1.0, "%s: %v cannot happen", it.File, impossible)
		assert.NotEqual(t, quiz.VerdictCorrect, g.Verdict)
		require.NotNil(t, g.Divergence, it.File)
		assert.Positive(t, g.Divergence.Step, it.File)
	}
	assert.GreaterOrEqual(t, racy, 3, "the bank has racy order questions")
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestBankVersionQuestions: the bank asks about the changes between Node releases (at
// least 12 questions, topic node-versions), each for the release its content.node names,
// and each key is one that release gives and another release does not: the question
// really turns on the version. Every other question is about the default release.
func TestBankVersionQuestions(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	engines := map[string]*quiz.Engine{} // one per release: the engine caches previews by content
	for _, p := range sim.Profiles() {
		engines[p.Major] = quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	}
	keyOf := func(it content.Item, node string, vals []quiz.ParamValue) string {
		c := it.Content
		c.Node = node
		vr, err := engines[node].Preview(context.Background(), &c, 0, vals)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(mustJSON(t, vr.Key.Reveal()))
	}
	versions, releases := 0, map[string]bool{}
	for _, it := range items {
		if it.Content.Topic != "node-versions" {
			assert.Empty(t, it.Content.Node, "%s: a question about the default release (%s) names none", it.File, sim.DefaultNode)
			continue
		}
		versions++
		node := it.Content.Node
		require.NotEmpty(t, node, "%s: a version question names its release", it.File)
		releases[node] = true
		for _, vals := range it.Content.SampleValues(2) {
			own := keyOf(it, node, vals)
			require.False(t, strings.HasPrefix(own, "error"), "%s %v: %s", it.File, vals, own)
			differs := false
			for _, p := range sim.Profiles() {
				differs = differs || p.Major != node && keyOf(it, p.Major, vals) != own
			}
			assert.True(t, differs, "%s %v: every release gives the key of Node %s", it.File, vals, node)
		}
	}
	assert.GreaterOrEqual(t, versions, 12, "questions about version changes")
	for _, p := range sim.Profiles() {
		assert.True(t, releases[p.Major], "no version question asks about Node %s", p.Major)
	}
}
