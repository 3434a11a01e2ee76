package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutboxRetriesAcrossRestart: the platform's score endpoint fails while learners
// answer; the server is stopped and started again on the same database; then the
// endpoint recovers. Every grade arrives exactly once, and in order per learner.
func TestOutboxRetriesAcrossRestart(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	db := tempDB(t)
	s := ltiServer(t, db, p)
	s.mustRegister(t, p)
	p.setFailScores(true)

	subs := []string{"ann", "bob", "cat"}
	sessions := map[string]session{}
	for _, sub := range subs {
		sessions[sub] = mustSession(t, p.launch(t, s, learnerLaunch(p, sub, "order-cjs-queues", "5")))
	}
	want := map[string][]attemptBody{}
	reversed := slices.Clone(cjsQueuesRight)
	slices.Reverse(reversed)
	answers := [][]string{cjsQueuesWrong, cjsQueuesRight, reversed}
	for round := range 3 {
		for _, sub := range subs {
			want[sub] = append(want[sub], s.answer(t, sessions[sub], answers[(round+len(want[sub]))%3]))
		}
	}
	waitFor(t, 10*time.Second, "failed tries", func() bool { tries, _ := p.counts(); return tries >= 6 })
	s.Stop()
	assert.Empty(t, p.Scores(), "nothing was accepted while the gradebook was down")

	s2 := ltiServer(t, db, p)
	time.Sleep(200 * time.Millisecond) // the restarted server keeps failing a little longer
	for _, sub := range subs[:2] {     // and the learners keep answering meanwhile
		want[sub] = append(want[sub], s2.answer(t, sessions[sub], cjsQueuesRight))
	}
	p.setFailScores(false)
	total := 0
	for _, as := range want {
		total += len(as)
	}
	waitFor(t, 15*time.Second, fmt.Sprintf("%d scores", total), func() bool { return len(p.Scores()) >= total })
	time.Sleep(300 * time.Millisecond) // room for a duplicate to show up
	got := map[string][]map[string]any{}
	for _, sc := range p.Scores() {
		u := sc.Score["userId"].(string)
		got[u] = append(got[u], sc.Score)
	}
	for _, sub := range subs {
		require.Len(t, got[sub], len(want[sub]), "%s: each grade exactly once", sub)
		var last string
		for i, sc := range got[sub] {
			assert.Contains(t, sc["comment"], fmt.Sprintf("(attempt %d)", want[sub][i].AttemptNo), "%s: in order", sub)
			assert.InDelta(t, want[sub][i].Score*100, sc["scoreGiven"], 0.01)
			ts := sc["timestamp"].(string)
			assert.Less(t, strings.Compare(last, ts), 0, "%s: timestamps increase", sub)
			last = ts
		}
	}
	tries, _ := p.counts()
	assert.Greater(t, tries, total, "some tries failed and were retried")
}

// metric reads one sample of /metrics ("name{labels}" exactly as written); -1 when the
// series is missing.
func (s *testServer) metric(t testing.TB, series string) float64 {
	t.Helper()
	r := s.do(t, req{Method: "GET", Path: "/metrics", Cred: s.AdminKey})
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(string(r.Body))
	if m == nil {
		return -1
	}
	v, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	return v
}

// TestOutboxPruneAndMetrics: /metrics counts the outbox's tries by result and shows its
// messages by kind and state; delivered messages are deleted after the retention, failed
// ones stay.
func TestOutboxPruneAndMetrics(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	env := map[string]string{"LOOPLAB_OUTBOX_RETENTION": "500ms"}
	for k, v := range fastOutbox {
		env[k] = v
	}
	s := startServer(t, tempDB(t), env)
	p.mu.Lock()
	p.toolJWKS = s.URL + "/lti/jwks"
	p.mu.Unlock()
	s.mustRegister(t, p)
	gone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) }))
	t.Cleanup(gone.Close)
	r := s.do(t, req{Method: "POST", Path: "/v1/webhooks", Cred: s.AdminKey, Body: map[string]any{"url": gone.URL, "events": []string{"attempt.graded"}}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, 0.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="pending"}`), "every series exists from the start")
	assert.Equal(t, 0.0, s.metric(t, `looplab_outbox_pruned_total`))

	p.setFailScores(true)
	sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "pam", "order-cjs-queues", "11")))
	s.answer(t, sess, cjsQueuesWrong)
	s.answer(t, sess, cjsQueuesRight)
	waitFor(t, 10*time.Second, "retries and failed webhooks", func() bool {
		return s.metric(t, `looplab_outbox_tries_total{kind="ags.score",result="retry"}`) >= 2 &&
			s.metric(t, `looplab_outbox_messages{kind="webhook",status="failed"}`) == 2
	})
	assert.Equal(t, 2.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="pending"}`))
	assert.Equal(t, 2.0, s.metric(t, `looplab_outbox_tries_total{kind="webhook",result="failed"}`), "a 410 fails at once")

	p.setFailScores(false)
	waitFor(t, 10*time.Second, "two delivered scores", func() bool {
		return s.metric(t, `looplab_outbox_tries_total{kind="ags.score",result="delivered"}`) == 2
	})
	waitFor(t, 10*time.Second, "the delivered scores pruned", func() bool {
		return s.metric(t, `looplab_outbox_pruned_total`) == 2
	})
	assert.Len(t, p.Scores(), 2)
	for _, st := range []string{"pending", "delivered"} {
		assert.Equal(t, 0.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="`+st+`"}`), st)
	}
	time.Sleep(700 * time.Millisecond) // another retention period
	assert.Equal(t, 2.0, s.metric(t, `looplab_outbox_messages{kind="webhook",status="failed"}`), "failed messages are kept")
	var deliveries struct{ Items []map[string]any }
	s.do(t, req{Method: "GET", Path: "/v1/webhooks/1/deliveries", Cred: s.AdminKey}).Decode(t, &deliveries)
	assert.Len(t, deliveries.Items, 2, "the failed deliveries stay in the log")
}
