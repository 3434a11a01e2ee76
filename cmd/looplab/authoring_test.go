package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLostUpdateIs412: two editors read the same working copy; the first one's change
// is stored and the second one's, made on the copy it read (If-Match), gets 412 and
// changes nothing. A publish conditional on an old ETag is refused the same way, and a
// change conditional on If-None-Match naming the current copy.
func TestLostUpdateIs412(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst := s.mustKey(t, "instructor")
	draft := map[string]any{"slug": "etag-q", "topic": "timers", "kind": "order", "difficulty": 1,
		"title": map[string]string{"en": "Two lines", "vi": "Hai dòng"}, "prompt": map[string]string{"en": "Order", "vi": "Sắp xếp"},
		"program": "setTimeout(() => console.log('late'), 1)\nconsole.log('early')\n", "explanation": map[string]string{"en": "Sync first."}}
	r := s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	path := fmt.Sprintf("/v1/questions/%.0f", r.JSON(t)["id"].(float64))

	read := s.do(t, req{Method: "GET", Path: path, Cred: inst})
	tag := read.Header.Get("ETag")
	require.Regexp(t, `^"[0-9a-f]{24}"$`, tag)
	again := s.do(t, req{Method: "GET", Path: path, Cred: inst, Header: map[string]string{"If-None-Match": tag}})
	assert.Equal(t, http.StatusNotModified, again.Status)

	patch := func(tag string, difficulty int) *response {
		return s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"difficulty": difficulty},
			Header: map[string]string{"If-Match": tag}})
	}
	first := patch(tag, 2)
	require.Equal(t, http.StatusOK, first.Status, string(first.Body))
	assert.NotEqual(t, tag, first.Header.Get("ETag"), "the edit makes a new ETag")
	lost := patch(tag, 3)
	require.Equal(t, http.StatusPreconditionFailed, lost.Status, string(lost.Body))
	assert.Equal(t, "precondition_failed", lost.JSON(t)["code"])
	assert.Equal(t, "application/problem+json", lost.Header.Get("Content-Type"))
	now := s.do(t, req{Method: "GET", Path: path, Cred: inst})
	assert.Equal(t, 2.0, now.JSON(t)["draft"].(map[string]any)["difficulty"], "the lost update changed nothing")
	assert.Equal(t, first.Header.Get("ETag"), now.Header.Get("ETag"), "the PATCH response's ETag is the one a read gives")

	// Redone on the copy just read, the edit goes through.
	redo := patch(now.Header.Get("ETag"), 3)
	require.Equal(t, http.StatusOK, redo.Status, string(redo.Body))
	// A publish conditional on a stale ETag is refused; on the current one it publishes.
	pub := s.do(t, req{Method: "POST", Path: path + "/publish", Cred: inst, Header: map[string]string{"If-Match": tag}})
	assert.Equal(t, http.StatusPreconditionFailed, pub.Status, string(pub.Body))
	pub = s.do(t, req{Method: "POST", Path: path + "/publish", Cred: inst, Header: map[string]string{"If-Match": redo.Header.Get("ETag")}})
	assert.Equal(t, http.StatusCreated, pub.Status, string(pub.Body))
	// Without If-Match a patch merges into the latest copy, as before.
	r = s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"topic": "phases"}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, 3.0, r.JSON(t)["draft"].(map[string]any)["difficulty"])

	// If-None-Match on a change (issue 30): "*" or the current tag means "only if it does
	// not exist in that copy": 412 with a problem, nothing applied (RFC 9110, 13.1.2).
	current := r.Header.Get("ETag")
	for _, none := range []string{"*", current, `"other", ` + current} {
		r = s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"difficulty": 1},
			Header: map[string]string{"If-None-Match": none}})
		require.Equal(t, http.StatusPreconditionFailed, r.Status, "If-None-Match: %s: %s", none, r.Body)
		assert.Equal(t, "application/problem+json", r.Header.Get("Content-Type"))
		assert.Equal(t, "precondition_failed", r.JSON(t)["code"])
	}
	now = s.do(t, req{Method: "GET", Path: path, Cred: inst})
	assert.Equal(t, 3.0, now.JSON(t)["draft"].(map[string]any)["difficulty"], "no If-None-Match patch was applied")
	assert.Equal(t, current, now.Header.Get("ETag"))
	r = s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"difficulty": 1},
		Header: map[string]string{"If-None-Match": tag}}) // an old copy's tag: the condition holds
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, 1.0, r.JSON(t)["draft"].(map[string]any)["difficulty"])
}

