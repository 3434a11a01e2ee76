package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClaimGuestKeepsHistory: a guest's attempts and review states move to the learner
// that claims it, numbered after the learner's own at the same question; the newer review
// state of a question wins; the guest is gone and cannot be claimed twice; the next
// attempt number of both questions follows on.
func TestClaimGuestKeepsHistory(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	clock := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	guests, attempts, practice := store.NewGuestService(db), store.NewAttemptService(db), store.NewPracticeService(db)
	shared, onlyGuest := MustBankQuestion(t, db, "shared", "timers", 1), MustBankQuestion(t, db, "only-guest", "timers", 1)
	learner := MustCreateLearner(t, db, "lms-1")
	guest, err := guests.CreateGuest(ctx, "vi")
	require.NoError(t, err)
	assert.True(t, guest.Guest)
	assert.Regexp(t, `^guest:[0-9a-f]{24}$`, guest.ExternalID)

	review := func(at time.Time) *quiz.ReviewState {
		return &quiz.ReviewState{Difficulty: 5, Stability: 1, Reps: 1, LastRating: quiz.Good, LastReview: at, Due: at.Add(24 * time.Hour)}
	}
	store1 := func(learnerID int64, v *quiz.QuestionVersion, no int, key string) {
		a := newAttempt(learnerID, v, no, key)
		a.Review = review(clock)
		_, err := attempts.CreateAttempt(ctx, a)
		require.NoError(t, err)
	}
	store1(learner.ID, shared, 1, "same-key")
	store1(guest.ID, shared, 1, "same-key") // the guest's review of "shared" is the newer one
	store1(guest.ID, shared, 2, "")
	store1(guest.ID, onlyGuest, 1, "")
	_, err = attempts.AttemptState(ctx, learner.ID, shared.QuestionID) // cached: the claim must refresh it
	require.NoError(t, err)

	moved, err := guests.ClaimGuest(ctx, guest.ID, learner.ID)
	require.NoError(t, err)
	assert.Equal(t, 3, moved)
	list, err := attempts.FindAttempts(ctx, quiz.AttemptFilter{LearnerID: learner.ID, Limit: 10})
	require.NoError(t, err)
	var numbers []int
	for _, a := range list {
		numbers = append(numbers, int(a.QuestionID)*100+a.AttemptNo)
	}
	assert.ElementsMatch(t, []int{int(shared.QuestionID)*100 + 1, int(shared.QuestionID)*100 + 2, int(shared.QuestionID)*100 + 3,
		int(onlyGuest.QuestionID)*100 + 1}, numbers, "the guest's attempts follow the learner's")
	st, err := attempts.AttemptState(ctx, learner.ID, shared.QuestionID)
	require.NoError(t, err)
	assert.Equal(t, 3, st.Count, "the next attempt at shared is the fourth")
	reviews, err := practice.FindReviews(ctx, learner.ID)
	require.NoError(t, err)
	require.Len(t, reviews, 2)
	for _, r := range reviews {
		for _, a := range list {
			if r.QuestionID == shared.QuestionID && a.QuestionID == shared.QuestionID && a.AttemptNo == 3 {
				assert.Equal(t, a.CreatedAt, r.LastReview, "the guest's newer review wins")
			}
		}
	}
	_, err = store.NewLearnerService(db).FindLearnerByID(ctx, guest.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "the guest is gone")
	_, err = guests.ClaimGuest(ctx, guest.ID, learner.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "a guest is claimed once")
	_, err = guests.ClaimGuest(ctx, learner.ID, learner.ID)
	assert.Equal(t, quiz.EINVALID, quiz.ErrorCode(err))
	other := MustCreateLearner(t, db, "not-a-guest")
	_, err = guests.ClaimGuest(ctx, other.ID, learner.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "only guests are claimed")
}

// TestPurgeGuests deletes the guests idle since the cut-off, with their history, and
// keeps those seen or active after it, and every learner that is not a guest.
func TestPurgeGuests(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	clock := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return clock }
	guests, attempts := store.NewGuestService(db), store.NewAttemptService(db)
	v := MustBankQuestion(t, db, "q", "timers", 1)
	idle, _ := guests.CreateGuest(ctx, "en")
	seen, _ := guests.CreateGuest(ctx, "en")
	active, _ := guests.CreateGuest(ctx, "en")
	old := MustCreateLearner(t, db, "account")
	a := newAttempt(idle.ID, v, 1, "")
	a.Review = &quiz.ReviewState{Difficulty: 5, Stability: 1, LastReview: clock, Due: clock}
	_, err := attempts.CreateAttempt(ctx, a)
	require.NoError(t, err)

	clock = clock.Add(40 * 24 * time.Hour)
	require.NoError(t, guests.SeeGuest(ctx, seen.ID))
	_, err = attempts.CreateAttempt(ctx, newAttempt(active.ID, v, 1, ""))
	require.NoError(t, err)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(guests.SeeGuest(ctx, old.ID)), "only a guest is seen")

	n, err := guests.PurgeGuests(ctx, clock.Add(-30*24*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	learners := store.NewLearnerService(db)
	for _, l := range []*quiz.Learner{seen, active, old} {
		_, err := learners.FindLearnerByID(ctx, l.ID)
		assert.NoError(t, err, l.ExternalID)
	}
	_, err = learners.FindLearnerByID(ctx, idle.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
	st, err := attempts.AttemptState(ctx, idle.ID, v.QuestionID)
	require.NoError(t, err)
	assert.Equal(t, 0, st.Count, "its attempts went with it")
}
