package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newAttempt returns a graded attempt of learner at v with the given number.
func newAttempt(learnerID int64, v *quiz.QuestionVersion, no int, idem string) *quiz.Attempt {
	return &quiz.Attempt{LearnerID: learnerID, QuestionID: v.QuestionID, VersionID: v.ID, AttemptNo: no,
		Seed: int64(no), Answer: json.RawMessage(`["1","2"]`), IdempotencyKey: idem,
		Grade: quiz.Grade{Score: 1, Verdict: "correct", Explanation: quiz.Text{EN: "ok", VI: "đúng"}}}
}

// TestCreateAttemptConcurrent stores attempts from many goroutines at once, so that
// they share commits (group commit): every attempt is stored once under its own id, a
// colliding attempt number is a conflict for its caller only, an idempotent retry in
// the same burst returns the first attempt, and an unknown learner is not found.
func TestCreateAttemptConcurrent(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	v := MustBankQuestion(t, db, "q", "timers", 1)
	svc := store.NewAttemptService(db)
	const learners, perLearner = 16, 20
	ids := make([]int64, learners)
	for i := range ids {
		ids[i] = MustCreateLearner(t, db, fmt.Sprintf("l%d", i)).ID
	}
	var wg sync.WaitGroup
	var conflicts, replays atomic.Int64
	seen := sync.Map{}
	for i := range learners {
		for n := 1; n <= perLearner; n++ {
			for dup := range 2 { // two callers per attempt number
				wg.Add(1)
				go func() {
					defer wg.Done()
					idem := ""
					if n%2 == 0 { // even numbers: an idempotent retry; odd: a real collision
						idem = fmt.Sprintf("k%d-%d", i, n)
					}
					a := newAttempt(ids[i], v, n, idem)
					created, err := svc.CreateAttempt(ctx, a)
					switch {
					case err != nil:
						assert.True(t, quiz.ErrorCode(err) == quiz.ECONFLICT, "learner %d no %d dup %d: %v", i, n, dup, err)
						conflicts.Add(1)
					case !created:
						replays.Add(1)
					default:
						_, loaded := seen.LoadOrStore(a.ID, true)
						assert.False(t, loaded, "id %d given twice", a.ID)
						stored, err := svc.FindAttemptByID(ctx, a.ID) // the id is this attempt's own
						if assert.NoError(t, err) {
							assert.Equal(t, [2]int64{a.LearnerID, int64(a.AttemptNo)}, [2]int64{stored.LearnerID, int64(stored.AttemptNo)})
						}
					}
				}()
			}
		}
	}
	wg.Wait()
	assert.Equal(t, int64(learners*perLearner/2), conflicts.Load())
	assert.Equal(t, int64(learners*perLearner/2), replays.Load())
	for _, id := range ids {
		st, err := svc.AttemptState(ctx, id, v.QuestionID)
		require.NoError(t, err)
		assert.Equal(t, perLearner, st.Count)
	}
	_, err := svc.CreateAttempt(ctx, newAttempt(999999, v, 1, ""))
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
}

// TestCreateAttemptIDs stores attempts of many learners at once, without collisions, so
// that whole batches commit together: every caller gets its own row's id.
func TestCreateAttemptIDs(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	v := MustBankQuestion(t, db, "q", "timers", 1)
	svc := store.NewAttemptService(db)
	var wg sync.WaitGroup
	for i := range 32 {
		l := MustCreateLearner(t, db, fmt.Sprintf("l%d", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 1; n <= 10; n++ {
				a := newAttempt(l.ID, v, n, "")
				_, err := svc.CreateAttempt(ctx, a)
				require.NoError(t, err)
				stored, err := svc.FindAttemptByID(ctx, a.ID)
				require.NoError(t, err)
				assert.Equal(t, [2]int64{l.ID, int64(n)}, [2]int64{stored.LearnerID, int64(stored.AttemptNo)}, "attempt id %d", a.ID)
			}
		}()
	}
	wg.Wait()
}

// TestCreateAttemptAfterClose fails cleanly instead of hanging.
func TestCreateAttemptAfterClose(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	v := MustBankQuestion(t, db, "q", "timers", 1)
	l := MustCreateLearner(t, db, "l")
	svc := store.NewAttemptService(db)
	_, err := svc.CreateAttempt(context.Background(), newAttempt(l.ID, v, 1, ""))
	require.NoError(t, err)
	require.NoError(t, db.Close())
	done := make(chan error, 1)
	go func() { _, err := svc.CreateAttempt(context.Background(), newAttempt(l.ID, v, 2, "")); done <- err }()
	select {
	case err := <-done:
		assert.Error(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("CreateAttempt after Close hangs")
	}
}

// BenchmarkCreateAttempt measures the store's side of a graded attempt as the API does
// it (read the attempt state, then create with the next review state) from 64 concurrent callers, each its
// own learner: go test ./store -bench CreateAttempt -benchmem.
func BenchmarkCreateAttempt(b *testing.B) { benchCreate(b, MustOpenDB(b)) }

func benchCreate(b *testing.B, db *store.DB) {
	ctx := context.Background()
	v := MustBankQuestion(b, db, "q", "timers", 1)
	svc := store.NewAttemptService(db)
	practice := &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler()}
	var next atomic.Int64
	b.SetParallelism(32) // 64 callers on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		l := MustCreateLearner(b, db, fmt.Sprintf("bench-%d", next.Add(1)))
		for pb.Next() {
			st, err := svc.AttemptState(ctx, l.ID, v.QuestionID)
			if err != nil {
				b.Fatal(err)
			}
			a := newAttempt(l.ID, v, st.Count+1, "")
			a.Review = practice.Review(st.Review, a.Grade, 0, time.Now())
			if _, err := svc.CreateAttempt(ctx, a); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestAttemptStateCacheMatchesDatabase follows a learner through attempts with and
// without review states, and a collision, and after each step compares the state the
// service answers from its cache with what a second connection to the same file reads.
func TestAttemptStateCacheMatchesDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := newLocation(t)
	db, err := store.Open(ctx, path)
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 3, 1, 9, 0, 0, 123456789, time.UTC)
	db.Now = func() time.Time { return now }
	v := MustBankQuestion(t, db, "q", "timers", 1)
	l := MustCreateLearner(t, db, "l")
	svc := store.NewAttemptService(db)
	practice := &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler()}

	check := func(step string) {
		t.Helper()
		fresh, err := store.Open(ctx, path)
		require.NoError(t, err)
		defer fresh.Close()
		want, err := store.NewAttemptService(fresh).AttemptState(ctx, l.ID, v.QuestionID)
		require.NoError(t, err)
		got, err := svc.AttemptState(ctx, l.ID, v.QuestionID)
		require.NoError(t, err)
		assert.Equal(t, want, got, step)
	}
	check("before any attempt")
	for i, score := range []float64{0, 1, 0.5, 1} {
		st, err := svc.AttemptState(ctx, l.ID, v.QuestionID)
		require.NoError(t, err)
		a := newAttempt(l.ID, v, st.Count+1, "")
		a.Score = score
		if i != 2 { // the third attempt carries no review state
			a.Review = practice.Review(st.Review, a.Grade, i, now)
		}
		_, err = svc.CreateAttempt(ctx, a)
		require.NoError(t, err)
		check(fmt.Sprintf("after attempt %d", i+1))
		now = now.Add(36 * time.Hour)
	}
	_, err = svc.CreateAttempt(ctx, newAttempt(l.ID, v, 2, "")) // a stale attempt number
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	check("after a collision")
}

