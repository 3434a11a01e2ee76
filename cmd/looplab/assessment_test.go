package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testAssessments: a class's instructor gives it an assessment of bank questions, open
// now, two attempts at each; its learners answer for it, each question at most twice
// (two answers racing for the last attempt: one is taken), only while it is open and only
// if they are in the class; attempts made outside it do not count. Each learner sees
// where they stand, and the instructor's gradebook says the same, as JSON and as CSV.
func testAssessments(t *testing.T, s *testServer, inst string) {
	cl := s.mustClass(t, inst, "Assessed group")
	other := s.mustClass(t, inst, "Another group")
	ann, bob := s.mustJoin(t, cl.Code, "Ann"), s.mustJoin(t, cl.Code, "=HYPERLINK(\"x\")")
	outsider := s.mustJoin(t, other.Code, "Olga")
	qs := []int64{s.questionID(t, inst, "order-cjs-queues"), s.questionID(t, inst, "order-esm-queues")}
	now := time.Now().UTC()
	path := fmt.Sprintf("/v1/classes/%d/assessments", cl.ID)
	bad := s.do(t, req{Method: "POST", Path: path, Cred: inst, Body: map[string]any{"title": "", "opens_at": now, "closes_at": now.Add(-time.Hour), "question_ids": []int64{qs[0], 999999}}})
	require.Equal(t, http.StatusBadRequest, bad.Status, string(bad.Body))
	for _, f := range []string{`"field":"title"`, `"field":"closes_at"`} {
		assert.Contains(t, string(bad.Body), f)
	}
	r := s.do(t, req{Method: "POST", Path: path, Cred: inst, Body: map[string]any{"title": "Week 1", "opens_at": now.Add(-time.Minute),
		"closes_at": now.Add(time.Hour), "attempts_allowed": 2, "question_ids": qs}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	week1 := int64(r.JSON(t)["id"].(float64))
	assert.Equal(t, "open", r.JSON(t)["state"])
	r = s.do(t, req{Method: "POST", Path: path, Cred: inst, Body: map[string]any{"title": "Week 2", "opens_at": now.Add(24 * time.Hour),
		"closes_at": now.Add(48 * time.Hour), "question_ids": qs[:1]}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	week2 := int64(r.JSON(t)["id"].(float64))

	answer := func(j joinedBody, q int64, assessment int64, lines []string) *response {
		body := map[string]any{"learner_id": j.Learner.ID, "question_id": q, "answer": lines}
		if assessment != 0 {
			body["assessment_id"] = assessment
		}
		return s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: j.Token, Body: body})
	}
	esmRight := []string{"sync 1", "sync 2", "Promise.then", "queueMicrotask", "nextTick", "setImmediate", "setTimeout 0"}
	r = answer(ann, qs[0], week1, cjsQueuesWrong)
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, float64(week1), r.JSON(t)["assessment_id"])
	// Ann's second and last attempt at it: two answers race for it, one is taken.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range codes {
		wg.Add(1)
		go func() { defer wg.Done(); codes[i] = answer(ann, qs[0], week1, cjsQueuesRight).Status }()
	}
	wg.Wait()
	assert.ElementsMatch(t, []int{http.StatusCreated, http.StatusConflict}, codes)
	r = answer(ann, qs[0], week1, cjsQueuesRight)
	assert.Equal(t, http.StatusConflict, r.Status)
	assert.Contains(t, r.JSON(t)["detail"], "All 2 attempts allowed")
	require.Equal(t, http.StatusCreated, answer(ann, qs[0], 0, cjsQueuesRight).Status, "practice outside the assessment is free")
	require.Equal(t, http.StatusCreated, answer(bob, qs[1], week1, esmRight).Status)
	r = answer(bob, qs[0], week2, cjsQueuesRight)
	assert.Equal(t, http.StatusConflict, r.Status)
	assert.Contains(t, r.JSON(t)["detail"], "opens at")
	assert.Equal(t, http.StatusForbidden, answer(outsider, qs[0], week1, cjsQueuesRight).Status, "not in the class")
	r = answer(bob, s.questionID(t, inst, "numeric-timer-threshold"), week1, []string{"1"})
	assert.Equal(t, http.StatusBadRequest, r.Status)
	assert.Contains(t, string(r.Body), `"field":"assessment_id"`)

	// Where each learner stands, and the gradebook.
	var mine struct {
		Items []struct {
			ID        int64
			State     string
			Score     float64
			Questions []struct{ Attempts int }
		}
	}
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/assessments", ann.Learner.ID), Cred: ann.Token})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &mine)
	require.Len(t, mine.Items, 2)
	assert.Equal(t, "open", mine.Items[0].State)
	assert.Equal(t, 2, mine.Items[0].Questions[0].Attempts, "the practice attempt is not the assessment's")
	assert.InDelta(t, 0.5, mine.Items[0].Score, 1e-9, "the best of question 1, nothing for question 2")
	assert.Equal(t, "upcoming", mine.Items[1].State)
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/assessments", ann.Learner.ID), Cred: bob.Token}).Status)
	var book struct {
		Rows []struct {
			Name   string
			Scores []float64
			Total  float64
		}
	}
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/classes/%d/gradebook", cl.ID), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &book)
	require.Len(t, book.Rows, 2)
	assert.Equal(t, []float64{0.5, 0}, book.Rows[0].Scores)
	assert.InDelta(t, 0.25, book.Rows[0].Total, 1e-9)
	assert.Equal(t, []float64{0.5, 0}, book.Rows[1].Scores)
	resp, body := s.rawGet(t, fmt.Sprintf("/v1/classes/%d/gradebook?format=csv", cl.ID), inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Contains(t, resp.Header.Get("Content-Disposition"), "gradebook-class-")
	lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(string(body), "\ufeff"), "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "learner_id,name,Week 1,Week 2,total", lines[0])
	assert.Equal(t, fmt.Sprintf("%d,Ann,50.0,0.0,25.0", ann.Learner.ID), lines[1])
	assert.Equal(t, fmt.Sprintf(`%d,"'=HYPERLINK(""x"")",50.0,0.0,25.0`, bob.Learner.ID), lines[2], "a name is never a formula")

	// Closed early: no more answers; deleted only when nobody answered it.
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/assessments/%d", week1), Cred: inst, Body: map[string]any{"closes_at": time.Now().UTC().Add(-time.Second)}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "closed", r.JSON(t)["state"])
	r = answer(bob, qs[0], week1, cjsQueuesRight)
	assert.Equal(t, http.StatusConflict, r.Status)
	assert.Contains(t, r.JSON(t)["detail"], "closed at")
	assert.Equal(t, http.StatusConflict, s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/assessments/%d", week1), Cred: inst}).Status)
	assert.Equal(t, http.StatusNoContent, s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/assessments/%d", week2), Cred: inst}).Status)
	stranger := s.mustKey(t, "instructor")
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/assessments/%d", week1), Cred: stranger}).Status)
}
