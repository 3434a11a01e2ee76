package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// MustBankQuestion stores and publishes a minimal question of a topic.
func MustBankQuestion(tb testing.TB, db *store.DB, slug, topic string, difficulty int) *quiz.QuestionVersion {
	tb.Helper()
	c := orderContent(slug)
	c.Topic, c.Difficulty = topic, difficulty
	v, _, err := store.NewQuestionService(db).SyncBankQuestion(context.Background(), slug, c)
	require.NoError(tb, err)
	return v
}

// TestSchedulerSixtyDays runs a simulated learner for 60 virtual days against a real
// database: every day they answer what `next` returns; one question they keep knowing,
// one they forget on day 20. Intervals grow after successes and shrink after the lapse,
// and `next` returns the due reviews before any new question.
func TestSchedulerSixtyDays(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	learner := MustCreateLearner(t, db, "sim-learner")
	versions := map[int64]*quiz.QuestionVersion{}
	for i, topic := range []string{"timers", "timers", "threadpool", "threadpool", "phases", "phases", "phases", "chunking"} {
		v := MustBankQuestion(t, db, fmt.Sprintf("q%d", i), topic, 1+i%3)
		versions[v.QuestionID] = v
	}
	attempts, practice := store.NewAttemptService(db), &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler()}
	start := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
	now := start
	db.Now = func() time.Time { return now }

	attemptNo := map[int64]int{}
	intervals := map[int64][]time.Duration{} // question -> interval after each review
	forgotten, lapsed := int64(0), false
	sawDueBeforeNew := false
	for d := 0; d < 60; d++ {
		now = start.Add(time.Duration(d) * 24 * time.Hour)
		items, err := practice.Next(ctx, learner.ID, now, 4)
		require.NoError(t, err)
		require.NotEmpty(t, items, "day %d", d)
		seenNew, sawDue := false, false
		for _, it := range items {
			switch it.Reason {
			case "due":
				assert.False(t, seenNew, "day %d: a due review comes after a new question", d)
				require.NotNil(t, it.Due)
				assert.False(t, it.Due.After(now))
				sawDue = true
			case "new":
				seenNew = true
				sawDueBeforeNew = sawDueBeforeNew || sawDue
			}
		}
		newToday := 0
		for _, it := range items {
			// The learner answers every due review and one new question a day, and
			// practises ahead (the first item) on days with neither.
			if it.Reason == "ahead" && it != items[0] || it.Reason == "new" && newToday == 1 {
				continue
			}
			if it.Reason == "new" {
				newToday++
			}
			q := it.ID
			if forgotten == 0 {
				forgotten = q
			}
			score := 1.0
			if q == forgotten && d >= 20 && !lapsed {
				score, lapsed = 0, true // the lapse: the first review from day 20 on
			}
			attemptNo[q]++
			v := versions[q]
			g := quiz.Grade{Score: score, Verdict: quiz.VerdictOf(score), Explanation: quiz.Text{EN: "x"}, Expected: json.RawMessage(`null`)}
			st, err := attempts.AttemptState(ctx, learner.ID, q)
			require.NoError(t, err)
			require.Equal(t, attemptNo[q]-1, st.Count)
			a := &quiz.Attempt{LearnerID: learner.ID, QuestionID: q, VersionID: v.ID, AttemptNo: attemptNo[q],
				Seed: 1, Answer: json.RawMessage(`[]`), Grade: g, Review: practice.Review(st.Review, g, 0, now)}
			created, err := attempts.CreateAttempt(ctx, a)
			require.NoError(t, err)
			require.True(t, created)
			reviews, err := practice.Store.FindReviews(ctx, learner.ID)
			require.NoError(t, err)
			for _, r := range reviews {
				if r.QuestionID == q {
					intervals[q] = append(intervals[q], r.Due.Sub(now))
				}
			}
		}
	}
	assert.True(t, sawDueBeforeNew, "some day listed due reviews, then new questions")

	// The forgotten question: intervals grew until the lapse, then shrank.
	iv := intervals[forgotten]
	require.GreaterOrEqual(t, len(iv), 4, "%v", iv)
	lapseAt := -1
	for i := 1; i < len(iv); i++ {
		if iv[i] < iv[i-1] && lapseAt < 0 {
			lapseAt = i
		}
	}
	require.Positive(t, lapseAt, "the lapse shrinks the interval: %v", iv)
	for i := 1; i < lapseAt; i++ {
		assert.Greater(t, iv[i], iv[i-1], "intervals grow before the lapse: %v", iv)
	}
	assert.LessOrEqual(t, iv[lapseAt], 10*time.Minute, "a lapse comes back the same session")
	for i := lapseAt + 2; i < len(iv); i++ {
		assert.Greater(t, iv[i], iv[i-1], "and grow again after it: %v", iv)
	}
	// Every other question answered right every time: strictly growing intervals.
	for q, iv := range intervals {
		if q == forgotten {
			continue
		}
		for i := 1; i < len(iv); i++ {
			assert.Greater(t, iv[i], iv[i-1], "question %d: %v", q, iv)
		}
	}

	p, err := practice.Progress(ctx, learner.ID, now)
	require.NoError(t, err)
	assert.Equal(t, 8, p.Reviewed, "every question was seen")
	assert.Len(t, p.Topics, 4)
	for _, tm := range p.Topics {
		assert.Greater(t, tm.Mastery, 0.5, tm.Topic)
		assert.LessOrEqual(t, tm.Mastery, 1.0)
	}
	assert.Equal(t, 60, p.StreakDays, "an answer every day")
	assert.Equal(t, 60, p.LongestStreakDays)
	assert.Positive(t, p.CorrectStreak)
}