// TestGradeDetailsStoredOnce: attempts with the same grade details share one stored
// copy (migration 00012), each attempt reads back its own details, a conflicting
// attempt's new details do not disturb anything, and the details survive migrating
// down (back into the attempt's row) and up again (read from the row).
func TestGradeDetailsStoredOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := newLocation(t)
	db, err := store.Open(ctx, path)
	require.NoError(t, err)
	defer db.Close()
	v := MustBankQuestion(t, db, "q", "timers", 1)
	svc := store.NewAttemptService(db)
	raw := openRaw(t, path)
	count := func(query string) int {
		t.Helper()
		var n int
		require.NoError(t, raw.QueryRowContext(ctx, query).Scan(&n))
		return n
	}

	explanations := []string{"same", "same", "other", "same"}
	var ids []int64
	for i, text := range explanations {
		a := newAttempt(MustCreateLearner(t, db, fmt.Sprintf("d%d", i)).ID, v, 1, "")
		a.Grade.Explanation = quiz.Text{EN: text, VI: text + " (vi)"}
		_, err := svc.CreateAttempt(ctx, a)
		require.NoError(t, err)
		ids = append(ids, a.ID)
	}
	late := newAttempt(MustCreateLearner(t, db, "late").ID, v, 1, "")
	_, err = svc.CreateAttempt(ctx, late)
	require.NoError(t, err)
	late.Grade.Explanation = quiz.Text{EN: "conflict"}
	_, err = svc.CreateAttempt(ctx, late) // same attempt number again
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))

	// The conflicting attempt's new details: SQLite undoes only the failed statement and
	// keeps them (unused); PostgreSQL rolls them back with the attempt.
	stored := map[store.Engine]int{store.SQLite: 4, store.Postgres: 3}[testEngine]
	assert.Equal(t, stored, count(`SELECT COUNT(*) FROM grade_details`), "same, other, ok (late's first) and conflict")
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM attempts WHERE grade <> '' OR length(detail_digest) <> 32`))
	readBack := func(step string) {
		t.Helper()
		for i, id := range ids {
			a, err := svc.FindAttemptByID(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, quiz.Text{EN: explanations[i], VI: explanations[i] + " (vi)"}, a.Grade.Explanation, step)
			assert.JSONEq(t, `{"divergence":null,"step":0,"explanation":{"en":"`+explanations[i]+`","vi":"`+explanations[i]+` (vi)"},"expected":null}`,
				string(a.Detail), step)
		}
	}
	readBack("stored")

	for done := false; !done; { // down through migration 00012, whatever came after it
		lines, err := db.Migrate(ctx, "down")
		require.NoError(t, err)
		require.Len(t, lines, 1)
		done = strings.Contains(lines[0], "00012_")
	}
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM attempts WHERE CAST(grade AS TEXT) NOT LIKE '{"divergence":null,%'`), "details moved back into the rows")
	_, err = db.Migrate(ctx, "up")
	require.NoError(t, err)
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM grade_details`))
	readBack("after down and up")

	again := newAttempt(MustCreateLearner(t, db, "again").ID, v, 1, "")
	again.Grade.Explanation = quiz.Text{EN: "same", VI: "same (vi)"} // stored before Down dropped its row
	_, err = svc.CreateAttempt(ctx, again)
	require.NoError(t, err)
	got, err := svc.FindAttemptByID(ctx, again.ID)
	require.NoError(t, err)
	assert.Equal(t, again.Grade.Explanation, got.Grade.Explanation)
	assert.Equal(t, 1, count(`SELECT COUNT(*) FROM grade_details`))
}