// TestInstructorCopiesBankQuestion: an instructor reads a published bank question whole
// (its explanation, hints and spec, which learners and apps never see) and copies it into
// a draft of their own, which they may edit; the bank question stays as it was.
func TestInstructorCopiesBankQuestion(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst, app := s.mustKey(t, "instructor"), s.mustKey(t, "app")
	qid := s.questionID(t, app, "choice-timers-threshold")
	path := fmt.Sprintf("/v1/questions/%d", qid)

	whole := s.do(t, req{Method: "GET", Path: path, Cred: inst}).JSON(t)
	pub, ok := whole["published"].(map[string]any)
	require.True(t, ok, "an instructor reads the published version whole")
	for _, field := range []string{"spec", "hints", "explanation"} {
		assert.NotEmpty(t, pub[field], field)
	}
	assert.Nil(t, whole["draft"], "not the instructor's own question: no working copy")
	learner := s.mustLearner(t, app, "copy-learner")
	for _, cred := range []string{app, s.mustToken(t, app, learner)} {
		assert.Nil(t, s.do(t, req{Method: "GET", Path: path, Cred: cred}).JSON(t)["published"], "apps and learners never see the key's material")
	}

	r := s.do(t, req{Method: "POST", Path: path + "/copy", Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	cp := r.JSON(t)
	assert.Equal(t, "choice-timers-threshold-copy", cp["slug"])
	assert.Equal(t, "draft", cp["status"])
	assert.Equal(t, false, cp["bank"])
	draft := cp["draft"].(map[string]any)
	assert.Equal(t, pub["spec"], draft["spec"])
	assert.Equal(t, pub["hints"], draft["hints"])
	assert.Equal(t, r.Header.Get("Location"), fmt.Sprintf("/v1/questions/%.0f", cp["id"].(float64)))
	second := s.do(t, req{Method: "POST", Path: path + "/copy", Cred: inst})
	require.Equal(t, http.StatusCreated, second.Status, string(second.Body))
	assert.Equal(t, "choice-timers-threshold-copy-2", second.JSON(t)["slug"], "the next free slug")
	named := s.do(t, req{Method: "POST", Path: path + "/copy", Cred: inst, Body: map[string]string{"slug": "choice-timers-threshold-copy"}})
	assert.Equal(t, http.StatusConflict, named.Status, "a slug asked for and taken")

	edit := s.do(t, req{Method: "PATCH", Path: r.Header.Get("Location"), Cred: inst, Body: map[string]any{"difficulty": 5},
		Header: map[string]string{"If-Match": r.Header.Get("ETag")}})
	require.Equal(t, http.StatusOK, edit.Status, string(edit.Body))
	assert.Equal(t, 5.0, edit.JSON(t)["draft"].(map[string]any)["difficulty"])
	assert.Equal(t, whole["difficulty"], s.do(t, req{Method: "GET", Path: path, Cred: inst}).JSON(t)["difficulty"], "the bank question is unchanged")
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "POST", Path: path + "/copy", Cred: app}).Status, "apps do not author")
}

