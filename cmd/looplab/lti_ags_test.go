package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The grade passback against gradebooks that follow Moodle's and Canvas's rules
// (agsMode): two answers within one second, a resend of a score the platform holds,
// a score refused for good. Each runs in both modes.

var agsModes = []agsMode{agsMoodle, agsCanvas}

// startOfSecond waits until just after a wall-clock second begins, so that what follows
// at once happens within that second.
func startOfSecond() {
	now := time.Now()
	time.Sleep(now.Truncate(time.Second).Add(time.Second + 5*time.Millisecond).Sub(now))
}

// outboxEntry is a message as GET /v1/outbox lists it.
type outboxEntry struct {
	ID         int64  `json:"id"`
	Kind       string `json:"kind"`
	Event      string `json:"event"`
	Status     string `json:"status"`
	Tries      int    `json:"tries"`
	LastStatus int    `json:"last_status"`
	LastError  string `json:"last_error"`
	LastNote   string `json:"last_note"`
	Grade      *struct {
		PlatformID int64  `json:"platform_id"`
		LinkTitle  string `json:"link_title"`
		LearnerID  int64  `json:"learner_id"`
		User       string `json:"user"`
	} `json:"grade"`
}

// outbox lists the outbox messages in a state ("" for all), newest first.
func (s *testServer) outbox(t testing.TB, status string) []outboxEntry {
	t.Helper()
	r := s.do(t, req{Method: "GET", Path: "/v1/outbox?kind=ags.score&status=" + status, Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var l struct{ Items []outboxEntry }
	r.Decode(t, &l)
	return l.Items
}

// TestLTISameSecondWrongThenRight: a learner answers wrong, then right, within one
// second. Moodle keeps whole seconds and refuses a timestamp that is not strictly later;
// the right answer must still be what the gradebook shows, in both modes, and no score
// is refused on the way.
func TestLTISameSecondWrongThenRight(t *testing.T) {
	t.Parallel()
	for _, mode := range agsModes {
		t.Run(mode.String(), func(t *testing.T) {
			t.Parallel()
			p := newPlatform(t)
			p.setMode(mode)
			s := ltiServer(t, tempDB(t), p)
			s.mustRegister(t, p)
			var sub string
			var wrong, right attemptBody
			for try := 1; ; try++ {
				sub = fmt.Sprintf("quick-%d", try)
				sess := mustSession(t, p.launch(t, s, learnerLaunch(p, sub, "order-cjs-queues", "7")))
				startOfSecond()
				wrong, right = s.answer(t, sess, cjsQueuesWrong), s.answer(t, sess, cjsQueuesRight)
				if wrong.CreatedAt.Unix() == right.CreatedAt.Unix() || try == 3 {
					break
				}
				t.Logf("the second turned over between the two answers (%s, %s); again", wrong.CreatedAt, right.CreatedAt)
			}
			require.Equal(t, wrong.CreatedAt.Unix(), right.CreatedAt.Unix(), "both answers within one second")
			require.Less(t, wrong.Score, 1.0)
			require.Equal(t, 1.0, right.Score)
			waitFor(t, 10*time.Second, "the right answer in the gradebook", func() bool {
				h, ok := p.held("7", sub)
				return ok && h.Given != nil && *h.Given == 100
			})
			assert.Empty(t, p.Refusals(), "no score refused")
			waitFor(t, 10*time.Second, "both delivered", func() bool { return len(s.outbox(t, "delivered")) == 2 })
		})
	}
}

// TestLTIResendOfHeldScore: the platform stores a score but its answer is lost (a 502
// from a proxy): the score is sent again, with the same timestamp. Moodle refuses it as
// not newer (409): it holds it already, so it is recorded as delivered, with the
// platform's answer and a note; Canvas takes the equal timestamp again.
func TestLTIResendOfHeldScore(t *testing.T) {
	t.Parallel()
	for _, mode := range agsModes {
		t.Run(mode.String(), func(t *testing.T) {
			t.Parallel()
			p := newPlatform(t)
			p.setMode(mode)
			s := ltiServer(t, tempDB(t), p)
			s.mustRegister(t, p)
			sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "resend-1", "order-cjs-queues", "7")))
			p.loseNextAnswers(1)
			s.answer(t, sess, cjsQueuesRight)
			var e outboxEntry
			waitFor(t, 10*time.Second, "delivered", func() bool {
				es := s.outbox(t, "delivered")
				if len(es) == 1 {
					e = es[0]
				}
				return len(es) == 1
			})
			assert.Equal(t, 2, e.Tries, "the lost answer, then the resend")
			h, ok := p.held("7", "resend-1")
			require.True(t, ok)
			assert.Equal(t, 100.0, *h.Given)
			if mode == agsCanvas {
				assert.Equal(t, http.StatusOK, e.LastStatus)
				assert.Len(t, p.Scores(), 2, "Canvas takes an equal timestamp again")
				return
			}
			assert.Equal(t, http.StatusConflict, e.LastStatus)
			assert.Empty(t, e.LastError)
			assert.Contains(t, e.LastNote, "the platform already holds this score")
			assert.Contains(t, e.LastNote, "Refusing score with an earlier timestamp for item 7 and user resend-1")
			assert.Len(t, p.Scores(), 1, "stored once")
		})
	}
}

