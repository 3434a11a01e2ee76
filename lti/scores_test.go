package lti_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scoreBook is one line item's score service holding one user's score as Moodle does
// (mod/lti/service/gradebookservices scores.php): the timestamp in whole seconds, a
// score whose timestamp is not strictly later refused with 409 and the reason in the
// status line (the body is "[]"). With canvas set it refuses only an earlier
// timestamp, with 400 and the held one named, as Canvas does.
type scoreBook struct {
	srv    *httptest.Server
	canvas bool

	mu       sync.Mutex
	held     time.Time // the held score's timestamp (zero: none)
	score    float64
	accepted int
	// loseAnswer makes the next accepted score answer 502, as a proxy that timed out
	// after the platform stored it.
	loseAnswer bool
	// refuse answers the next score with this status and reason, storing nothing.
	refuse       int
	refuseReason string
}

func newScoreBook(t *testing.T) *scoreBook {
	b := &scoreBook{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "tok", "expires_in": 3600})
	})
	mux.HandleFunc("POST /item/scores", b.handle)
	b.srv = httptest.NewServer(mux)
	t.Cleanup(b.srv.Close)
	return b
}

func (b *scoreBook) handle(w http.ResponseWriter, r *http.Request) {
	var s lti.Score
	_ = json.NewDecoder(r.Body).Decode(&s)
	at, err := time.Parse(time.RFC3339Nano, s.Timestamp)
	at = at.UTC()
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case err != nil:
		http.Error(w, "bad timestamp", http.StatusBadRequest)
	case b.refuse != 0:
		status, reason := b.refuse, b.refuseReason
		b.refuse = 0
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]any{"errors": map[string]string{"type": "unprocessable_entity", "message": reason}})
	case b.canvas && at.Before(b.held):
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{"errors": map[string]string{"type": "bad_request",
			"message": "Provided timestamp of " + s.Timestamp + " before last updated timestamp of " + b.held.Format("2006-01-02T15:04:05.000Z07:00")}})
	case !b.canvas && !b.held.IsZero() && b.held.Unix() >= at.Unix():
		writeStatusLine(w, "409 Refusing score with an earlier timestamp for item 7 and user 3")
	default:
		b.held, b.score = at, s.ScoreGiven
		if !b.canvas {
			b.held = at.Truncate(time.Second)
		}
		b.accepted++
		if b.loseAnswer {
			b.loseAnswer = false
			http.Error(w, "upstream timed out", http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

// writeStatusLine answers with a status line of its own reason phrase (as PHP's
// header("HTTP/1.0 409 Refusing…") does) by hijacking the connection.
func writeStatusLine(w http.ResponseWriter, line string) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(err)
	}
	defer conn.Close()
	_, _ = buf.WriteString("HTTP/1.1 " + line + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]")
	_ = buf.Flush()
}

func (b *scoreBook) holds() (time.Time, float64, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held, b.score, b.accepted
}

// scoreFixture is a tool with one platform and one grade target whose line item is the
// score book's.
func scoreFixture(t *testing.T, b *scoreBook) (*lti.Tool, *lti.Platform, func() *lti.GradeTarget) {
	t.Helper()
	ctx := context.Background()
	db := openDB(t)
	st := store.NewLTIStore(db)
	tool := lti.New(lti.Config{}, st, store.NewLearnerService(db))
	_, err := tool.EnsureKey(ctx, 0)
	require.NoError(t, err)
	p := &lti.Platform{Name: "b", Issuer: b.srv.URL, ClientID: "c", DeploymentIDs: []string{"d"},
		AuthLoginURL: b.srv.URL + "/auth", TokenURL: b.srv.URL + "/token", JWKSURL: b.srv.URL + "/jwks"}
	require.NoError(t, st.CreatePlatform(ctx, p))
	l := &quiz.Learner{ExternalID: "x#u", Name: "u"}
	require.NoError(t, store.NewLearnerService(db).CreateLearner(ctx, l))
	_, err = st.BindLink(ctx, lti.LinkBinding{PlatformID: p.ID, DeploymentID: "d", ResourceLinkID: "L", LinkTitle: "L",
		Set: &lti.LinkSet{Kind: lti.SetTopic, Key: "x"}, LineItemURL: b.srv.URL + "/item", CanScore: true, LearnerID: l.ID, UserSub: "u"})
	require.NoError(t, err)
	target := func() *lti.GradeTarget {
		g, err := st.FindGradeTarget(ctx, 1)
		require.NoError(t, err)
		return g
	}
	return tool, p, target
}

// TestDeliverScoreSameSecond: two grades within one second reach a Moodle-like
// gradebook, the better (later) one last: the second is stamped a second later.
func TestDeliverScoreSameSecond(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := newScoreBook(t)
	tool, p, target := scoreFixture(t, b)
	at := time.Date(2026, 3, 1, 10, 0, 0, 100e6, time.UTC)
	d1, err := tool.DeliverScore(ctx, p, target(), 1, lti.NewScore("u", 0.5, ""), at)
	require.NoError(t, err)
	d2, err := tool.DeliverScore(ctx, p, target(), 2, lti.NewScore("u", 1, ""), at.Add(600*time.Millisecond))
	require.NoError(t, err)
	assert.Equal(t, at.Truncate(time.Second), d1.Stamp)
	assert.Equal(t, d1.Stamp.Add(time.Second), d2.Stamp, "strictly later at the platform's resolution")
	held, score, accepted := b.holds()
	assert.Equal(t, 100.0, score)
	assert.Equal(t, d2.Stamp, held)
	assert.Equal(t, 2, accepted)
	assert.Equal(t, lti.ScoreStamp{At: d2.Stamp, Msg: 2}, target().Stamp, "the last stamp is stored with its message")
}

