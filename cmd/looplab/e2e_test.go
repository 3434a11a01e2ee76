package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mustKey creates an API key of a role with the admin key and returns its secret.
func (s *testServer) mustKey(t testing.TB, role string) string {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/keys", Cred: s.AdminKey, Body: map[string]string{"role": role, "name": role}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	return r.JSON(t)["key"].(string)
}

func (s *testServer) mustLearner(t testing.TB, cred, externalID string) int64 {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/learners", Cred: cred, Body: map[string]string{"external_id": externalID, "name": "N " + externalID}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	return int64(r.JSON(t)["id"].(float64))
}

func (s *testServer) mustToken(t testing.TB, cred string, learner int64) string {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", learner), Cred: cred})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	return r.JSON(t)["token"].(string)
}

// questionID finds a bank question by slug.
func (s *testServer) questionID(t testing.TB, cred, slug string) int64 {
	t.Helper()
	var page struct {
		Items []struct {
			ID   int64
			Slug string
		}
	}
	s.do(t, req{Method: "GET", Path: "/v1/questions?limit=500", Cred: cred}).Decode(t, &page)
	for _, q := range page.Items {
		if q.Slug == slug {
			return q.ID
		}
	}
	t.Fatalf("no question %s", slug)
	return 0
}

type attemptBody struct {
	ID         int64     `json:"id"`
	LearnerID  int64     `json:"learner_id"`
	Version    int       `json:"version"`
	AttemptNo  int       `json:"attempt_no"`
	Seed       int64     `json:"seed"`
	Score      float64   `json:"score"`
	Verdict    string    `json:"verdict"`
	CreatedAt  time.Time `json:"created_at"`
	Divergence *struct{ Index, Step int }
	Expected   json.RawMessage `json:"expected"`
	Trace      []struct {
		N      int
		Event  string
		Detail string
		Line   int
		Label  string
		Stack  []struct{ Kind, Label string }
	} `json:"trace"`
	OutcomeTraces []struct {
		Outcome int
		Steps   []struct{ N int }
		Console []string
	} `json:"outcome_traces"`
}

type variantBody struct {
	AttemptNo    int               `json:"attempt_no"`
	Seed         int64             `json:"seed"`
	Program      string            `json:"program"`
	Params       map[string]string `json:"params"`
	Presentation struct{ Lines []string }
}

// TestFlow is the whole learner flow over HTTP: create a learner, list questions, fetch
// a variant, submit a wrong and a right answer, read the grade and the trace, list the
// attempts.
func TestFlow(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "lms-1")

	r := s.do(t, req{Method: "GET", Path: "/v1/questions?kind=order&language=vi&limit=2", Cred: app})
	require.Equal(t, http.StatusOK, r.Status)
	var page struct {
		Items []map[string]any
		Next  *string `json:"next_cursor"`
	}
	r.Decode(t, &page)
	require.Len(t, page.Items, 2)
	require.NotNil(t, page.Next)
	for _, q := range page.Items {
		assert.Equal(t, "order", q["kind"])
		assert.NotContains(t, q, "draft", "no authoring fields (key, explanation) for an app")
	}
	r2 := s.do(t, req{Method: "GET", Path: "/v1/questions?kind=order&language=vi&limit=2&cursor=" + *page.Next, Cred: app})
	require.Equal(t, http.StatusOK, r2.Status)
	assert.NotContains(t, string(r2.Body), fmt.Sprintf(`"id":%v,`, page.Items[0]["id"]))

	qid := s.questionID(t, app, "order-cjs-queues")
	var v variantBody
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", qid, learner), Cred: app})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &v)
	assert.Equal(t, 1, v.AttemptNo)
	assert.Len(t, v.Presentation.Lines, 7)
	assert.NotContains(t, string(r.Body), "expected")

	wrong := []string{"sync 1", "sync 2", "Promise.then", "queueMicrotask", "nextTick", "setImmediate", "setTimeout 0"}
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": wrong, "seed": v.Seed}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var a1 attemptBody
	r.Decode(t, &a1)
	assert.Equal(t, "partial", a1.Verdict)
	assert.InDelta(t, 6.0/7, a1.Score, 1e-9)
	require.NotNil(t, a1.Divergence)
	assert.Equal(t, 2, a1.Divergence.Index)
	require.NotEmpty(t, a1.Trace)
	assert.Equal(t, "console", a1.Trace[a1.Divergence.Step-1].Event)
	assert.Equal(t, "nextTick", a1.Trace[a1.Divergence.Step-1].Detail)
	assert.Contains(t, string(r.Body), `"misconception":"esm-cjs-order"`)
	assert.Equal(t, "/v1/attempts/"+fmt.Sprint(a1.ID), r.Header.Get("Location"))
	// The trace names what is queued at its line and what runs; the race's other
	// outcome comes with its own trace.
	queued := map[string]int{}
	for _, st := range a1.Trace {
		if st.Event == "microtask-queued" {
			queued[st.Label] = st.Line
		}
	}
	assert.Equal(t, map[string]int{".then callback": 4, "queueMicrotask callback": 5}, queued)
	printing := a1.Trace[a1.Divergence.Step-1+2] // → runs the .then callback, which prints
	assert.Equal(t, "Promise.then", printing.Detail)
	require.NotEmpty(t, printing.Stack)
	assert.Equal(t, ".then callback", printing.Stack[0].Label)
	require.Len(t, a1.OutcomeTraces, 1)
	assert.Equal(t, 2, a1.OutcomeTraces[0].Outcome)
	assert.Equal(t, right7(), a1.OutcomeTraces[0].Console)
	assert.NotEmpty(t, a1.OutcomeTraces[0].Steps)

	// The next variant is attempt 2; a stale seed is refused rather than graded.
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": wrong, "seed": v.Seed}})
	assert.Equal(t, http.StatusConflict, r.Status)
	right := right7()
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": right}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var a2 attemptBody
	r.Decode(t, &a2)
	assert.Equal(t, "correct", a2.Verdict, "the rarer racy order is correct too")
	assert.Equal(t, 2, a2.AttemptNo)

	// A numeric question with parameters: the key depends on the variant.
	nid := s.questionID(t, app, "numeric-timer-threshold")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", nid, learner), Cred: app})
	r.Decode(t, &v)
	var io int
	fmt.Sscan(v.Params["io"], &io)
	require.Positive(t, io)
	assert.Contains(t, v.Program, "busy(10)")
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": nid, "answer": io + 10, "seed": v.Seed}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var a3 attemptBody
	r.Decode(t, &a3)
	assert.Equal(t, "correct", a3.Verdict)

	// The learner's attempts, newest first, one per page.
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d&limit=2", learner), Cred: app})
	require.Equal(t, http.StatusOK, r.Status)
	var list struct {
		Items []attemptBody
		Next  *string `json:"next_cursor"`
	}
	r.Decode(t, &list)
	require.Len(t, list.Items, 2)
	assert.Equal(t, a3.ID, list.Items[0].ID)
	assert.Empty(t, list.Items[0].Trace, "lists carry no trace")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d&limit=2&cursor=%s", learner, *list.Next), Cred: app})
	r.Decode(t, &list)
	require.Len(t, list.Items, 1)
	assert.Equal(t, a1.ID, list.Items[0].ID)
	assert.Nil(t, list.Next)

	// One attempt, with its trace recomputed.
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", a1.ID), Cred: app})
	require.Equal(t, http.StatusOK, r.Status)
	var got attemptBody
	r.Decode(t, &got)
	assert.Equal(t, a1.Score, got.Score)
	assert.Equal(t, len(a1.Trace), len(got.Trace))

	// The same, as the learner, in a browser.
	tok := s.mustToken(t, app, learner)
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", a1.ID), Cred: tok})
	assert.Equal(t, http.StatusOK, r.Status)
	r = s.do(t, req{Method: "GET", Path: "/v1/attempts", Cred: tok})
	r.Decode(t, &list)
	assert.Len(t, list.Items, 3)

	m := s.do(t, req{Method: "GET", Path: "/metrics", Cred: s.AdminKey})
	for _, name := range []string{"looplab_http_requests_total", "looplab_http_request_duration_seconds_bucket",
		`looplab_attempts_graded_total{kind="order",verdict="partial"} 1`, "looplab_simulator_runs_total", "looplab_simulator_run_duration_seconds_count"} {
		assert.Contains(t, string(m.Body), name)
	}
}

