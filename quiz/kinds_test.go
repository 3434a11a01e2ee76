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

// kindCase is one question of a kind and three answers to it.
type kindCase struct {
	content                quiz.Content
	right, wrong, partial  any
	partialScore           float64
	wrongScore             float64 // 0 but for order answers, which are permutations of the lines
	wrongTag, partialTag   string
	wrongRule, partialRule string
}

const chunkStarter = `const net = require('node:net')
const socket = net.connect(4000)
socket.on('data', () => { console.log('I/O at ' + performance.now()); socket.destroy() })
function work(i) {
  busy(5)
  console.log('chunk ' + i)
  if (i < 4) process.nextTick(() => work(i + 1))
}
work(1)
`

var chunkFixed = strings.Replace(chunkStarter, "process.nextTick(", "setImmediate(", 1)

func kindCases() map[string]kindCase {
	text := func(s string) quiz.Text { return quiz.Text{EN: s, VI: s} }
	base := func(kind, program string, spec string) quiz.Content {
		return quiz.Content{Topic: "t", Kind: kind, Difficulty: 2, Title: text("T"), Prompt: text("P"),
			Program: program, Spec: json.RawMessage(spec), Explanation: text("E")}
	}
	order := base("order", "setTimeout(() => console.log('timeout'), 5)\nPromise.resolve().then(() => console.log('promise'))\n"+
		"process.nextTick(() => console.log('tick'))\nconsole.log('sync')\n", "")
	numeric := base("numeric", "// @threadpool: 2\nconst c = require('node:crypto')\nfor (const u of ['A','B','C']) c.pbkdf2('p','s',500000,32,'sha256',() => console.log(u))\n",
		`{"extract":"line_time_ms","line":"C","tolerance":0,"partial_tolerance":20,"unit":"ms"}`)
	choice := base("choice", "setTimeout(() => console.log('timer'), 100)\nbusy(120)\n",
		`{"options":[{"id":"a","text":{"en":"100 ms","vi":"100 ms"},"fact":"lineTime(\"timer\") == 100","misconception":"timers-exact"},
		{"id":"b","text":{"en":"120 ms","vi":"120 ms"},"fact":"lineTime(\"timer\") == 120"}]}`)
	multi := base("multi-choice", "", `{"options":[
		{"id":"a","text":{"en":"fs.readFile","vi":"fs.readFile"},"correct":true},
		{"id":"b","text":{"en":"crypto.pbkdf2","vi":"crypto.pbkdf2"},"correct":true},
		{"id":"c","text":{"en":"a TCP socket read","vi":"đọc socket TCP"},"misconception":"network-uses-pool"},
		{"id":"d","text":{"en":"dns.lookup","vi":"dns.lookup"},"correct":true}]}`)
	trace := base("trace", "Promise.resolve().then(function p1() {})\nprocess.nextTick(function t1() {})\nsetImmediate(function i1() {})\n"+
		"Promise.resolve().then(function p2() {})\nconsole.log('end of main')\n", `{"ask":"microtasks","at":{"after_line":"end of main"}}`)
	exercise := base("exercise", chunkStarter, `{"checks":[
		{"expr":"lineTime(\"I/O\") >= 0 && lineTime(\"I/O\") < 6","text":{"en":"the socket data is handled before t = 6 ms","vi":"dữ liệu socket được xử lý trước t = 6 ms"},"misconception":"nexttick-starves-io","rule":"R-CB6"},
		{"expr":"count(stdout, \"chunk\") == 4","text":{"en":"all 4 chunks finish","vi":"cả 4 phần chạy xong"}}],
		"solution":`+mustJSON(chunkFixed)+`}`)
	exercise.Scenario = json.RawMessage(`{"sockets":[{"port":4000,"data":[{"at_ms":1,"data":"x"}]}]}`)
	return map[string]kindCase{
		"order": {content: order, right: []string{"sync", "tick", "promise", "timeout"},
			wrong: []string{"timeout", "promise", "tick", "sync"}, wrongScore: 0, // reversed: no two lines in order
			partial: []string{"sync", "promise", "tick", "timeout"}, partialScore: 0.75,
			wrongTag: quiz.TagCallbackBeforeSync, wrongRule: "R-M1", partialTag: quiz.TagNextTickAsMicrotask, partialRule: "R-CB2"},
		"numeric": {content: numeric, right: 100, wrong: 50, partial: 90, partialScore: 0.5,
			wrongTag: quiz.TagPoolSizeForgotten, partialTag: quiz.TagPoolSizeForgotten, wrongRule: "R-P4", partialRule: "R-P4"},
		"choice": {content: choice, right: "b", wrong: "a", wrongTag: "timers-exact", wrongRule: "R-T3"},
		"multi-choice": {content: multi, right: []string{"a", "b", "d"}, wrong: []string{"c"},
			partial: []string{"a", "b", "c", "d"}, partialScore: 2.0 / 3, wrongTag: "network-uses-pool", partialTag: "network-uses-pool"},
		"trace": {content: trace, right: []string{".then callback", ".then callback"}, wrong: []string{"nextTick t1"},
			partial: []string{".then callback"}, partialScore: 0.5,
			wrongTag: quiz.TagNextTickAsMicrotask, wrongRule: "R-CB1", partialTag: quiz.TagMicrotasksPerPhase, partialRule: "R-CB1"},
		"exercise": {content: exercise, right: chunkFixed,
			wrong:   "function spin() { process.nextTick(spin) }\nspin()\n",
			partial: chunkStarter, partialScore: 0.5, wrongTag: "nexttick-starves-io", partialTag: "nexttick-starves-io",
			wrongRule: "R-CB6", partialRule: "R-CB6"},
	}
}

