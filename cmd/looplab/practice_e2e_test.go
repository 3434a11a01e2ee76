package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type gradedAttempt struct {
	ID            int64   `json:"id"`
	Score         float64 `json:"score"`
	Verdict       string  `json:"verdict"`
	Step          int     `json:"step"`
	StepLink      string  `json:"step_link"`
	Rule          string  `json:"rule"`
	Misconception string  `json:"misconception"`
	Explanation   struct{ EN, VI string }
	Checks        []struct {
		Passed bool `json:"passed"`
	} `json:"checks"`
	Trace []struct {
		N      int
		Event  string
		Detail string
	} `json:"trace"`
}

// TestExerciseEndToEnd: a learner's program that starves the socket with nextTick fails
// with its own trace as feedback and a link to the step that decides it; the fixed
// program passes. Hints unlock after the failed attempt.
func TestExerciseEndToEnd(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "ex-1")
	qid := s.questionID(t, app, "exercise-chunk-yield-to-io")

	var v struct {
		Seed         int64
		Program      string
		Params       map[string]string
		Hints        []map[string]string
		HintsTotal   int `json:"hints_total"`
		Presentation struct{ Checks []map[string]string }
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", qid, learner), Cred: app})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &v)
	require.Len(t, v.Presentation.Checks, 2)
	assert.Empty(t, v.Hints, "no hint before a failed attempt")
	assert.Equal(t, 2, v.HintsTotal)
	assert.Contains(t, v.Program, "process.nextTick")

	// The starting code starves the socket: the data waits for every chunk.
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{
		"learner_id": learner, "question_id": qid, "answer": v.Program, "seed": v.Seed}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var bad gradedAttempt
	r.Decode(t, &bad)
	assert.Equal(t, "partial", bad.Verdict)
	assert.InDelta(t, 0.5, bad.Score, 1e-9)
	require.Len(t, bad.Checks, 2)
	assert.False(t, bad.Checks[0].Passed, "the data is handled late")
	assert.True(t, bad.Checks[1].Passed, "the chunks all finish")
	assert.Equal(t, "nexttick-starves-io", bad.Misconception)
	assert.Equal(t, "R-CB6", bad.Rule)
	assert.Contains(t, bad.Explanation.EN, "In your trace, step")
	require.NotEmpty(t, bad.Trace, "the learner's own trace")
	ticks := 0
	for _, st := range bad.Trace {
		if st.Event == "nextTick-runs" {
			ticks++
		}
	}
	assert.Positive(t, ticks, "the trace is the learner's program, chained with nextTick")
	require.NotEmpty(t, bad.StepLink)
	r = s.do(t, req{Method: "GET", Path: bad.StepLink, Cred: app})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var one struct {
		Step struct {
			N      int
			Detail string
		}
	}
	r.Decode(t, &one)
	assert.Equal(t, bad.Step, one.Step.N)
	assert.True(t, strings.HasPrefix(one.Step.Detail, "I/O at"), "the step prints the late I/O line: %q", one.Step.Detail)

	// Reading the attempt back gives the same (learner's) trace.
	var again gradedAttempt
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", bad.ID), Cred: app}).Decode(t, &again)
	assert.Equal(t, len(bad.Trace), len(again.Trace))

	// A hint unlocked after the failed attempt: one, not two.
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", qid, learner), Cred: app})
	r.Decode(t, &v)
	assert.Len(t, v.Hints, 1)
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{
		"learner_id": learner, "question_id": qid, "answer": map[string]string{"code": v.Program}, "hints_used": 2}})
	assert.Equal(t, http.StatusBadRequest, r.Status, "only one of the two hints is unlocked: %s", r.Body)

	// The fixed program passes; the learner says they used the hint.
	fixed := strings.Replace(v.Program, "process.nextTick(", "setImmediate(", 1)
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{
		"learner_id": learner, "question_id": qid, "answer": map[string]string{"code": fixed}, "hints_used": 1}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var good gradedAttempt
	r.Decode(t, &good)
	assert.Equal(t, "correct", good.Verdict, good.Explanation.EN)
	assert.Equal(t, 1.0, good.Score)
	assert.Empty(t, good.StepLink)

	// A program that never yields at all ends in a budget error, graded, not a 500.
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{
		"learner_id": learner, "question_id": qid, "answer": "function spin() { process.nextTick(spin) }\nspin()\n"}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var spin gradedAttempt
	r.Decode(t, &spin)
	assert.Equal(t, "incorrect", spin.Verdict)
	assert.Contains(t, spin.Explanation.EN, "did not finish")
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{
		"learner_id": learner, "question_id": qid, "answer": 42}})
	assert.Equal(t, http.StatusUnprocessableEntity, r.Status, "a number is not a program")
}