// TestAuthorization checks every role rule.
func TestAuthorization(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app, inst1, inst2 := s.mustKey(t, "app"), s.mustKey(t, "instructor"), s.mustKey(t, "instructor")
	ann, bob := s.mustLearner(t, app, "ann"), s.mustLearner(t, app, "bob")
	annTok, bobTok := s.mustToken(t, app, ann), s.mustToken(t, app, bob)
	qid := s.questionID(t, app, "order-io-immediate")
	r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: bobTok, Body: map[string]any{"learner_id": bob, "question_id": qid,
		"answer": []string{"main done", "I/O: nextTick", "I/O: setTimeout 0", "I/O: setImmediate"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	bobAttempt := int64(r.JSON(t)["id"].(float64))

	draft := map[string]any{"slug": "my-draft", "topic": "timers", "kind": "order", "difficulty": 1,
		"title": map[string]string{"en": "Mine"}, "prompt": map[string]string{"en": "Order them"},
		"program": "console.log('a')\nsetImmediate(() => console.log('b'))\n", "explanation": map[string]string{"en": "Because."}}
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst1, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	mine := int64(r.JSON(t)["id"].(float64))

	cases := []struct {
		name   string
		r      req
		status int
	}{
		{"NoCredentials", req{Method: "GET", Path: "/v1/questions"}, 401},
		{"UnknownKey", req{Method: "GET", Path: "/v1/questions", Cred: "ll_nope"}, 401},
		{"ForgedToken", req{Method: "GET", Path: "/v1/questions", Cred: annTok[:len(annTok)-2] + "xx"}, 401},
		{"LearnerReadsOthersAttempt", req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", bobAttempt), Cred: annTok}, 404},
		{"LearnerListsOthersAttempts", req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", bob), Cred: annTok}, 404},
		{"LearnerReadsOtherLearner", req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", bob), Cred: annTok}, 404},
		{"LearnerReadsSelf", req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", ann), Cred: annTok}, 200},
		{"LearnerSubmitsForOther", req{Method: "POST", Path: "/v1/attempts", Cred: annTok, Body: map[string]any{"learner_id": bob, "question_id": qid, "answer": []string{"a"}}}, 403},
		{"LearnerVariantOfOther", req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", qid, bob), Cred: annTok}, 403},
		{"LearnerOwnVariant", req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant", qid), Cred: annTok}, 200},
		{"LearnerCreatesLearner", req{Method: "POST", Path: "/v1/learners", Cred: annTok, Body: map[string]string{"external_id": "x"}}, 403},
		{"LearnerListsLearners", req{Method: "GET", Path: "/v1/learners", Cred: annTok}, 403},
		{"LearnerMintsToken", req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", ann), Cred: annTok}, 403},
		{"LearnerSeesDraft", req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: annTok}, 404},
		{"AppCreatesKey", req{Method: "POST", Path: "/v1/keys", Cred: app, Body: map[string]string{"role": "admin"}}, 403},
		{"AppCreatesQuestion", req{Method: "POST", Path: "/v1/questions", Cred: app, Body: draft}, 403},
		{"AppSeesDraft", req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: app}, 404},
		{"InstructorSubmits", req{Method: "POST", Path: "/v1/attempts", Cred: inst1, Body: map[string]any{"learner_id": ann, "question_id": qid, "answer": []string{"a"}}}, 403},
		{"InstructorEditsOthersQuestion", req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: inst2, Body: map[string]any{"difficulty": 2}}, 404},
		{"InstructorEditsBankQuestion", req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", qid), Cred: inst1, Body: map[string]any{"difficulty": 2}}, 403},
		{"InstructorPublishesBankQuestion", req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", qid), Cred: inst2}, 403},
		{"InstructorEditsOwn", req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: inst1, Body: map[string]any{"difficulty": 2}}, 200},
		{"AdminEditsAny", req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: s.AdminKey, Body: map[string]any{"difficulty": 3}}, 200},
		{"InstructorPublishesOwn", req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", mine), Cred: inst1}, 201},
		{"InstructorEditsOthersPublished", req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", mine), Cred: inst2, Body: map[string]any{"difficulty": 2}}, 403},
	}
	for _, tc := range cases {
		r := s.do(t, tc.r)
		assert.Equal(t, tc.status, r.Status, "%s: %s", tc.name, r.Body)
		if tc.status >= 400 {
			assert.Equal(t, "application/problem+json", r.Header.Get("Content-Type"), tc.name)
		}
	}
	// Learners never see an answer key before answering.
	for _, path := range []string{fmt.Sprintf("/v1/questions/%d", qid), fmt.Sprintf("/v1/questions/%d/variant", qid), "/v1/questions"} {
		body := string(s.do(t, req{Method: "GET", Path: path, Cred: annTok}).Body)
		for _, leak := range []string{"expected", "explanation", "misconceptions", "outcomes", `"draft"`} {
			assert.NotContains(t, body, leak, path)
		}
	}
}

// TestKeyRevocation checks API key management: admins list keys without secrets and
// revoke them; a revoked key and the learner tokens it minted stop working at once; the
// last active admin key cannot be revoked.
func TestKeyRevocation(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "rev")
	token := s.mustToken(t, app, learner)
	me := fmt.Sprintf("/v1/learners/%d", learner)
	require.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: me, Cred: token}).Status)

	var keys struct {
		Items []struct {
			ID        int64
			Name      string
			Role      string
			RevokedAt *string `json:"revoked_at"`
		}
		NextCursor *string `json:"next_cursor"`
	}
	r := s.do(t, req{Method: "GET", Path: "/v1/keys?limit=1", Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.NotContains(t, string(r.Body), `"key"`, "secrets are never listed")
	r.Decode(t, &keys)
	require.Len(t, keys.Items, 1)
	require.NotNil(t, keys.NextCursor)
	bootstrap := keys.Items[0].ID
	assert.Equal(t, "admin", keys.Items[0].Role)
	s.do(t, req{Method: "GET", Path: "/v1/keys?cursor=" + *keys.NextCursor, Cred: s.AdminKey}).Decode(t, &keys)
	require.Len(t, keys.Items, 1)
	appID := keys.Items[0].ID
	assert.Equal(t, "app", keys.Items[0].Role)
	assert.Nil(t, keys.Items[0].RevokedAt)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: "/v1/keys", Cred: app}).Status)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", appID), Cred: app}).Status)

	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", appID), Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.NotNil(t, r.JSON(t)["revoked_at"])
	assert.Equal(t, http.StatusUnauthorized, s.do(t, req{Method: "GET", Path: "/v1/questions", Cred: app}).Status, "the key")
	assert.Equal(t, http.StatusUnauthorized, s.do(t, req{Method: "GET", Path: me, Cred: token}).Status, "its token")
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", appID), Cred: s.AdminKey}).Status,
		"revoking twice changes nothing")
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "DELETE", Path: "/v1/keys/999", Cred: s.AdminKey}).Status)

	admin2 := s.mustKey(t, "admin")
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", bootstrap), Cred: admin2})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	s.do(t, req{Method: "GET", Path: "/v1/keys", Cred: admin2}).Decode(t, &keys)
	require.Len(t, keys.Items, 3)
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", keys.Items[2].ID), Cred: admin2})
	assert.Equal(t, http.StatusConflict, r.Status, "the last admin key stays: %s", r.Body)
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/v1/keys", Cred: admin2}).Status)
}

