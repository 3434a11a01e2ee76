package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/looplab/looplab/store/pgtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedNow is the clock of every test database.
var fixedNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// testEngine is the engine the tests of this pass run on: TestMain runs every test of
// the package once on SQLite, then once more on PostgreSQL.
var testEngine = store.SQLite

// TestMain runs the SQLite pass, then the PostgreSQL pass; LOOPLAB_TEST_ENGINES=sqlite
// (pgtest.Engines) runs one: LOOPLAB_TEST_ENGINES=sqlite go test ./store -bench
// CreateAttempt measures SQLite alone.
func TestMain(m *testing.M) {
	withSQLite, withPostgres := pgtest.Engines()
	code := 0
	if withSQLite {
		code = m.Run()
	}
	switch {
	case code != 0, !withPostgres:
	case pgtest.Available() || pgtest.Required():
		fmt.Println("store: the same tests on PostgreSQL")
		testEngine = store.Postgres
		code = m.Run()
	default:
		fmt.Println("store: PostgreSQL is not installed: the PostgreSQL pass is skipped")
	}
	pgtest.Stop()
	os.Exit(code)
}

// newLocation returns where a new empty database of the pass's engine is: a file
// under tb.TempDir(), or a new database of the test cluster.
func newLocation(tb testing.TB) string {
	tb.Helper()
	if testEngine == store.Postgres {
		return pgtest.NewDatabase(tb)
	}
	return filepath.Join(tb.TempDir(), "test.db")
}

// openRaw opens a plain database/sql pool on the database at location, beside the
// store's, to check what the store wrote.
func openRaw(tb testing.TB, location string) *sql.DB {
	tb.Helper()
	driver, dsn := "sqlite", "file:"+location+"?_pragma=busy_timeout(5000)"
	if testEngine == store.Postgres {
		driver, dsn = "pgx", location
	}
	raw, err := sql.Open(driver, dsn)
	require.NoError(tb, err)
	tb.Cleanup(func() { raw.Close() })
	return raw
}

// MustOpenDB opens a migrated database of the pass's engine, closed at cleanup.
func MustOpenDB(tb testing.TB) *store.DB {
	tb.Helper()
	db, err := store.Open(context.Background(), newLocation(tb))
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

// TestBackup backs up and opens the copy: a SQLite file, or a pg_dump archive that
// pg_restore loads into a new database.
func TestBackup(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	MustCreateLearner(t, db, "u1")
	dst := filepath.Join(t.TempDir(), "copy.db")
	require.NoError(t, db.Backup(context.Background(), dst))
	assert.Error(t, db.Backup(context.Background(), dst), "the backup file exists")
	restored := dst
	if testEngine == store.Postgres {
		restored = pgtest.NewDatabase(t)
		out, err := exec.Command("pg_restore", "--no-owner", "--dbname="+restored, dst).CombinedOutput()
		require.NoError(t, err, "pg_restore: %s", out)
	}
	copyDB, err := store.Open(context.Background(), restored)
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