// TestPracticeNextAndProgress: a new learner is offered new questions along the path;
// after answers, progress shows mastery and streaks and next lists what is due; the
// path says where the learner is; an order question has endless others like it.
func TestPracticeNextAndProgress(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "pr-1")
	tok := s.mustToken(t, app, learner)

	var next struct {
		Items []struct {
			ID     int64  `json:"question_id"`
			Reason string `json:"reason"`
			Topic  string `json:"topic"`
		}
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/next?limit=3", learner), Cred: tok})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &next)
	require.Len(t, next.Items, 3)
	for _, it := range next.Items {
		assert.Equal(t, "new", it.Reason)
	}
	first := next.Items[0]
	// A wrong answer to a choice question: due again within minutes.
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: tok, Body: map[string]any{
		"learner_id": learner, "question_id": s.questionID(t, app, "choice-timers-threshold"), "answer": "b"}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, "timers-exact", r.JSON(t)["misconception"])

	var prog struct {
		StreakDays int `json:"streak_days"`
		Reviewed   int
		Topics     []struct {
			Topic     string
			Attempted int
			Mastery   float64
		}
	}
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/progress", learner), Cred: tok})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &prog)
	assert.Equal(t, 1, prog.StreakDays)
	assert.Equal(t, 1, prog.Reviewed)
	assert.GreaterOrEqual(t, len(prog.Topics), 18)
	assert.NotEmpty(t, first.Topic)

	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/next?limit=0", learner), Cred: tok})
	assert.Equal(t, http.StatusBadRequest, r.Status)
	testPathAndAnother(t, s, app, learner, tok, first.Topic)
	other := s.mustLearner(t, app, "pr-2")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/progress", other), Cred: tok})
	assert.Equal(t, http.StatusNotFound, r.Status, "another learner's progress does not exist for a learner")
}

// TestAuthoringPreviewStatsAndBankRoundTrip: preview a draft's variant, read a
// question's statistics, and export the bank from one server and import it into an
// empty one: exporting again gives the same files.
func TestAuthoringPreviewStatsAndBankRoundTrip(t *testing.T) {
	t.Parallel()
	a := startServer(t, tempDB(t), nil)
	inst := a.mustKey(t, "instructor")
	app := a.mustKey(t, "app")

	// Preview a variant chosen by the author.
	qid := a.questionID(t, app, "numeric-threadpool-pbkdf2")
	r := a.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/preview", qid), Cred: inst,
		Body: map[string]any{"values": map[string]string{"pool": "2"}}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var pv struct {
		Values   map[string]string
		Expected struct{ Value float64 }
		Trace    []json.RawMessage
		Program  string
	}
	r.Decode(t, &pv)
	assert.Equal(t, "2", pv.Values["pool"])
	assert.InDelta(t, 150, pv.Expected.Value, 1, "F waits for two waves with 2 threads")
	assert.NotEmpty(t, pv.Trace)
	assert.Contains(t, pv.Program, "@threadpool: 2")
	r = a.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/preview", qid), Cred: inst,
		Body: map[string]any{"values": map[string]string{"nope": "1"}}})
	assert.Equal(t, http.StatusBadRequest, r.Status)
	r = a.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/preview", qid), Cred: app})
	assert.Equal(t, http.StatusForbidden, r.Status)

	// Statistics: two learners give the same wrong answer.
	cq := a.questionID(t, app, "choice-phases-where-it-waits")
	for i := 0; i < 2; i++ {
		l := a.mustLearner(t, app, fmt.Sprintf("st-%d", i))
		r = a.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": l, "question_id": cq, "answer": "timers"}})
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
		r = a.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": l, "question_id": cq, "answer": "poll"}})
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	}
	var st struct {
		Attempts, Learners, Correct, Incorrect int
		MeanScore                              float64 `json:"mean_score"`
		WrongAnswers                           []struct {
			Answer json.RawMessage
			Count  int
		} `json:"wrong_answers"`
		Misconceptions []struct {
			Tag   string
			Count int
		}
	}
	r = a.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/stats", cq), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &st)
	assert.Equal(t, 4, st.Attempts)
	assert.Equal(t, 2, st.Learners)
	assert.InDelta(t, 0.5, st.MeanScore, 1e-9)
	require.Len(t, st.WrongAnswers, 1)
	assert.JSONEq(t, `"timers"`, string(st.WrongAnswers[0].Answer))
	assert.Equal(t, 2, st.WrongAnswers[0].Count)
	require.NotEmpty(t, st.Misconceptions)
	assert.Equal(t, "phase-order", st.Misconceptions[0].Tag)
	r = a.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/stats", cq), Cred: app})
	assert.Equal(t, http.StatusForbidden, r.Status)

	// Export the bank, import it into an empty server, export again.
	var exported struct {
		Files []struct{ Path, Content string }
	}
	r = a.do(t, req{Method: "GET", Path: "/v1/bank/export", Cred: a.AdminKey})
	require.Equal(t, http.StatusOK, r.Status)
	r.Decode(t, &exported)
	require.GreaterOrEqual(t, len(exported.Files), 80)

	empty := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(empty, "README"), []byte("no questions"), 0o600))
	b := startServer(t, tempDB(t), map[string]string{"LOOPLAB_CONTENT": empty})
	r = b.do(t, req{Method: "POST", Path: "/v1/bank/import", Cred: b.AdminKey,
		Body: map[string]any{"files": exported.Files, "publish": true}})
	require.Equal(t, http.StatusOK, r.Status, truncate(r.Body))
	var imported struct {
		Items []struct{ Action string }
	}
	r.Decode(t, &imported)
	require.Len(t, imported.Items, len(exported.Files))
	for _, it := range imported.Items {
		assert.Equal(t, "created", it.Action)
	}
	var again struct {
		Files []struct{ Path, Content string }
	}
	b.do(t, req{Method: "GET", Path: "/v1/bank/export", Cred: b.AdminKey}).Decode(t, &again)
	assert.Equal(t, exported.Files, again.Files, "the round trip loses nothing")

	// Importing the same files again changes nothing; a broken file names the file and field.
	r = b.do(t, req{Method: "POST", Path: "/v1/bank/import", Cred: b.AdminKey, Body: map[string]any{"files": exported.Files[:3]}})
	require.Equal(t, http.StatusOK, r.Status)
	assert.NotContains(t, string(r.Body), `"created"`)
	broken := []map[string]string{{"path": "bad.yaml", "content": "topic: t\nkind: order\ndifficulty: 9\n"}}
	r = b.do(t, req{Method: "POST", Path: "/v1/bank/import", Cred: b.AdminKey, Body: map[string]any{"files": broken}})
	require.Equal(t, http.StatusBadRequest, r.Status)
	assert.Contains(t, string(r.Body), "bad.yaml: difficulty")
}