// TestQuestionFilters checks each list filter against the unfiltered list: a filtered
// list holds exactly the questions that match, alone and combined, across pages.
func TestQuestionFilters(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	type item struct {
		ID         int64
		Topic      string
		Kind       string
		Difficulty int
		Languages  []string
	}
	list := func(query string) []item {
		t.Helper()
		var all []item
		cursor := ""
		for {
			var page struct {
				Items      []item
				NextCursor *string `json:"next_cursor"`
			}
			r := s.do(t, req{Method: "GET", Path: "/v1/questions?limit=7&" + query + cursor, Cred: app})
			require.Equal(t, http.StatusOK, r.Status, string(r.Body))
			r.Decode(t, &page)
			all = append(all, page.Items...)
			if page.NextCursor == nil {
				return all
			}
			cursor = "&cursor=" + *page.NextCursor
		}
	}
	all := list("")
	require.Greater(t, len(all), 20)
	topic, kind := all[len(all)/2].Topic, all[len(all)/3].Kind
	match := func(keep func(item) bool) []item {
		var out []item
		for _, q := range all {
			if keep(q) {
				out = append(out, q)
			}
		}
		require.NotEmpty(t, out)
		return out
	}
	assert.Equal(t, match(func(q item) bool { return q.Topic == topic }), list("topic="+url.QueryEscape(topic)))
	assert.Equal(t, match(func(q item) bool { return q.Kind == kind }), list("kind="+kind))
	assert.Equal(t, match(func(q item) bool { return q.Difficulty == 2 }), list("difficulty=2"))
	assert.Equal(t, match(func(q item) bool { return slices.Contains(q.Languages, "vi") }), list("language=vi"))
	level := all[len(all)/3].Difficulty
	assert.Equal(t, match(func(q item) bool { return q.Kind == kind && q.Difficulty == level }),
		list(fmt.Sprintf("kind=%s&difficulty=%d&status=published", kind, level)))
	assert.Empty(t, list("topic=no-such-topic"))

	assert.Equal(t, http.StatusBadRequest, s.do(t, req{Method: "GET", Path: "/v1/questions?difficulty=0", Cred: app}).Status)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: "/v1/questions?status=draft", Cred: app}).Status,
		"apps and learners see no drafts, and are told so")
}