var versionIDs = map[string]int64{"order": 101, "numeric": 102, "choice": 103, "multi-choice": 104, "trace": 105, "exercise": 106}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestEveryKindGradesRightWrongPartial grades a known right, a known wrong and a
// partially right answer for every kind: score, verdict, divergence step, rule and
// misconception.
func TestEveryKindGradesRightWrongPartial(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	cases := kindCases()
	assert.ElementsMatch(t, quiz.DefaultKinds().Names(), keys(cases), "every kind is covered")
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v := &quiz.QuestionVersion{ID: versionIDs[name], Content: tc.content}
			require.NoError(t, e.Check(ctx, &v.Content))
			_, g, err := e.Grade(ctx, v, 1, mustAnswer(t, tc.right))
			require.NoError(t, err)
			assert.Equal(t, 1.0, g.Score, "%+v", g.Explanation)
			assert.Equal(t, quiz.VerdictCorrect, g.Verdict)
			assert.Empty(t, g.Rule)

			vr, g, err := e.Grade(ctx, v, 1, mustAnswer(t, tc.wrong))
			require.NoError(t, err)
			assert.Equal(t, tc.wrongScore, g.Score, "%s", g.Explanation.EN)
			assert.Equal(t, quiz.VerdictOf(tc.wrongScore), g.Verdict)
			assert.Equal(t, tc.wrongTag, g.Misconception, g.Explanation.EN)
			assert.Equal(t, tc.wrongRule, g.Rule)
			if tc.wrongRule != "" {
				require.NotNil(t, g.RuleText)
				assert.Contains(t, g.Explanation.VI, "Quy tắc "+tc.wrongRule)
				assert.Positive(t, g.Step)
				steps := vr.Result.Steps
				if g.Trace != nil {
					require.NoError(t, json.Unmarshal(g.Trace, &steps))
				}
				require.LessOrEqual(t, g.Step, len(steps))
			}
			assert.NotEmpty(t, g.Explanation.EN)
			assert.NotEmpty(t, g.Explanation.VI)

			if tc.partial == nil {
				return
			}
			_, g, err = e.Grade(ctx, v, 1, mustAnswer(t, tc.partial))
			require.NoError(t, err)
			assert.InDelta(t, tc.partialScore, g.Score, 1e-9, g.Explanation.EN)
			assert.Equal(t, quiz.VerdictPartial, g.Verdict)
			assert.Equal(t, tc.partialTag, g.Misconception, g.Explanation.EN)
			if tc.partialRule != "" {
				assert.Equal(t, tc.partialRule, g.Rule)
				require.NotNil(t, g.Divergence)
				assert.Equal(t, g.Step, g.Divergence.Step)
				assert.Positive(t, g.Step)
			}
		})
	}
}

