package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedNow is the clock of every test database.
var fixedNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// MustOpenDB opens a migrated database in a file under tb.TempDir(), closed at cleanup.
func MustOpenDB(tb testing.TB) *store.DB {
	tb.Helper()
	db, err := store.Open(context.Background(), filepath.Join(tb.TempDir(), "test.db"))
	require.NoError(tb, err)
	db.Now = func() time.Time { return fixedNow }
	tb.Cleanup(func() { assert.NoError(tb, db.Close()) })
	return db
}

// MustCreateLearner creates a learner with the external ID.
func MustCreateLearner(tb testing.TB, db *store.DB, externalID string) *quiz.Learner {
	tb.Helper()
	l := &quiz.Learner{ExternalID: externalID, Name: "Learner " + externalID}
	require.NoError(tb, store.NewLearnerService(db).CreateLearner(context.Background(), l))
	return l
}

func TestMigrateDownAndUp(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	st, err := db.Migrate(ctx, "status")
	require.NoError(t, err)
	require.NotEmpty(t, st)
	for range st {
		_, err := db.Migrate(ctx, "down")
		require.NoError(t, err)
	}
	_, err = db.Migrate(ctx, "up")
	require.NoError(t, err)
	require.NoError(t, db.Ping(ctx))
	_, err = db.Migrate(ctx, "sideways")
	assert.Equal(t, quiz.EINVALID, quiz.ErrorCode(err))
}

func TestBackup(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	MustCreateLearner(t, db, "u1")
	dst := filepath.Join(t.TempDir(), "copy.db")
	require.NoError(t, db.Backup(context.Background(), dst))
	copyDB, err := store.Open(context.Background(), dst)
	require.NoError(t, err)
	defer copyDB.Close()
	ls, err := store.NewLearnerService(copyDB).FindLearners(context.Background(), quiz.LearnerFilter{})
	require.NoError(t, err)
	require.Len(t, ls, 1)
	assert.Equal(t, "u1", ls[0].ExternalID)
}

func TestEnsureSetting(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	v, err := db.EnsureSetting(ctx, "secret", "a")
	require.NoError(t, err)
	assert.Equal(t, "a", v)
	v, err = db.EnsureSetting(ctx, "secret", "b")
	require.NoError(t, err)
	assert.Equal(t, "a", v, "the first value stays")
	_, err = db.Setting(ctx, "missing")
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
}