// TestRateLimit checks the per-key token bucket.
func TestRateLimit(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_RATE_LIMIT": "0.5", "LOOPLAB_RATE_BURST": "3"})
	app := s.mustKey(t, "app")
	codes := map[int]int{}
	for range 6 {
		codes[s.do(t, req{Method: "GET", Path: "/v1/questions", Cred: app}).Status]++
	}
	assert.Equal(t, 3, codes[200])
	assert.Equal(t, 3, codes[429])
	r := s.do(t, req{Method: "GET", Path: "/v1/questions", Cred: app})
	assert.Regexp(t, `^[12]$`, r.Header.Get("Retry-After"), "a token every 2 s, part of one may have come back")
	assert.Equal(t, "rate_limited", r.JSON(t)["code"])
	assert.Equal(t, 200, s.do(t, req{Method: "GET", Path: "/v1/questions", Cred: s.AdminKey}).Status, "buckets are per key")
}

// TestIdempotency checks retries: a replay, a different body, and concurrent retries
// that must create exactly one attempt.
func TestIdempotency(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "idem")
	qid := s.questionID(t, app, "order-timers-microtasks")
	body := map[string]any{"learner_id": learner, "question_id": qid, "answer": []string{"timer A", "timer B", "promise of A", "promise of B"}}
	post := func(key string, b any) *response {
		return s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: b, Header: map[string]string{"Idempotency-Key": key}})
	}
	first := post("retry-1", body)
	require.Equal(t, http.StatusCreated, first.Status, string(first.Body))
	again := post("retry-1", body)
	assert.Equal(t, http.StatusCreated, again.Status)
	assert.Equal(t, "true", again.Header.Get("Idempotent-Replayed"))
	assert.Equal(t, string(first.Body), string(again.Body))
	other := post("retry-1", map[string]any{"learner_id": learner, "question_id": qid, "answer": []string{"x"}})
	assert.Equal(t, http.StatusConflict, other.Status)
	assert.Contains(t, other.JSON(t)["detail"], "different request")

	// A retry that names the variant's seed is replayed although the variant moved on
	// (without a key, a stale seed is a conflict); the same key for another seed is not.
	var v variantBody
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", qid, learner), Cred: app}).Decode(t, &v)
	seeded := map[string]any{"learner_id": learner, "question_id": qid, "answer": body["answer"], "seed": v.Seed}
	sfirst := post("seeded-1", seeded)
	require.Equal(t, http.StatusCreated, sfirst.Status, string(sfirst.Body))
	sagain := post("seeded-1", seeded)
	require.Equal(t, http.StatusCreated, sagain.Status, string(sagain.Body))
	assert.Equal(t, string(sfirst.Body), string(sagain.Body))
	seeded["seed"] = v.Seed + 1
	assert.Equal(t, http.StatusConflict, post("seeded-1", seeded).Status)

	// Concurrent retries of one request: exactly one attempt, and every retry gets it
	// (a retry racing the first is answered once the first is stored).
	var wg sync.WaitGroup
	statuses := make([]int, 16)
	bodies := make([]string, 16)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := post("burst-1", body)
			statuses[i], bodies[i] = r.Status, string(r.Body)
		}()
	}
	wg.Wait()
	created := bodies[0]
	for i, st := range statuses {
		require.Equal(t, http.StatusCreated, st, bodies[i])
		assert.Equal(t, created, bodies[i], "every retry gets the same response")
	}
	final := post("burst-1", body)
	assert.Equal(t, created, string(final.Body))
	var list struct{ Items []attemptBody }
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", learner), Cred: app}).Decode(t, &list)
	assert.Len(t, list.Items, 3, "one attempt per idempotency key")

	// A replayed response that carries a secret is not stored in clear: the new API key
	// is nowhere in the database file or its write-ahead log.
	mint := func() *response {
		return s.do(t, req{Method: "POST", Path: "/v1/keys", Cred: s.AdminKey, Body: map[string]string{"role": "app", "name": "sealed"},
			Header: map[string]string{"Idempotency-Key": "mint-1"}})
	}
	minted, replayed := mint(), mint()
	require.Equal(t, http.StatusCreated, minted.Status, string(minted.Body))
	assert.Equal(t, "true", replayed.Header.Get("Idempotent-Replayed"))
	assert.Equal(t, string(minted.Body), string(replayed.Body))
	secret := minted.JSON(t)["key"].(string)
	require.NotEmpty(t, secret)
	for _, f := range []string{s.DB, s.DB + "-wal"} {
		if testEngine == store.Postgres {
			break // the sealing is the API's, the same on both engines; this reads SQLite's files
		}
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.False(t, strings.Contains(string(data), secret), "the new API key is stored in clear in %s", f)
	}

	// Keys are scoped to the principal: another key may reuse the name.
	admin := s.do(t, req{Method: "POST", Path: "/v1/learners", Cred: s.AdminKey, Body: map[string]string{"external_id": "z"},
		Header: map[string]string{"Idempotency-Key": "retry-1"}})
	assert.Equal(t, http.StatusCreated, admin.Status)
}

