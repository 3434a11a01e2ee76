package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testQuestionLifecycle: an instructor's question, answered by a learner, then
// unpublished: gone from the learner's list and from what is due, no variant and no
// answer for it, while the learner's attempt and its grade stay readable; published
// again unchanged, it is back with no new version. Archived, it is read-only and out of
// the author's list until restored; deleted, it exists for nobody, its attempt kept. A
// question nobody answered is removed; a bank question is archived, not deleted.
func testQuestionLifecycle(t *testing.T, s *testServer, inst string) {
	app := s.mustKey(t, "app")
	learner, fresh := s.mustLearner(t, app, "life-1"), s.mustLearner(t, app, "life-2")
	draft := map[string]any{"slug": "life-two-lines", "topic": "sync-callbacks", // the path's first step: new to a new learner
		"kind": "order", "difficulty": 1,
		"title": map[string]string{"en": "Two lines", "vi": "Hai dòng"}, "prompt": map[string]string{"en": "Order", "vi": "Sắp xếp"},
		"program": "setTimeout(() => console.log('late'), 1)\nconsole.log('early')\n", "explanation": map[string]string{"en": "Sync first."}}
	r := s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	id := int64(r.JSON(t)["id"].(float64))
	path := fmt.Sprintf("/v1/questions/%d", id)
	require.Equal(t, http.StatusCreated, s.do(t, req{Method: "POST", Path: path + "/publish", Cred: inst}).Status)
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id, "answer": []string{"late", "early"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	attempt := int64(r.JSON(t)["id"].(float64))
	learnerLists := func() bool {
		var page struct{ Items []struct{ ID int64 } }
		s.do(t, req{Method: "GET", Path: "/v1/questions?limit=500", Cred: app}).Decode(t, &page)
		for _, q := range page.Items {
			if q.ID == id {
				return true
			}
		}
		return false
	}
	due := func() bool {
		var next struct {
			Items []struct {
				QuestionID int64 `json:"question_id"`
			}
		}
		s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d/next?limit=50", fresh), Cred: app}).Decode(t, &next)
		for _, q := range next.Items {
			if q.QuestionID == id {
				return true
			}
		}
		return false
	}
	require.True(t, learnerLists())
	require.True(t, due(), "new to another learner, the question is due")

	r = s.do(t, req{Method: "POST", Path: path + "/unpublish", Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "unpublished", r.JSON(t)["status"])
	assert.False(t, learnerLists(), "gone from the learners' list")
	assert.False(t, due(), "and from what is due")
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("%s/variant?learner=%d", path, learner), Cred: app}).Status)
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": id, "answer": []string{"early", "late"}}})
	assert.Equal(t, http.StatusNotFound, r.Status, "no answer for it")
	assert.Contains(t, r.JSON(t)["detail"], "withdrew")
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", attempt), Cred: app})
	require.Equal(t, http.StatusOK, r.Status, "the attempt is kept")
	assert.Equal(t, "incorrect", r.JSON(t)["verdict"], "with its grade")
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: path, Cred: inst}).Status, "its author still reads it")
	assert.Equal(t, http.StatusConflict, s.do(t, req{Method: "POST", Path: path + "/unpublish", Cred: inst}).Status)

	r = s.do(t, req{Method: "POST", Path: path + "/publish", Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, "listed again, no new version: %s", r.Body)
	assert.Equal(t, 1.0, r.JSON(t)["version"])
	assert.True(t, learnerLists())
	assert.True(t, due())

	r = s.do(t, req{Method: "POST", Path: path + "/archive", Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.False(t, learnerLists())
	r = s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"difficulty": 2}})
	assert.Equal(t, http.StatusConflict, r.Status, "archived is read-only")
	assert.Contains(t, r.JSON(t)["detail"], "restore it first")
	var mine struct{ Items []struct{ ID int64 } }
	s.do(t, req{Method: "GET", Path: "/v1/questions?status=archived", Cred: inst}).Decode(t, &mine)
	require.Len(t, mine.Items, 1)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: "/v1/questions?status=archived", Cred: app}).Status)
	r = s.do(t, req{Method: "POST", Path: path + "/restore", Cred: inst})
	require.Equal(t, http.StatusOK, r.Status)
	assert.Equal(t, "unpublished", r.JSON(t)["status"])
	r = s.do(t, req{Method: "PATCH", Path: path, Cred: inst, Body: map[string]any{"difficulty": 2}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	require.Equal(t, http.StatusCreated, s.do(t, req{Method: "POST", Path: path + "/publish", Cred: inst}).Status, "a change is a new version")

	var versions struct {
		Items []struct {
			Version int
			Current bool
		}
	}
	s.do(t, req{Method: "GET", Path: path + "/versions", Cred: inst}).Decode(t, &versions)
	require.Len(t, versions.Items, 2)
	assert.True(t, versions.Items[1].Current)
	r = s.do(t, req{Method: "GET", Path: path + "/versions/1", Cred: inst})
	require.Equal(t, http.StatusOK, r.Status)
	assert.Equal(t, 1.0, r.JSON(t)["content"].(map[string]any)["difficulty"])
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: path + "/versions", Cred: app}).Status)

	r = s.do(t, req{Method: "DELETE", Path: path, Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, false, r.JSON(t)["removed"], "answered: withdrawn for good")
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: path, Cred: inst}).Status)
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", attempt), Cred: app}).Status)
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, "the slug is free: %s", r.Body)
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/questions/%d", int64(r.JSON(t)["id"].(float64))), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status)
	assert.Equal(t, true, r.JSON(t)["removed"], "nobody answered it: removed")

	bank := s.questionID(t, app, "order-cjs-queues")
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/unpublish", bank), Cred: inst}).Status, "the bank is the admins'")
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/questions/%d", bank), Cred: s.AdminKey})
	assert.Equal(t, http.StatusConflict, r.Status)
	assert.Contains(t, r.JSON(t)["detail"], "archive it instead")
}
