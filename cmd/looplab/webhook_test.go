package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// receiver is a webhook endpoint that verifies every delivery with the documented
// algorithm (webhook.Verify) and fails the first failFirst requests.
type receiver struct {
	t         testing.TB
	srv       *httptest.Server
	mu        sync.Mutex
	secret    string
	failFirst int
	requests  int
	events    []map[string]any
	ids       []string
	bad       []string
}

func newReceiver(t testing.TB, failFirst int) *receiver {
	r := &receiver{t: t, failFirst: failFirst}
	r.srv = httptest.NewServer(http.HandlerFunc(r.handle))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) handle(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	if r.requests <= r.failFirst {
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	err := webhook.Verify(r.secret, req.Header.Get(webhook.HeaderTimestamp), req.Header.Get(webhook.HeaderSignature), body, time.Now(), 5*time.Minute)
	if err != nil {
		r.bad = append(r.bad, err.Error())
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev map[string]any
	if err := json.Unmarshal(body, &ev); err != nil {
		r.bad = append(r.bad, err.Error())
		return
	}
	r.events = append(r.events, ev)
	r.ids = append(r.ids, req.Header.Get(webhook.HeaderID))
	w.WriteHeader(http.StatusNoContent)
}

func (r *receiver) Events() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.events...)
}

// TestWebhooks subscribes a receiver to every event, makes each happen, and checks
// that every delivery is signed as documented, retried after a failure, logged, and
// stops when the subscription is deleted.
func TestWebhooks(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), fastOutbox)
	rcv := newReceiver(t, 2)
	only := newReceiver(t, 0)

	r := s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.AdminKey, Body: map[string]any{"url": "ftp://x", "events": []string{"x"}}})
	require.Equal(t, http.StatusBadRequest, r.Status)
	r = s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.mustKey(t, "app"), Body: map[string]any{"url": rcv.srv.URL, "events": webhook.Events()}})
	require.Equal(t, http.StatusForbidden, r.Status)
	r = s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.AdminKey, Body: map[string]any{"url": rcv.srv.URL, "events": webhook.Events()}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var sub struct {
		ID     int64
		Secret string
	}
	r.Decode(t, &sub)
	require.NotEmpty(t, sub.Secret)
	rcv.secret = sub.Secret
	r = s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.AdminKey, Body: map[string]any{"url": only.srv.URL, "events": []string{"learner.created"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	only.secret = r.JSON(t)["secret"].(string)
	r = s.do(t, req{Method: "GET", Path: "/v1/webhooks", Cred: s.AdminKey})
	assert.NotContains(t, string(r.Body), sub.Secret, "secrets are shown once")
	var page struct {
		Items      []struct{ ID int64 }
		NextCursor *string `json:"next_cursor"`
	}
	s.do(t, req{Method: "GET", Path: "/v1/webhooks?limit=1", Cred: s.AdminKey}).Decode(t, &page)
	require.Len(t, page.Items, 1)
	assert.Equal(t, sub.ID, page.Items[0].ID)
	require.NotNil(t, page.NextCursor)
	s.do(t, req{Method: "GET", Path: "/v1/webhooks?limit=1&cursor=" + *page.NextCursor, Cred: s.AdminKey}).Decode(t, &page)
	require.Len(t, page.Items, 1, "the second subscription on the second page")
	assert.Greater(t, page.Items[0].ID, sub.ID)
	assert.Nil(t, page.NextCursor)

	app := s.mustKey(t, "app")
	learner := s.mustLearner(t, app, "hook-1")
	qid := s.questionID(t, app, "order-cjs-queues")
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app, Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": cjsQueuesRight}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	inst := s.mustKey(t, "instructor")
	r = s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: inst, Body: map[string]any{"slug": "hooked", "topic": "timers", "kind": "order",
		"difficulty": 1, "title": map[string]string{"en": "Hooked"}, "prompt": map[string]string{"en": "Order"},
		"program": "console.log('a')\nsetImmediate(() => console.log('b'))\n", "explanation": map[string]string{"en": "Because."}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	newQ := int64(r.JSON(t)["id"].(float64))
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/questions/%d/publish", newQ), Cred: inst})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))

	waitFor(t, 10*time.Second, "three events", func() bool { return len(rcv.Events()) == 3 && len(only.Events()) == 1 })
	byType := map[string]map[string]any{}
	for _, ev := range rcv.Events() {
		byType[ev["type"].(string)] = ev["data"].(map[string]any)
	}
	assert.Equal(t, "hook-1", byType["learner.created"]["external_id"])
	assert.Equal(t, float64(qid), byType["attempt.graded"]["question_id"])
	assert.Equal(t, "correct", byType["attempt.graded"]["verdict"])
	assert.Equal(t, "hooked", byType["question.published"]["slug"])
	assert.Equal(t, 1.0, byType["question.published"]["version"])
	assert.Equal(t, "learner.created", only.Events()[0]["type"])
	rcv.mu.Lock()
	assert.Empty(t, rcv.bad, "every delivery verifies")
	assert.Equal(t, 5, rcv.requests, "two failed tries, then three deliveries")
	rcv.mu.Unlock()

	// The delivery log shows each event delivered, and the retries. The worker records
	// a delivery after the receiver has answered, so the log may lag a moment behind.
	var log struct {
		Items []struct {
			Event, Status string
			Tries         int
			LastStatus    int `json:"last_status"`
		}
	}
	waitFor(t, 10*time.Second, "three deliveries recorded", func() bool {
		r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/webhooks/%d/deliveries", sub.ID), Cred: s.AdminKey})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		r.Decode(t, &log)
		delivered := 0
		for _, d := range log.Items {
			if d.Status == "delivered" {
				delivered++
			}
		}
		return delivered == 3
	})
	require.Len(t, log.Items, 3)
	tries := 0
	for _, d := range log.Items {
		assert.Equal(t, "delivered", d.Status, d.Event)
		assert.Equal(t, 204, d.LastStatus)
		tries += d.Tries
	}
	assert.Equal(t, 5, tries)

	// A deleted subscription gets nothing more; its log stays.
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/webhooks/%d", sub.ID), Cred: s.AdminKey})
	require.Equal(t, http.StatusNoContent, r.Status)
	s.mustLearner(t, app, "hook-2")
	waitFor(t, 10*time.Second, "the other subscription's event", func() bool { return len(only.Events()) == 2 })
	assert.Len(t, rcv.Events(), 3)
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/webhooks/%d/deliveries?limit=2", sub.ID), Cred: s.AdminKey})
	r.Decode(t, &log)
	assert.Len(t, log.Items, 2)
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: "/v1/webhooks/999/deliveries", Cred: s.AdminKey}).Status)
}