// TestIdempotencyExpiry checks that an Idempotency-Key is free again after
// LOOPLAB_IDEMPOTENCY_TTL, except that an attempt keeps its key: the same attempt is
// replayed, and a different one under that key is still refused.
func TestIdempotencyExpiry(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_IDEMPOTENCY_TTL": "50ms"})
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "idem-ttl")
	qid := s.questionID(t, app, "order-timers-microtasks")
	post := func(path, key string, b any) *response {
		return s.do(t, req{Method: "POST", Path: path, Cred: app, Body: b, Header: map[string]string{"Idempotency-Key": key}})
	}
	body := map[string]any{"learner_id": learner, "question_id": qid, "answer": []string{"timer A", "timer B", "promise of A", "promise of B"}}
	first := post("/v1/attempts", "k1", body)
	require.Equal(t, http.StatusCreated, first.Status, string(first.Body))
	created := post("/v1/learners", "k2", map[string]string{"external_id": "ttl-a"})
	require.Equal(t, http.StatusCreated, created.Status, string(created.Body))
	time.Sleep(150 * time.Millisecond)

	again := post("/v1/attempts", "k1", body)
	require.Equal(t, http.StatusCreated, again.Status, string(again.Body))
	assert.Equal(t, "true", again.Header.Get("Idempotent-Replayed"), "attempts keep their keys")
	assert.Equal(t, string(first.Body), string(again.Body))
	other := post("/v1/attempts", "k1", map[string]any{"learner_id": learner, "question_id": qid, "answer": []string{"timer B"}})
	assert.Equal(t, http.StatusConflict, other.Status, string(other.Body))
	assert.Contains(t, other.JSON(t)["detail"], "different request")

	reused := post("/v1/learners", "k2", map[string]string{"external_id": "ttl-b"})
	require.Equal(t, http.StatusCreated, reused.Status, string(reused.Body))
	assert.NotEqual(t, created.JSON(t)["id"], reused.JSON(t)["id"], "an expired key makes a new request")
	var list struct{ Items []attemptBody }
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", learner), Cred: app}).Decode(t, &list)
	assert.Len(t, list.Items, 1)
}