// TestEveryKindRefusesAnAnswerThatDoesNotFit checks that every kind validates an answer
// against what it presented before grading it: EANSWER naming the problem, no grade.
func TestEveryKindRefusesAnAnswerThatDoesNotFit(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	cases := kindCases()
	bad := map[string]map[string]string{
		"order": {`["sync", "tick", "promise"]`: "must order all 4 presented lines, not 3",
			`["sync", "tick", "promise", "sync"]`: `repeats "sync" more often than the presented lines hold it`},
		"numeric":      {`"fast"`: "must be a finite number", `1e999`: "must be a finite number"},
		"choice":       {`"z"`: `names "z", which is not one of the options`, `["b"]`: "must be the id of one option"},
		"multi-choice": {`["a", "a"]`: `names "a" twice`, `"a"`: "must be an array of option ids"},
		"trace":        {`["sync 1"]`: `names "sync 1", which is not one of the labels to choose from`},
		"exercise":     {`"  "`: "must be a non-empty program"},
	}
	assert.ElementsMatch(t, quiz.DefaultKinds().Names(), keys(bad), "every kind is covered")
	for name, answers := range bad {
		v := &quiz.QuestionVersion{ID: versionIDs[name], Content: cases[name].content}
		for answer, problem := range answers {
			_, _, err := e.Grade(context.Background(), v, 1, json.RawMessage(answer))
			assert.Equal(t, quiz.EANSWER, quiz.ErrorCode(err), "%s %s: %v", name, answer, err)
			assert.Equal(t, []quiz.FieldError{{Field: "answer", Message: problem}}, quiz.ErrorFields(err), "%s %s", name, answer)
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestComputedPlaceholders(t *testing.T) {
	t.Parallel()
	vals := []quiz.ParamValue{{Name: "gap", Value: "5"}, {Name: "ids", Value: "C,A"}}
	assert.Equal(t, "at 15 ms, C then A", quiz.Fill("at {{= gap * 3}} ms, {{ids.0}} then {{ids.1}}", vals))
	assert.Equal(t, "[C, A] 2", quiz.Fill("[{{ids}}] {{= len(ids)}}", vals))
	c := quiz.Content{Params: []quiz.Param{{Name: "gap", Min: 1, Max: 2}}, Program: "x",
		Scenario: json.RawMessage(`{"sockets":[{"port":1,"data":[{"at_ms":"{{= gap * 2}}","data":"t {{= gap+1}}"}]}]}`)}
	inst := c.Instantiate([]quiz.ParamValue{{Name: "gap", Value: "2"}})
	assert.JSONEq(t, `{"sockets":[{"port":1,"data":[{"at_ms":4,"data":"t 3"}]}]}`, string(inst.Scenario))
	bad := quiz.Content{Topic: "t", Kind: "order", Difficulty: 1, Title: quiz.Text{EN: "T"}, Prompt: quiz.Text{EN: "P"},
		Program: "console.log({{= nope * 2}})", Params: []quiz.Param{{Name: "gap", Min: 1, Max: 2}}}
	err := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 4, nil).Check(context.Background(), &bad)
	require.Error(t, err)
	assert.Contains(t, quiz.ErrorFields(err)[0].Message, "{{= nope * 2}}")
}

// TestVirtualTimeKeysIgnoreJavaScriptMicroseconds: a key read from virtual time carries
// the program's own JavaScript in microseconds (a 5,000-step loop and busy(25) print at
// 25.01 ms); with tolerance 0 the whole 25 a learner works out is right, 25.1 is not.
func TestVirtualTimeKeysIgnoreJavaScriptMicroseconds(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	c := quiz.Content{Topic: "t", Kind: "numeric", Difficulty: 1, Title: quiz.Text{EN: "T", VI: "T"}, Prompt: quiz.Text{EN: "P", VI: "P"},
		Explanation: quiz.Text{EN: "E", VI: "E"}, Program: "let s = 0\nfor (let i = 0; i < 5000; i++) s += i\nbusy(25)\nconsole.log('done ' + s)\n",
		Spec: json.RawMessage(`{"extract":"line_time_ms","line":"done","match":"prefix","tolerance":0,"unit":"ms"}`)}
	v := &quiz.QuestionVersion{ID: 901, Content: c}
	ctx := context.Background()
	for answer, want := range map[string]quiz.Verdict{"25": quiz.VerdictCorrect, "25.1": quiz.VerdictIncorrect, "24.9": quiz.VerdictIncorrect} {
		_, g, err := e.Grade(ctx, v, 0, json.RawMessage(answer))
		require.NoError(t, err)
		assert.Equal(t, want, g.Verdict, "answer %s: %s", answer, g.Explanation.EN)
	}
}

// TestTraceSpecNamesAKnownEvent: a trace question's point picks its step by an event of
// the trace's vocabulary; another word is a field error that lists the events.
func TestTraceSpecNamesAKnownEvent(t *testing.T) {
	t.Parallel()
	c := quiz.Content{Topic: "t", Kind: "trace", Difficulty: 1, Title: quiz.Text{EN: "T", VI: "T"}, Prompt: quiz.Text{EN: "P", VI: "P"},
		Explanation: quiz.Text{EN: "E", VI: "E"}, Program: "process.nextTick(() => {})\n",
		Spec: json.RawMessage(`{"ask":"microtasks","at":{"event":"tick-runs"}}`)}
	err := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 4, nil).Check(context.Background(), &c)
	require.Error(t, err)
	fields := quiz.ErrorFields(err)
	require.NotEmpty(t, fields)
	assert.Equal(t, "spec.at.event", fields[0].Field)
	assert.Contains(t, fields[0].Message, "nextTick-runs")
	c.Spec = json.RawMessage(`{"ask":"microtasks","at":{"event":"nextTick-runs"}}`)
	require.NoError(t, quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 4, nil).Check(context.Background(), &c))
}

