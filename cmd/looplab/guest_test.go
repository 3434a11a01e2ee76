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

type guestBody struct {
	Learner struct {
		ID         int64
		ExternalID string `json:"external_id"`
		Locale     string
		Guest      bool
	}
	Token string
}

func (s *testServer) mustGuest(t testing.TB, locale string) guestBody {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/guests", Body: map[string]string{"locale": locale}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var g guestBody
	r.Decode(t, &g)
	return g
}

// TestGuestPractice: a visitor with no credential becomes a guest learner (a few per
// address per hour), practises with the guest's token, renews it, and is claimed by an
// LMS learner, whose history then holds the guest's attempts; the guest is gone.
func TestGuestPractice(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_GUESTS_PER_HOUR": "3"})
	g := s.mustGuest(t, "vi")
	assert.True(t, g.Learner.Guest)
	assert.Equal(t, "vi", g.Learner.Locale)
	assert.True(t, strings.HasPrefix(g.Learner.ExternalID, "guest:"))
	qid := s.questionID(t, g.Token, "order-cjs-queues")
	r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: g.Token, Body: map[string]any{"learner_id": g.Learner.ID, "question_id": qid, "answer": cjsQueuesWrong}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))

	// A few guests per address per hour, with the quota in the RateLimit headers.
	s.mustGuest(t, "en")
	third := s.do(t, req{Method: "POST", Path: "/v1/guests"})
	require.Equal(t, http.StatusCreated, third.Status)
	assert.Equal(t, `"default";q=3;w=3600`, third.Header.Get("RateLimit-Policy"))
	over := s.do(t, req{Method: "POST", Path: "/v1/guests"})
	assert.Equal(t, http.StatusTooManyRequests, over.Status)
	assert.NotEmpty(t, over.Header.Get("Retry-After"))

	// The guest renews its own token; a learner that is not a guest cannot.
	renew := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", g.Learner.ID), Cred: g.Token})
	require.Equal(t, http.StatusCreated, renew.Status, string(renew.Body))
	fresh := renew.JSON(t)["token"].(string)
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/v1/attempts", Cred: fresh}).Status)
	app := s.mustKey(t, "app")
	lms := s.mustLearner(t, app, "https://moodle.example.edu#42")
	lmsTok := s.mustToken(t, app, lms)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", lms), Cred: lmsTok}).Status)

	// The LMS learner claims the guest: the guest's attempt is now theirs.
	claim := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/claim", lms), Cred: lmsTok, Body: map[string]string{"guest_token": fresh}})
	require.Equal(t, http.StatusOK, claim.Status, string(claim.Body))
	assert.Equal(t, 1.0, claim.JSON(t)["attempts"])
	var list struct{ Items []attemptBody }
	s.do(t, req{Method: "GET", Path: "/v1/attempts", Cred: lmsTok}).Decode(t, &list)
	require.Len(t, list.Items, 1)
	assert.Equal(t, lms, list.Items[0].LearnerID)
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", g.Learner.ID), Cred: app}).Status, "the guest is gone")
	again := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/claim", lms), Cred: lmsTok, Body: map[string]string{"guest_token": fresh}})
	assert.Equal(t, http.StatusNotFound, again.Status, "a guest is claimed once")
	// Only the learner itself (or an app acting for it) claims for it.
	bad := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/claim", lms), Cred: g.Token, Body: map[string]string{"guest_token": g.Token}})
	assert.Equal(t, http.StatusForbidden, bad.Status)
}

// TestGuestsArePurgedWhenIdle: with LOOPLAB_GUEST_TTL short, a guest that neither renews
// its token nor answers is deleted by the server.
func TestGuestsArePurgedWhenIdle(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_GUEST_TTL": "2s"})
	g := s.mustGuest(t, "en")
	waitFor(t, 15*time.Second, "the idle guest purged", func() bool {
		return s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", g.Learner.ID), Cred: s.AdminKey}).Status == http.StatusNotFound
	})
}

// TestCLIMintsLearnerToken: an admin mints a learner token with the CLI, and the running
// server takes it.
func TestCLIMintsLearnerToken(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	learner := s.mustLearner(t, s.mustKey(t, "app"), "cli-learner")
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"learners", "token", "--ttl", "10m", "--db", s.DB, fmt.Sprint(learner)},
		strings.NewReader(""), &out, &errOut, func(string) string { return "" })
	require.Equal(t, 0, code, errOut.String())
	tok := strings.TrimSpace(out.String())
	assert.Regexp(t, fmt.Sprintf(`^lt1\.%d\.0\.\d+\.[\w-]+$`, learner), tok)
	assert.Contains(t, errOut.String(), "cli-learner")
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", learner), Cred: tok})
	assert.Equal(t, http.StatusOK, r.Status, string(r.Body))
	code = run(context.Background(), []string{"learners", "token", "--db", s.DB, "999"}, strings.NewReader(""), &out, &errOut, func(string) string { return "" })
	assert.Equal(t, 1, code, "an unknown learner")
	assert.Equal(t, 2, run(context.Background(), []string{"learners", "mint"}, strings.NewReader(""), &out, &errOut, func(string) string { return "" }))
}