// TestDeliverScoreResendHeld: a score the platform stored but whose answer was lost is
// sent again with the same timestamp; Moodle refuses it as not newer, so it is held:
// delivered, with a note. Canvas takes the equal timestamp again.
func TestDeliverScoreResendHeld(t *testing.T) {
	t.Parallel()
	for _, canvas := range []bool{false, true} {
		ctx := context.Background()
		b := newScoreBook(t)
		b.canvas = canvas
		tool, p, target := scoreFixture(t, b)
		at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		b.loseAnswer = true
		d, err := tool.DeliverScore(ctx, p, target(), 5, lti.NewScore("u", 1, ""), at)
		var he *lti.HTTPError
		require.ErrorAs(t, err, &he)
		assert.Equal(t, http.StatusBadGateway, he.Status)
		assert.True(t, he.Temporary())
		assert.Equal(t, lti.ScoreStamp{At: at, Msg: 5}, target().Stamp, "in doubt: the next try resends it")

		d, err = tool.DeliverScore(ctx, p, target(), 5, lti.NewScore("u", 1, ""), at)
		require.NoError(t, err)
		assert.Equal(t, at, d.Stamp, "the same score, the same timestamp")
		_, _, accepted := b.holds()
		if canvas {
			assert.False(t, d.Held)
			assert.Equal(t, 2, accepted)
			continue
		}
		assert.True(t, d.Held)
		assert.Equal(t, http.StatusConflict, d.Status)
		assert.Equal(t, "the platform already holds this score (a resend, refused as not newer: Refusing score with an earlier timestamp for item 7 and user 3)", d.Note)
		assert.Equal(t, 1, accepted, "stored once")
	}
}

// TestDeliverScoreNewerRestamped: the platform holds a later timestamp that this score
// was not sent with (one stamped in the same second by an older looplab, a clock set
// back): the score is sent again with a later timestamp and lands. Canvas names the
// timestamp it holds, so one retry suffices even when it is minutes ahead.
func TestDeliverScoreNewerRestamped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Second)

	b := newScoreBook(t)
	tool, p, target := scoreFixture(t, b)
	b.held = at // Moodle holds a score of this second
	d, err := tool.DeliverScore(ctx, p, target(), 1, lti.NewScore("u", 0.75, ""), at.Add(300*time.Millisecond))
	require.NoError(t, err)
	assert.Equal(t, 1, d.Restamped)
	assert.True(t, d.Stamp.After(at))
	assert.Contains(t, d.Note, "sent again 1 time(s) with a later timestamp after 409 Refusing score")
	_, score, _ := b.holds()
	assert.Equal(t, 75.0, score)

	c := newScoreBook(t)
	c.canvas = true
	tool, p, target = scoreFixture(t, c)
	c.held = at.Add(5 * time.Minute)
	d, err = tool.DeliverScore(ctx, p, target(), 1, lti.NewScore("u", 0.25, ""), at)
	require.NoError(t, err)
	assert.Equal(t, 1, d.Restamped)
	assert.Equal(t, at.Add(5*time.Minute+time.Second), d.Stamp, "past the timestamp Canvas names")
	_, score, _ = c.holds()
	assert.Equal(t, 25.0, score)
}

// TestDeliverScoreRefusedForGood: a 4xx is permanent, with the platform's reason, and
// leaves no stamp in doubt: the next score is stamped anew.
func TestDeliverScoreRefusedForGood(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := newScoreBook(t)
	tool, p, target := scoreFixture(t, b)
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	b.refuse, b.refuseReason = http.StatusUnprocessableEntity, "User not found in course or is not a student"
	_, err := tool.DeliverScore(ctx, p, target(), 1, lti.NewScore("u", 1, ""), at)
	var he *lti.HTTPError
	require.ErrorAs(t, err, &he)
	assert.False(t, he.Temporary())
	assert.Equal(t, "User not found in course or is not a student", he.Reason)
	assert.Contains(t, err.Error(), "answered 422: User not found in course or is not a student")
	assert.Equal(t, lti.ScoreStamp{At: at}, target().Stamp)
	d, err := tool.DeliverScore(ctx, p, target(), 2, lti.NewScore("u", 1, ""), at)
	require.NoError(t, err)
	assert.Equal(t, at.Add(time.Second), d.Stamp)
}

// TestPlatformReason reads the reasons platforms give.
func TestPlatformReason(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status string
		code   int
		body   string
		want   string
	}{
		{"400 Bad Request", 400, `{"status":400,"reason":"Incorrect score received{}","request":{"method":"POST"}}`, "Incorrect score received{}"}, // Moodle
		{"409 Refusing score with an earlier timestamp for item 5 and user 3", 409, `[]`, "Refusing score with an earlier timestamp for item 5 and user 3"},
		{"422 Unprocessable Entity", 422, `{"errors":{"type":"unprocessable_entity","message":"User not found in course or is not a student"}}`, "User not found in course or is not a student"}, // Canvas
		{"400 Bad Request", 400, `{"errors":[{"message":"a"},{"message":"b"}]}`, "a; b"},
		{"400 Bad Request", 400, `{"error":"invalid_scope","error_description":"scope not allowed"}`, "scope not allowed"}, // OAuth 2
		{"400 Bad Request", 400, `{"error":"invalid_client"}`, "invalid_client"},
		{"502 Bad Gateway", 502, `<html>bad gateway</html>`, ""},
	} {
		assert.Equal(t, tc.want, lti.PlatformReason(tc.status, tc.code, []byte(tc.body)), tc.body)
	}
}
