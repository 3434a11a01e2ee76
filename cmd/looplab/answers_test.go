package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite" // the driver of the database file the tests read
)

// rows counts the rows of a table in the server's SQLite file (read-only, beside the
// running server).
func (s *testServer) rows(t testing.TB, table string) int {
	t.Helper()
	var n int
	_, err := fmt.Sscan(s.dump(t, `SELECT count(*) FROM `+table), &n)
	require.NoError(t, err)
	return n
}

// dump returns the rows of a query on the server's SQLite file as text.
func (s *testServer) dump(t testing.TB, query string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+s.DB+"?mode=ro&_pragma=busy_timeout(5000)")
	require.NoError(t, err)
	defer db.Close()
	rows, err := db.Query(query)
	require.NoError(t, err)
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err)
	var out strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		require.NoError(t, rows.Scan(ptrs...))
		fmt.Fprintln(&out, vals...)
	}
	require.NoError(t, rows.Err())
	return out.String()
}

// TestInvalidAnswerStoresNothing sends order answers that are not a permutation of the
// presented lines (empty, short, an unknown line, a repeated line), with and without an
// Idempotency-Key: each gets 422 problem+json naming the problem, and nothing is stored:
// no attempt, no outbox row (a webhook subscribes to attempt.graded), the learner's
// schedule as it was.
func TestInvalidAnswerStoresNothing(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(hook.Close)
	r := s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.AdminKey, Body: map[string]any{"url": hook.URL, "events": []string{"attempt.graded"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "invalid-answers")
	qid := s.questionID(t, app, "order-cjs-queues")
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": cjsQueuesRight}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))

	schedule := func() string { // what the scheduler says next, and the review state it keeps
		next := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/next?limit=5", learner), Cred: app})
		return string(next.Body) + s.dump(t, `SELECT question_id, difficulty, stability, reps, lapses, last_review, due FROM review_states`)
	}
	before := schedule()
	counts := func() [3]int { return [3]int{s.rows(t, "attempts"), s.rows(t, "outbox"), s.rows(t, "review_states")} }
	stored := counts()
	require.Equal(t, [3]int{1, 1, 1}, stored, "the valid attempt: one attempt, one webhook message, one review state")

	for _, tc := range []struct {
		name    string
		answer  any
		problem string
	}{
		{"Empty", []string{}, "must order all 7 presented lines, not 0"},
		{"Short", cjsQueuesRight[:3], "must order all 7 presented lines, not 3"},
		{"UnknownLine", append(cjsQueuesRight[:6:6], "setInterval"), `names "setInterval", which is not one of the presented lines`},
		{"RepeatedLine", append(cjsQueuesRight[:6:6], "sync 1"), `repeats "sync 1" more often than the presented lines hold it`},
		{"NotALineList", map[string]int{"a": 1}, "must be an array of strings (the presented lines, in order)"},
	} {
		for _, key := range []string{"", "invalid-" + tc.name} {
			r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Header: map[string]string{"Idempotency-Key": key},
				Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": tc.answer}})
			require.Equal(t, http.StatusUnprocessableEntity, r.Status, "%s: %s", tc.name, r.Body)
			assert.Equal(t, "application/problem+json", r.Header.Get("Content-Type"))
			p := r.JSON(t)
			assert.Equal(t, "invalid_answer", p["code"], tc.name)
			assert.Equal(t, "/problems/invalid_answer", p["type"], tc.name)
			assert.Equal(t, "The answer does not fit the question: it "+tc.problem+".", p["detail"], tc.name)
			assert.Equal(t, []any{map[string]any{"field": "answer", "message": tc.problem}}, p["errors"], tc.name)
		}
	}
	assert.Equal(t, stored, counts(), "no attempt, outbox row or review state was stored")
	assert.Equal(t, before, schedule(), "the schedule is unchanged")
	var list struct{ Items []attemptBody }
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", learner), Cred: app}).Decode(t, &list)
	assert.Len(t, list.Items, 1)
}