// TestNextFallsBackToWeakestTopic: with nothing due, new questions come from the topic
// with the lowest mastery, easiest first; with nothing new either, the next reviews.
func TestNextFallsBackToWeakestTopic(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	learner := MustCreateLearner(t, db, "weak")
	a1 := MustBankQuestion(t, db, "a1", "alpha", 1)
	b2 := MustBankQuestion(t, db, "b2", "beta", 2)
	b1 := MustBankQuestion(t, db, "b1", "beta", 1)
	attempts := store.NewAttemptService(db)
	practice := &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler()}
	now := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	g := quiz.Grade{Score: 1, Verdict: quiz.VerdictCorrect, Expected: json.RawMessage(`null`)}
	_, err := attempts.CreateAttempt(ctx, &quiz.Attempt{LearnerID: learner.ID, QuestionID: a1.QuestionID, VersionID: a1.ID,
		AttemptNo: 1, Answer: json.RawMessage(`[]`), Grade: g, Review: practice.Review(nil, g, 0, now)})
	require.NoError(t, err)

	items, err := practice.Next(ctx, learner.ID, now.Add(time.Hour), 5)
	require.NoError(t, err)
	require.Len(t, items, 2)
	assert.Equal(t, []int64{b1.QuestionID, b2.QuestionID}, []int64{items[0].ID, items[1].ID}, "beta is weakest; easiest first")
	assert.Equal(t, "new", items[0].Reason)
	assert.Equal(t, "beta", items[0].Topic)

	for i, v := range []*quiz.QuestionVersion{b1, b2} {
		_, err := attempts.CreateAttempt(ctx, &quiz.Attempt{LearnerID: learner.ID, QuestionID: v.QuestionID, VersionID: v.ID,
			AttemptNo: 1, Answer: json.RawMessage(`[]`), Grade: g, Review: practice.Review(nil, g, i, now)})
		require.NoError(t, err)
	}
	items, err = practice.Next(ctx, learner.ID, now.Add(time.Hour), 5)
	require.NoError(t, err)
	require.Len(t, items, 3)
	for _, it := range items {
		assert.Equal(t, "ahead", it.Reason)
	}
	n, err := practice.Store.FailedAttempts(ctx, learner.ID, a1.QuestionID)
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	st, err := attempts.QuestionStats(ctx, a1.QuestionID, 5)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Attempts)
	assert.InDelta(t, 1.0, st.MeanScore, 1e-9)
}

// TestNextFollowsThePath: a new learner's new questions come step by step along the path
// (each step's topics together, easiest first), topics off the path after it; a review
// that falls due comes before them, and the path's standing names the current step.
func TestNextFollowsThePath(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	learner := MustCreateLearner(t, db, "walker")
	// Topics named so that the weakest-topic order (ties by name) would differ from the path's.
	loose := MustBankQuestion(t, db, "loose", "aardvark", 1)
	hard2 := MustBankQuestion(t, db, "hard2", "blocking", 2)
	s1b := MustBankQuestion(t, db, "s1b", "sync", 2)
	s1a := MustBankQuestion(t, db, "s1a", "sync", 1)
	s2t := MustBankQuestion(t, db, "s2t", "timers", 3)
	s2p := MustBankQuestion(t, db, "s2p", "phases", 1)
	path := &quiz.Path{Steps: []quiz.PathStep{
		{Slug: "first", Topics: []string{"sync"}},
		{Slug: "second", Topics: []string{"timers", "phases"}},
		{Slug: "third", Topics: []string{"blocking"}},
	}}
	attempts := store.NewAttemptService(db)
	practice := &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler(), Path: path}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }

	ids := func(items []quiz.NextItem) (out []int64) {
		for _, it := range items {
			out = append(out, it.ID)
		}
		return out
	}
	items, err := practice.Next(ctx, learner.ID, now, 10)
	require.NoError(t, err)
	assert.Equal(t, []int64{s1a.QuestionID, s1b.QuestionID, s2p.QuestionID, s2t.QuestionID, hard2.QuestionID, loose.QuestionID}, ids(items))
	assert.Equal(t, []string{"first", "first", "second", "second", "third", ""},
		[]string{items[0].Step, items[1].Step, items[2].Step, items[3].Step, items[4].Step, items[5].Step})
	pp, err := practice.PathProgress(ctx, learner.ID, now)
	require.NoError(t, err)
	assert.Equal(t, "first", pp.Current)
	require.Len(t, pp.Steps, 3)
	assert.Equal(t, 2, pp.Steps[1].Questions)

	// The first step answered, one of its questions wrongly: it falls due again before
	// the second step's new questions.
	for _, q := range []struct {
		v     *quiz.QuestionVersion
		score float64
	}{{s1a, 1}, {s1b, 0}} {
		g := quiz.Grade{Score: q.score, Verdict: quiz.VerdictOf(q.score), Expected: json.RawMessage(`null`)}
		_, err := attempts.CreateAttempt(ctx, &quiz.Attempt{LearnerID: learner.ID, QuestionID: q.v.QuestionID, VersionID: q.v.ID,
			AttemptNo: 1, Answer: json.RawMessage(`[]`), Grade: g, Review: practice.Review(nil, g, 0, now)})
		require.NoError(t, err)
	}
	later := now.Add(time.Hour)
	items, err = practice.Next(ctx, learner.ID, later, 3)
	require.NoError(t, err)
	assert.Equal(t, []int64{s1b.QuestionID, s2p.QuestionID, s2t.QuestionID}, ids(items))
	assert.Equal(t, "due", items[0].Reason)
	assert.Equal(t, "first", items[0].Step)
	pp, err = practice.PathProgress(ctx, learner.ID, later)
	require.NoError(t, err)
	assert.Equal(t, "second", pp.Current)
	assert.Equal(t, 2, pp.Steps[0].Attempted)
}