// TestBadInput sends malformed requests of every kind: each gets a problem+json with the
// right status, code and fields, and no internal detail.
func TestBadInput(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_BODY_LIMIT": "4096"})
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "bad")
	qid := s.questionID(t, app, "order-cjs-queues")
	nid := s.questionID(t, app, "numeric-threadpool-pbkdf2")
	cases := []struct {
		name   string
		r      req
		status int
		field  string
	}{
		{"MalformedJSON", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id": `}, 400, ""},
		{"NotJSON", req{Method: "POST", Path: "/v1/learners", Body: `hello`}, 400, ""},
		{"TwoValues", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"a"} {}`}, 400, ""},
		{"UnknownField", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"a","admin":true}`}, 400, "admin"},
		{"WrongType", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":7}`}, 400, "external_id"},
		{"MissingField", req{Method: "POST", Path: "/v1/learners", Body: `{"name":"x"}`}, 400, "external_id"},
		{"BadLocale", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"a","locale":"fr"}`}, 400, "locale"},
		{"WrongContentType", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"a"}`, Header: map[string]string{"Content-Type": "text/plain"}}, 400, ""},
		{"TooLarge", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"` + strings.Repeat("a", 5000) + `"}`}, 413, ""},
		{"BadPathID", req{Method: "GET", Path: "/v1/learners/abc"}, 400, "id"},
		{"NegativePathID", req{Method: "GET", Path: "/v1/learners/-1"}, 400, "id"},
		{"MissingLearner", req{Method: "GET", Path: "/v1/learners/999"}, 404, ""},
		{"BadCursor", req{Method: "GET", Path: "/v1/learners?cursor=zz"}, 400, "cursor"},
		{"BadLimit", req{Method: "GET", Path: "/v1/questions?limit=0"}, 400, "limit"},
		{"BadDifficulty", req{Method: "GET", Path: "/v1/questions?difficulty=9"}, 400, "difficulty"},
		{"BadStatus", req{Method: "GET", Path: "/v1/questions?status=gone"}, 400, "status"},
		{"BadLanguage", req{Method: "GET", Path: "/v1/questions?language=fr"}, 400, "language"},
		{"UnknownKind", req{Method: "GET", Path: "/v1/questions?kind=essay"}, 400, "kind"},
		{"MissingAttemptFields", req{Method: "POST", Path: "/v1/attempts", Body: `{}`}, 400, "learner_id"},
		{"OrderAnswerNotList", req{Method: "POST", Path: "/v1/attempts", Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": 5}}, 422, "answer"},
		{"NumericAnswerNotNumber", req{Method: "POST", Path: "/v1/attempts", Body: map[string]any{"learner_id": learner, "question_id": nid, "answer": "fast"}}, 422, "answer"},
		{"UnknownQuestion", req{Method: "POST", Path: "/v1/attempts", Body: map[string]any{"learner_id": learner, "question_id": 999, "answer": 1}}, 404, ""},
		{"UnknownLearner", req{Method: "POST", Path: "/v1/attempts", Body: map[string]any{"learner_id": 999, "question_id": qid, "answer": cjsQueuesRight}}, 404, ""},
		{"VariantWithoutLearner", req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant", qid)}, 400, "learner"},
		{"DuplicateLearner", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"bad"}`}, 409, ""},
		{"BadIdempotencyKey", req{Method: "POST", Path: "/v1/learners", Body: `{"external_id":"k"}`, Header: map[string]string{"Idempotency-Key": "a b"}}, 400, "Idempotency-Key"},
		{"SimulateNoCode", req{Method: "POST", Path: "/v1/simulate", Body: `{"module":"cjs"}`}, 400, "code"},
		{"SimulateBadModule", req{Method: "POST", Path: "/v1/simulate", Body: `{"code":"1","module":"amd"}`}, 400, "module"},
		{"SimulateBadScenario", req{Method: "POST", Path: "/v1/simulate", Body: `{"code":"1","scenario":{"threadpool":-1}}`}, 400, ""},
		{"SimulateUnknownScenarioField", req{Method: "POST", Path: "/v1/simulate", Body: `{"code":"1","scenario":{"gpu":1}}`}, 400, "gpu"},
		{"SimulateUnknownNode", req{Method: "POST", Path: "/v1/simulate", Body: `{"code":"1","node":"19"}`}, 422, "node"},
		{"SimulateUnknownScenarioNode", req{Method: "POST", Path: "/v1/simulate", Body: `{"code":"1","scenario":{"node":"12"}}`}, 422, "scenario.node"},
		{"CompareNoCode", req{Method: "POST", Path: "/v1/simulate/compare", Body: `{"module":"esm"}`}, 400, "code"},
		{"TokenTTL", req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", learner), Body: `{"ttl_seconds":5}`}, 400, "ttl_seconds"},
		{"UnknownRoute", req{Method: "GET", Path: "/v1/nothing"}, 404, ""},
		{"WrongMethod", req{Method: "DELETE", Path: "/v1/learners"}, 405, ""},
	}
	for _, tc := range cases {
		tc.r.Cred = app
		r := s.do(t, tc.r)
		require.Equal(t, tc.status, r.Status, "%s: %s", tc.name, r.Body)
		assert.Equal(t, "application/problem+json", r.Header.Get("Content-Type"), tc.name)
		p := r.JSON(t)
		assert.Equal(t, float64(tc.status), p["status"], tc.name)
		assert.NotEmpty(t, p["type"], tc.name)
		assert.NotEmpty(t, p["title"], tc.name)
		assert.Equal(t, tc.r.Path, p["instance"], tc.name)
		for _, leak := range []string{"sqlite", "SQL", "goroutine", ".go:", "json: ", "reflect"} {
			assert.NotContains(t, string(r.Body), leak, tc.name)
		}
		if tc.field != "" {
			errs, _ := p["errors"].([]any)
			require.NotEmpty(t, errs, "%s: %s", tc.name, r.Body)
			assert.Equal(t, tc.field, errs[0].(map[string]any)["field"], tc.name)
		}
	}
}

// TestAuthoring walks a question through drafts and versions: attempts stay tied to
// the version they were graded against.
func TestAuthoring(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst, app := s.mustKey(t, "instructor"), s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "author-test")
	draft := map[string]any{"slug": "two-lines", "topic": "timers", "kind": "order", "difficulty": 1,
		"title": map[string]string{"en": "Two lines", "vi": "Hai dòng"}, "prompt": map[string]string{"en": "Order", "vi": "Sắp xếp"},
		"program": "setTimeout(() => console.log('late'), {{ms}})\nconsole.log('early')\n",
		"params":  []map[string]any{{"name": "ms", "min": 1, "max": 9}}, "explanation": map[string]string{"en": "Sync first."}}
	r := s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	id := int64(r.JSON(t)["id"].(float64))
	assert.Equal(t, "draft", r.JSON(t)["status"])
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: draft})
	assert.Equal(t, http.StatusConflict, r.Status, "slug taken")

	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: inst, Body: map[string]any{"program": "console.log(("}})
	require.Equal(t, http.StatusOK, r.Status, "a draft may be broken")
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	require.Equal(t, http.StatusBadRequest, r.Status, "publishing simulates")
	assert.Contains(t, string(r.Body), `"field":"program"`)
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: inst, Body: map[string]any{"program": draft["program"]}})
	require.Equal(t, http.StatusOK, r.Status)
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: inst, Body: map[string]any{"kind": "essay"}})
	assert.Equal(t, http.StatusBadRequest, r.Status)

	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, float64(1), r.JSON(t)["version"])
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	assert.Equal(t, http.StatusConflict, r.Status, "nothing changed")

	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id, "answer": []string{"early", "late"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	first := int64(r.JSON(t)["id"].(float64))

	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: inst, Body: map[string]any{"title": map[string]any{"en": "Two lines, v2"}}})
	require.Equal(t, http.StatusOK, r.Status)
	assert.Equal(t, "Two lines, v2", r.JSON(t)["title"].(map[string]any)["en"])
	assert.Equal(t, "Hai dòng", r.JSON(t)["title"].(map[string]any)["vi"], "merge patch keeps the other language")
	// Readers still see version 1 until the edit is published.
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: app})
	assert.Equal(t, "Two lines", r.JSON(t)["title"].(map[string]any)["en"])
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status)
	assert.Equal(t, float64(2), r.JSON(t)["version"])

	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id,
		"answer": []string{"late", "early"}, "version": 1}})
	assert.Equal(t, http.StatusConflict, r.Status, "a variant of version 1 is not graded against version 2")
	assert.Contains(t, r.JSON(t)["detail"], "republished")
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id,
		"answer": []string{"late", "early"}, "version": 2}})
	require.Equal(t, http.StatusCreated, r.Status)
	assert.Equal(t, float64(2), r.JSON(t)["version"])
	assert.Equal(t, "incorrect", r.JSON(t)["verdict"], "two lines fully reversed keep no pair in order: 0, as Moodle's ordering grades it")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", first), Cred: app})
	assert.Equal(t, float64(1), r.JSON(t)["version"], "the first attempt stays graded against version 1")

	r = s.do(t, req{Method: "GET", Path: "/v1/questions?status=draft", Cred: inst})
	assert.Equal(t, `{"items":[],"next_cursor":null}`, string(r.Body))
}