// TestLTIScoreRefusedForGood: a platform that refuses a score for good (the user is no
// longer a student of the course) fails the message at once, and `looplab outbox` and
// GET /v1/outbox show the platform's reason; once the user is enrolled again, a retry
// delivers it.
func TestLTIScoreRefusedForGood(t *testing.T) {
	t.Parallel()
	for _, mode := range agsModes {
		t.Run(mode.String(), func(t *testing.T) {
			t.Parallel()
			p := newPlatform(t)
			p.setMode(mode)
			s := ltiServer(t, tempDB(t), p)
			s.mustRegister(t, p)
			sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "gone-1", "order-cjs-queues", "7")))
			p.unenroll("gone-1")
			s.answer(t, sess, cjsQueuesRight)
			var failed []outboxEntry
			waitFor(t, 10*time.Second, "failed", func() bool { failed = s.outbox(t, "failed"); return len(failed) == 1 })
			e := failed[0]
			reason, status := "Incorrect score received", http.StatusBadRequest // Moodle: M1
			if mode == agsCanvas {
				reason, status = "User not found in course or is not a student", http.StatusUnprocessableEntity // C1
			}
			assert.Equal(t, status, e.LastStatus)
			assert.Contains(t, e.LastError, fmt.Sprintf("answered %d: %s", status, reason))
			require.NotNil(t, e.Grade)
			assert.Equal(t, "gone-1", e.Grade.User)
			assert.Equal(t, "Event loop drill", e.Grade.LinkTitle)
			assert.Equal(t, 1, e.Tries, "refused for good: not tried again")

			var out, errOut bytes.Buffer
			code := run(context.Background(), []string{"outbox", "--db", s.DB, "--status", "failed"}, strings.NewReader(""), &out, &errOut, func(string) string { return "" })
			require.Equal(t, 0, code, errOut.String())
			lines := scanLines(out.String())
			require.Len(t, lines, 2, out.String())
			assert.Regexp(t, `^ID\s+KIND\s+EVENT\s+STATUS\s+TRIES\s+LAST\s+CREATED\s+DETAIL$`, lines[0])
			assert.Regexp(t, fmt.Sprintf(`^%d\s+ags\.score\s+attempt\.graded\s+failed\s+1\s+%d\s`, e.ID, status), lines[1])
			assert.Contains(t, lines[1], `link "Event loop drill", user gone-1`)
			assert.Contains(t, lines[1], reason)

			p.mu.Lock()
			p.students["gone-1"] = true // enrolled again
			p.mu.Unlock()
			r := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/outbox/%d/retry", e.ID), Cred: s.AdminKey})
			require.Equal(t, http.StatusOK, r.Status, string(r.Body))
			assert.Equal(t, "pending", r.JSON(t)["status"])
			waitFor(t, 10*time.Second, "delivered after the retry", func() bool { return len(s.outbox(t, "delivered")) == 1 })
			r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/outbox/%d/retry", e.ID), Cred: s.AdminKey})
			assert.Equal(t, http.StatusConflict, r.Status, "only a failed message can be retried")
		})
	}
}

// TestLTIKeyReplacedUnderSameKid: a platform that replaces its signing key under the
// same kid is not refused: the signature that does not verify makes looplab fetch the
// platform's JWKS once more. A token signed by a foreign key is still refused, and
// does not make looplab fetch again within the second.
func TestLTIKeyReplacedUnderSameKid(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	mustSession(t, p.launch(t, s, learnerLaunch(p, "kid-1", "order-cjs-queues", "7")))
	fetches := func() int { p.mu.Lock(); defer p.mu.Unlock(); return p.jwksFetches }
	require.Equal(t, 1, fetches())
	time.Sleep(1100 * time.Millisecond) // the JWKS may be fetched again a second after the last time
	p.replaceKey()
	mustSession(t, p.launch(t, s, learnerLaunch(p, "kid-1", "order-cjs-queues", "7")))
	assert.Equal(t, 2, fetches(), "fetched again once")

	forged := learnerLaunch(p, "kid-1", "order-cjs-queues", "7")
	forged.SignWith = mustRSA(t)
	for forged.SignWith.N.Cmp(p.key.N) == 0 {
		forged.SignWith = mustRSA(t)
	}
	assert.Equal(t, "bad_signature", refusedReason(t, p.launch(t, s, forged)))
	assert.Equal(t, 2, fetches(), "not fetched again within the second")
}
