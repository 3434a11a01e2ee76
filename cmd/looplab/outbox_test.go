package main

import (
	"fmt"
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
	answers := [][]string{cjsQueuesWrong, cjsQueuesRight, {"sync 1"}}
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