// TestRestart checks that data, keys and learner tokens survive a restart.
func TestRestart(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	s := startServer(t, db, nil)
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "durable")
	tok := s.mustToken(t, app, learner)
	qid := s.questionID(t, app, "order-nexttick-api")
	r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: tok, Body: map[string]any{"learner_id": learner, "question_id": qid,
		"answer": []string{"sync: null", "end of main", "async: 1", "ready"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	attempt := r.JSON(t)["id"]
	s.Stop()

	s2 := startServer(t, db, nil)
	r = s2.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%v", attempt), Cred: tok})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "correct", r.JSON(t)["verdict"])
	r = s2.do(t, req{Method: "GET", Path: "/v1/learners?external_id=durable", Cred: app})
	assert.Contains(t, string(r.Body), `"external_id":"durable"`)
	assert.Equal(t, qid, s2.questionID(t, app, "order-nexttick-api"), "the bank is not duplicated")
	r = s2.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", qid), Cred: app})
	assert.Equal(t, float64(1), r.JSON(t)["version"], "an unchanged bank publishes no new version")
}

// TestOpenAPIValidatorIsLive proves the response validation used by every test catches
// a response that drifts from the document, and that every route is documented.
func TestOpenAPIValidatorIsLive(t *testing.T) {
	t.Parallel()
	hr, _ := http.NewRequest("GET", "http://x/v1/learners/1", nil)
	documented, err := checkResponse(hr, &response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: []byte(`{"id":"one","external_id":"x","name":"n","locale":"en","created_at":"2026-01-01T00:00:00Z"}`)})
	assert.True(t, documented)
	assert.Error(t, err, "an id that is a string must fail")
	for _, route := range []string{"GET /healthz", "GET /readyz", "GET /metrics", "GET /openapi.json", "POST /v1/simulate",
		"POST /v1/keys", "POST /v1/learners", "GET /v1/learners", "GET /v1/learners/1", "POST /v1/learners/1/tokens",
		"GET /v1/questions", "POST /v1/questions", "GET /v1/questions/1", "PATCH /v1/questions/1", "POST /v1/questions/1/publish",
		"GET /v1/questions/1/variant", "POST /v1/attempts", "GET /v1/attempts", "GET /v1/attempts/1"} {
		method, path, _ := strings.Cut(route, " ")
		hr, _ := http.NewRequest(method, "http://x"+path, nil)
		documented, _ := checkResponse(hr, &response{Status: 500, Header: http.Header{}})
		assert.True(t, documented, route)
	}
}

// TestSimulateWithoutCredential: the playground route answers anonymous callers with the
// `looplab sim --json` object (the HTTP contract of docs/architecture.md).
func TestSimulateWithoutCredential(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	r := s.do(t, req{Method: "POST", Path: "/v1/simulate", Body: map[string]string{"code": "setImmediate(() => console.log(2)); console.log(1)"}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var out struct {
		Module   string
		Outcomes []struct{ Stdout []string }
		Error    any
	}
	require.NoError(t, json.Unmarshal(r.Body, &out))
	assert.Equal(t, "cjs", out.Module)
	assert.Equal(t, []string{"1", "2"}, out.Outcomes[0].Stdout)
	assert.Nil(t, out.Error)
}

// TestTrustedProxies checks whose address limits anonymous callers: the connection's,
// unless it comes from a trusted proxy, whose X-Forwarded-For then names the client.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	anon := func(s *testServer, client string) int {
		return s.do(t, req{Method: "POST", Path: "/v1/simulate", Body: map[string]string{"code": "console.log(1)"},
			Header: map[string]string{"X-Forwarded-For": client}}).Status
	}
	limits := map[string]string{"LOOPLAB_RATE_LIMIT": "0.01", "LOOPLAB_RATE_BURST": "2"}
	direct := startServer(t, tempDB(t), limits)
	assert.Equal(t, []int{200, 200, 429}, []int{anon(direct, "10.0.0.1"), anon(direct, "10.0.0.2"), anon(direct, "10.0.0.3")},
		"a forwarded address from an untrusted peer is ignored: one bucket for 127.0.0.1")

	limits["LOOPLAB_TRUSTED_PROXIES"] = "10.9.0.0/16, 127.0.0.1"
	proxied := startServer(t, tempDB(t), limits)
	assert.Equal(t, []int{200, 200, 429, 200}, []int{anon(proxied, "10.0.0.1"), anon(proxied, "10.0.0.1"), anon(proxied, "10.0.0.1"),
		anon(proxied, "10.0.0.2")}, "behind a trusted proxy each client has its own bucket")

	code, _, errOut := runCLI("serve", "--db", tempDB(t), "--trusted-proxies", "10.0.0.0/33")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "not an IP address or CIDR range")
}