// TestChoiceFeedbackNamesOptionsByTheirText checks that the feedback on a choice names the
// options as the learner sees them (shuffled, without letters): by their text in the
// learner's language, never by their ids.
func TestChoiceFeedbackNamesOptionsByTheirText(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	cases := kindCases()
	for _, tc := range []struct {
		kind           string
		answer         any
		wantEN, wantVI []string
	}{
		{"choice", "a", []string{`You chose “100 ms”; the answer is “120 ms”.`, `The simulation decides “120 ms” at step`}, []string{`Bạn chọn “100 ms”; đáp án là “120 ms”.`}},
		{"multi-choice", []string{"a", "c"}, []string{`“crypto.pbkdf2” is true, but you left it out.`, `“a TCP socket read” is false, but you chose it.`},
			[]string{`“đọc socket TCP” sai nhưng bạn đã chọn.`}},
	} {
		v := &quiz.QuestionVersion{ID: versionIDs[tc.kind], Content: cases[tc.kind].content}
		_, g, err := e.Grade(ctx, v, 1, mustAnswer(t, tc.answer))
		require.NoError(t, err)
		for _, s := range tc.wantEN {
			assert.Contains(t, g.Explanation.EN, s)
		}
		for _, s := range tc.wantVI {
			assert.Contains(t, g.Explanation.VI, s)
		}
		assert.NotRegexp(t, `\([a-d]\)`, g.Explanation.EN+g.Explanation.VI, "no option ids")
	}
}

// TestExerciseProgramErrorHasItsPlace: a learner's exercise that does not compile is
// graded with the simulator's error, its line and column (the editor marks it there),
// kept through the attempt's stored detail.
func TestExerciseProgramErrorHasItsPlace(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	v := &quiz.QuestionVersion{ID: versionIDs["exercise"], Content: kindCases()["exercise"].content}
	_, g, err := e.Grade(context.Background(), v, 1, mustAnswer(t, "work(1)\nconst x = (;\n"))
	require.NoError(t, err)
	require.NotNil(t, g.ProgramError)
	assert.Equal(t, sim.CodeSyntax, g.ProgramError.Code)
	assert.Equal(t, 2, g.ProgramError.Line)
	assert.Equal(t, 12, g.ProgramError.Column)
	detail, err := g.EncodeDetail()
	require.NoError(t, err)
	var back quiz.Grade
	require.NoError(t, back.DecodeDetail(detail))
	assert.Equal(t, g.ProgramError, back.ProgramError)
}
