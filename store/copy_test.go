package store_test

import (
	"context"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/looplab/looplab/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postgresPass skips a test outside the PostgreSQL pass (it needs both engines).
func postgresPass(t *testing.T) {
	t.Helper()
	if testEngine != store.Postgres {
		t.Skip("needs both engines: runs in the PostgreSQL pass")
	}
}

// TestSchemasMatch: a SQLite and a PostgreSQL database migrated to the latest version
// have the same tables with the same columns in the same order, and `db copy` knows
// every table.
func TestSchemasMatch(t *testing.T) {
	postgresPass(t)
	t.Parallel()
	ctx := context.Background()
	lite, err := store.Open(ctx, filepath.Join(t.TempDir(), "schema.db"))
	require.NoError(t, err)
	defer lite.Close()
	pg := MustOpenDB(t)
	a, err := lite.Schema(ctx)
	require.NoError(t, err)
	b, err := pg.Schema(ctx)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	tables := make([]string, 0, len(a))
	for t := range a {
		tables = append(tables, t)
	}
	sort.Strings(tables)
	copied := append([]string(nil), store.CopyTables()...)
	sort.Strings(copied)
	assert.Equal(t, tables, copied, "db copy copies every table")
}

// TestCopySQLiteToPostgres fills a SQLite file through the services (learners,
// questions, attempts with review states, a webhook subscription and its outbox
// messages, an LTI platform, key and link), copies it into an empty PostgreSQL
// database, and checks the copy: the same counts, the same attempts and states read
// through the services, no outbox message made again by the triggers, and new rows
// numbered after the copied ones. A second copy into the now non-empty database fails.
func TestCopySQLiteToPostgres(t *testing.T) {
	postgresPass(t)
	t.Parallel()
	ctx := context.Background()
	lite, err := store.Open(ctx, filepath.Join(t.TempDir(), "source.db"))
	require.NoError(t, err)
	defer lite.Close()
	lite.Now = func() time.Time { return fixedNow }
	hooks := store.NewWebhookStore(lite)
	require.NoError(t, hooks.CreateSubscription(ctx, &webhook.Subscription{URL: "http://127.0.0.1:1/h", Secret: "s", Active: true,
		Events: []string{"attempt.graded", "learner.created"}}))
	v := MustBankQuestion(t, lite, "q1", "timers", 1)
	MustBankQuestion(t, lite, "q2", "phases", 2)
	attempts := store.NewAttemptService(lite)
	practice := &quiz.Practice{Store: store.NewPracticeService(lite), Scheduler: quiz.DefaultScheduler()}
	var learners []*quiz.Learner
	for i, ext := range []string{"a", "b", "c"} {
		l := MustCreateLearner(t, lite, ext)
		learners = append(learners, l)
		for n := 1; n <= i+2; n++ {
			st, err := attempts.AttemptState(ctx, l.ID, v.QuestionID)
			require.NoError(t, err)
			a := newAttempt(l.ID, v, st.Count+1, "")
			a.Seed = -1 << 62 // beyond float64's exact integers: compared exactly
			a.Review = practice.Review(st.Review, a.Grade, 0, fixedNow)
			_, err = attempts.CreateAttempt(ctx, a)
			require.NoError(t, err)
		}
	}
	ltis := store.NewLTIStore(lite)
	p := &lti.Platform{Name: "p", Issuer: "https://lms.example", ClientID: "c", DeploymentIDs: []string{"d"}}
	require.NoError(t, ltis.CreatePlatform(ctx, p))
	require.NoError(t, ltis.AddToolKey(ctx, lti.ToolKey{KID: "k1", PrivatePEM: "pem", CreatedAt: fixedNow}))
	_, err = ltis.BindLink(ctx, lti.LinkBinding{PlatformID: p.ID, DeploymentID: "d", ResourceLinkID: "r1", QuestionID: v.QuestionID,
		LearnerID: learners[0].ID, UserSub: "sub", CanScore: true, LineItemURL: "https://lms.example/li/1"})
	require.NoError(t, err)
	_, err = lite.EnsureSetting(ctx, "token_secret", "abc")
	require.NoError(t, err)

	pg := MustOpenDB(t)
	counts, err := store.Copy(ctx, lite, pg)
	require.NoError(t, err)
	byTable := map[string]int64{}
	for _, c := range counts {
		byTable[c.Table] = c.Rows
	}
	assert.Equal(t, int64(3), byTable["learners"])
	assert.Equal(t, int64(9), byTable["attempts"])
	assert.Equal(t, int64(3), byTable["review_states"])
	assert.Equal(t, int64(12), byTable["outbox"], "3 learner.created + 9 attempt.graded")

	outboxCounts, err := store.NewOutboxStore(pg).Counts(ctx)
	require.NoError(t, err)
	var queued int64
	for _, c := range outboxCounts {
		queued += c.N
	}
	assert.Equal(t, int64(12), queued, "the triggers were off during the copy")
	pgAttempts := store.NewAttemptService(pg)
	for _, l := range learners {
		want, err := attempts.FindAttempts(ctx, quiz.AttemptFilter{LearnerID: l.ID})
		require.NoError(t, err)
		got, err := pgAttempts.FindAttempts(ctx, quiz.AttemptFilter{LearnerID: l.ID})
		require.NoError(t, err)
		assert.Equal(t, want, got)
		ws, err := attempts.AttemptState(ctx, l.ID, v.QuestionID)
		require.NoError(t, err)
		gs, err := pgAttempts.AttemptState(ctx, l.ID, v.QuestionID)
		require.NoError(t, err)
		assert.Equal(t, ws, gs)
	}
	secret, err := pg.Setting(ctx, "token_secret")
	require.NoError(t, err)
	assert.Equal(t, "abc", secret)
	next := MustCreateLearner(t, pg, "d")
	assert.Equal(t, learners[2].ID+1, next.ID, "identities continue after the copied ids")

	_, err = store.Copy(ctx, lite, pg)
	assert.Error(t, err, "the target has rows now")
}

// TestCopyNeedsPostgresTarget refuses a SQLite target.
func TestCopyNeedsPostgresTarget(t *testing.T) {
	t.Parallel()
	if testEngine == store.Postgres {
		t.Skip("runs in the SQLite pass")
	}
	a, b := MustOpenDB(t), MustOpenDB(t)
	_, err := store.Copy(context.Background(), a, b)
	assert.ErrorContains(t, err, "PostgreSQL")
}