// TestResponseCompression: the API's GET responses are compressed for a client that
// accepts gzip (the same JSON, several times smaller), while POST /v1/attempts, the hot
// path, is sent as it is.
func TestResponseCompression(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	app := s.mustKey(t, "app")
	plainResp, plain := s.rawGet(t, "/v1/questions?limit=100", app)
	require.Equal(t, http.StatusOK, plainResp.StatusCode)
	gzResp, packed := s.rawGet(t, "/v1/questions?limit=100", app, "Accept-Encoding", "gzip")
	require.Equal(t, "gzip", gzResp.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	require.NoError(t, err)
	unpacked, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.JSONEq(t, string(plain), string(unpacked))
	assert.Less(t, len(packed)*4, len(plain), "%d bytes packed, %d plain", len(packed), len(plain))
	t.Logf("GET /v1/questions?limit=100: %d bytes, %d gzipped", len(plain), len(packed))

	learner := s.mustLearner(t, app, "gz")
	hr, err := http.NewRequest("POST", s.URL+"/v1/attempts", strings.NewReader(fmt.Sprintf(
		`{"learner_id":%d,"question_id":%d,"answer":["timer A","timer B","promise of A","promise of B"]}`,
		learner, s.questionID(t, app, "order-timers-microtasks"))))
	require.NoError(t, err)
	hr.Header.Set("Authorization", "Bearer "+app)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept-Encoding", "gzip")
	resp, err := s.client.Do(hr)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusCreated, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("Content-Encoding"), "attempts are not compressed")
}

// TestNodeVersions: a simulation says which Node it is and takes "node"; the comparison
// route groups the releases; a question states the release its key is made for, and a
// learner's answer is graded against that release (issue 13).
func TestNodeVersions(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst, app := s.mustKey(t, "instructor"), s.mustKey(t, "app")
	seed := seedESM(t)
	for node, want := range map[string]struct {
		version  string
		outcomes int
	}{"20": {"20.20.2", 1}, "": {"24.18.0", 2}, "26.12.1": {"26.12.1", 2}} {
		r := s.do(t, req{Method: "POST", Path: "/v1/simulate", Body: map[string]any{"code": seed, "module": "esm", "node": node}})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		var out struct {
			Node     string
			Outcomes []any
		}
		require.NoError(t, json.Unmarshal(r.Body, &out))
		assert.Equal(t, want.version, out.Node, "node %q", node)
		assert.Len(t, out.Outcomes, want.outcomes, "node %q", node)
	}

	r := s.do(t, req{Method: "POST", Path: "/v1/simulate/compare", Body: map[string]any{"code": seed, "module": "esm"}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var cmp struct {
		Groups      []struct{ Majors []string }
		Differences []struct {
			From, To string
			Rules    []struct{ Rule string }
		}
	}
	require.NoError(t, json.Unmarshal(r.Body, &cmp))
	require.Len(t, cmp.Groups, 3, string(r.Body))
	assert.Equal(t, []string{"22", "24", "26"}, cmp.Groups[2].Majors)
	require.Len(t, cmp.Differences, 2)
	assert.Equal(t, "R-V4", cmp.Differences[1].Rules[0].Rule)

	// The same ES-module race, asked about Node 20 (one order) and then Node 24 (a race).
	q := map[string]any{"slug": "esm-race", "topic": "modules", "kind": "order", "difficulty": 2, "module": "esm", "node": "20",
		"title": map[string]string{"en": "Race", "vi": "Chạy đua"}, "prompt": map[string]string{"en": "Order", "vi": "Sắp xếp"},
		"program":     "setTimeout(() => console.log('timeout'), 0)\nsetImmediate(() => console.log('immediate'))\n",
		"explanation": map[string]string{"en": "Node 20 runs an ES module's body in a poll phase."}}
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: q})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	id := int64(r.JSON(t)["id"].(float64))
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	learner := s.mustLearner(t, app, "node-versions")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d/variant?learner=%d", id, learner), Cred: app})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "20.20.2", r.JSON(t)["node"])
	timeoutFirst := []string{"timeout", "immediate"}
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id, "answer": timeoutFirst}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.NotEqual(t, "correct", r.JSON(t)["verdict"], "Node 20 never runs the timeout first")

	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: inst, Body: map[string]any{"node": "24"}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", id), Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", id), Cred: app})
	assert.Equal(t, "24.18.0", r.JSON(t)["node"])
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id, "answer": timeoutFirst, "version": 2}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, "correct", r.JSON(t)["verdict"], "in Node 24 the timeout may come first")

	q["slug"], q["node"] = "esm-race-19", "19"
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: q})
	require.Equal(t, http.StatusUnprocessableEntity, r.Status, string(r.Body))
	assert.Equal(t, "unsupported", r.JSON(t)["code"])
	assert.Contains(t, string(r.Body), `"field":"node"`)
}

// right7 is order-cjs-queues's rarer correct order: the timer before the immediate.
func right7() []string {
	return []string{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask", "setTimeout 0", "setImmediate"}
}