// TestCohort: an instructor reads how a group of learners is doing: each learner's best
// score per question and the misconception most common across the group, with the trace
// step of the question where their answers part from the runtime.
func TestCohort(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst, app := s.mustKey(t, "instructor"), s.mustKey(t, "app")
	ann, bob, cat := s.mustLearner(t, app, "c-ann"), s.mustLearner(t, app, "c-bob"), s.mustLearner(t, app, "c-cat")
	qid := s.questionID(t, app, "order-cjs-queues")
	answer := func(l int64, lines []string) {
		r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": l, "question_id": qid, "answer": lines}})
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	}
	answer(ann, cjsQueuesWrong)
	answer(ann, cjsQueuesRight)
	answer(bob, cjsQueuesWrong)
	var rep struct {
		Learners []struct {
			ID       int64
			Answered int
			Attempts int
			MeanBest float64 `json:"mean_best"`
		}
		Cells []struct {
			LearnerID int64   `json:"learner_id"`
			BestScore float64 `json:"best_score"`
			Last      string  `json:"last_verdict"`
		}
		Misconceptions []struct {
			Tag      string
			Count    int
			Learners int
			Text     struct{ En string }
			Steps    []struct {
				QuestionID int64 `json:"question_id"`
				Step       int
				Count      int
			}
		}
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?learners=%d,%d,%d", ann, bob, cat), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &rep)
	require.Len(t, rep.Learners, 3)
	assert.Equal(t, 2, rep.Learners[0].Attempts)
	assert.Equal(t, 1.0, rep.Learners[0].MeanBest, "ann's best is the right answer")
	assert.Equal(t, 0, rep.Learners[2].Answered, "cat has not started")
	require.Len(t, rep.Cells, 2)
	assert.Equal(t, "correct", rep.Cells[0].Last)
	assert.Equal(t, "partial", rep.Cells[1].Last)
	require.NotEmpty(t, rep.Misconceptions)
	m := rep.Misconceptions[0]
	assert.Equal(t, "esm-cjs-order", m.Tag)
	assert.Equal(t, 2, m.Count)
	assert.Equal(t, 2, m.Learners)
	assert.NotEmpty(t, m.Text.En)
	require.Len(t, m.Steps, 1)
	assert.Equal(t, qid, m.Steps[0].QuestionID)
	assert.Positive(t, m.Steps[0].Step)
	assert.Equal(t, 2, m.Steps[0].Count)

	learner := s.mustToken(t, app, ann)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?learners=%d", ann), Cred: learner}).Status)
	assert.Equal(t, http.StatusBadRequest, s.do(t, req{Method: "GET", Path: "/v1/cohort", Cred: inst}).Status)
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: "/v1/cohort?context=99", Cred: inst}).Status)
}

// TestCohortOfLMSCourse: the cohort of an LMS course is the learners launched from it.
func TestCohortOfLMSCourse(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	ann := mustSession(t, p.launch(t, s, learnerLaunch(p, "ann", "order-cjs-queues", "")))
	bob := mustSession(t, p.launch(t, s, learnerLaunch(p, "bob", "order-cjs-queues", "")))
	s.answer(t, ann, cjsQueuesWrong)
	s.answer(t, bob, cjsQueuesRight)
	var contexts struct{ Items []struct{ ID int64 } }
	s.do(t, req{Method: "GET", Path: "/v1/lti/contexts", Cred: s.AdminKey}).Decode(t, &contexts)
	require.Len(t, contexts.Items, 1)
	var rep struct {
		Learners []struct {
			ExternalID string  `json:"external_id"`
			MeanBest   float64 `json:"mean_best"`
		}
		Misconceptions []struct{ Tag string }
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?context=%d", contexts.Items[0].ID), Cred: s.mustKey(t, "instructor")})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &rep)
	require.Len(t, rep.Learners, 2, "the course's two learners")
	assert.Equal(t, 1.0, rep.Learners[1].MeanBest)
	require.Len(t, rep.Misconceptions, 1)
	assert.Equal(t, "esm-cjs-order", rep.Misconceptions[0].Tag)
}

// TestPreviewListsAreNeverNull (issue 30): a preview of a question with no program (a
// choice question about a real system) has an empty console and trace, not null, as the
// OpenAPI document says (s.do validates every answer against it).
func TestPreviewListsAreNeverNull(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst := s.mustKey(t, "instructor")
	qid := s.questionID(t, inst, "request-path-who-waits")
	r := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/preview", qid), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Contains(t, string(r.Body), `"console":[]`)
	assert.Contains(t, string(r.Body), `"trace":[]`)
}