// testPathAndAnother: the learner's path (its first step current, the new questions of
// next from it), then "another like this" of an order question: a program of its shape,
// the same for the same seed, graded without being kept.
func testPathAndAnother(t *testing.T, s *testServer, app string, learner int64, tok, firstTopic string) {
	assert.Equal(t, "sync-callbacks", firstTopic, "a new learner starts at the path's first step")
	var path struct {
		Current string
		Steps   []struct {
			Slug      string
			Topics    []string
			Lesson    map[string]string
			Questions int
		}
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/path", learner), Cred: tok})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &path)
	require.GreaterOrEqual(t, len(path.Steps), 8)
	assert.Equal(t, "sync-callbacks", path.Current)
	assert.Equal(t, "versions", path.Steps[len(path.Steps)-2].Slug)
	for _, st := range path.Steps {
		assert.NotEmpty(t, st.Lesson["en"], st.Slug)
		assert.NotEmpty(t, st.Lesson["vi"], st.Slug)
		assert.Positive(t, st.Questions, st.Slug)
	}

	q := s.questionID(t, app, "order-cjs-queues")
	var another struct {
		Seed         uint64
		Program      string
		Shape        struct{ Schedulers []string }
		Presentation struct{ Lines []string }
	}
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/another?seed=42", q), Cred: tok})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &another)
	assert.Contains(t, another.Shape.Schedulers, "nextTick")
	assert.Len(t, another.Presentation.Lines, 7, "as many lines as the question")
	again := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/another?seed=42", q), Cred: tok})
	assert.Equal(t, string(r.Body), string(again.Body), "the same seed, the same program")
	var grade struct {
		Verdict  string
		Expected struct{ Outcomes []struct{ Stdout []string } }
		Trace    []json.RawMessage
	}
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/another", q), Cred: tok,
		Body: map[string]any{"seed": another.Seed, "answer": another.Presentation.Lines}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &grade)
	require.Len(t, grade.Expected.Outcomes, 1, "kept only when the order is certain")
	assert.NotEmpty(t, grade.Trace)
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/another", q), Cred: tok,
		Body: map[string]any{"seed": another.Seed, "answer": grade.Expected.Outcomes[0].Stdout}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &grade)
	assert.Equal(t, "correct", grade.Verdict)
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/another", s.questionID(t, app, "choice-timers-threshold")), Cred: tok})
	assert.Equal(t, http.StatusBadRequest, r.Status, "only an order question has others like it: %s", r.Body)
}
