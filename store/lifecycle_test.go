package store_test

import (
	"context"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQuestionLifecycle: an unpublished question has no version learners answer, is not
// due, keeps its attempts, and comes back without a new version when published
// unchanged; an archived one is out of the default lists; the bank's start does not
// undo an unpublish; deleting removes a question nobody answered and withdraws one that
// someone did, for good, keeping its attempts and freeing its slug.
func TestQuestionLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := MustOpenDB(t)
	qs, as, ps := store.NewQuestionService(db), store.NewAttemptService(db), store.NewPracticeService(db)
	q := &quiz.Question{Slug: "life", OwnerID: 1, Content: orderContent("life")}
	require.NoError(t, qs.CreateQuestion(ctx, q))
	v, err := qs.PublishQuestion(ctx, q.ID, q.Content)
	require.NoError(t, err)
	l := MustCreateLearner(t, db, "life-1")
	a := newAttempt(l.ID, v, 1, "")
	a.Review = &quiz.ReviewState{Difficulty: 5, Stability: 1, Reps: 1, LastRating: quiz.Good, Due: fixedNow}
	_, err = as.CreateAttempt(ctx, a)
	require.NoError(t, err)
	due := func() int {
		r, err := ps.FindReviews(ctx, l.ID)
		require.NoError(t, err)
		return len(r)
	}
	require.Equal(t, 1, due())

	_, err = qs.SetQuestionStatus(ctx, q.ID, quiz.StatusDraft, quiz.StatusUnpublished)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err), "a compare-and-set on the status")
	got, err := qs.SetQuestionStatus(ctx, q.ID, quiz.StatusPublished, quiz.StatusUnpublished)
	require.NoError(t, err)
	assert.Equal(t, quiz.StatusUnpublished, got.Status)
	_, err = qs.FindVersion(ctx, q.ID, 0)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "learners answer no version of it")
	assert.Zero(t, due(), "not due")
	kept, err := as.FindAttemptByID(ctx, a.ID)
	require.NoError(t, err)
	assert.Equal(t, 1.0, kept.Score, "its attempt and grade are kept")
	listed := func(f quiz.QuestionFilter) bool {
		f.Limit = 50
		all, err := qs.FindQuestions(ctx, f)
		require.NoError(t, err)
		for _, x := range all {
			if x.ID == q.ID {
				return true
			}
		}
		return false
	}
	assert.False(t, listed(quiz.QuestionFilter{Status: quiz.StatusPublished}))
	assert.True(t, listed(quiz.QuestionFilter{OwnerID: 1}), "its author still lists it")
	assert.False(t, listed(quiz.QuestionFilter{OwnerID: 2}), "others do not")

	// Published again unchanged: listed, no new version.
	again, err := qs.PublishQuestion(ctx, q.ID, q.Content)
	require.NoError(t, err)
	assert.Equal(t, 1, again.Version)
	live, err := qs.FindVersion(ctx, q.ID, 0)
	require.NoError(t, err)
	assert.Equal(t, v.ID, live.ID)
	assert.Equal(t, 1, due())
	_, err = qs.PublishQuestion(ctx, q.ID, q.Content)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err), "nothing changed since version 1")

	// Archived: out of the default lists, read-only.
	_, err = qs.SetQuestionStatus(ctx, q.ID, quiz.StatusPublished, quiz.StatusArchived)
	require.NoError(t, err)
	assert.False(t, listed(quiz.QuestionFilter{OwnerID: 1}))
	assert.False(t, listed(quiz.QuestionFilter{AllDrafts: true}))
	assert.True(t, listed(quiz.QuestionFilter{OwnerID: 1, Status: quiz.StatusArchived}))
	_, err = qs.PublishQuestion(ctx, q.ID, q.Content)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err), "an archived question is not published")

	// Deleted with an attempt: withdrawn for good, the attempt kept, the slug free.
	removed, err := qs.DeleteQuestion(ctx, q.ID)
	require.NoError(t, err)
	assert.False(t, removed)
	gone, err := qs.FindQuestionByID(ctx, q.ID)
	require.NoError(t, err)
	assert.Equal(t, quiz.StatusDeleted, gone.Status)
	assert.False(t, (quiz.Principal{Role: quiz.RoleAdmin}).CanSee(gone))
	_, err = as.FindAttemptByID(ctx, a.ID)
	require.NoError(t, err)
	_, err = qs.DeleteQuestion(ctx, q.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
	reuse := &quiz.Question{Slug: "life", OwnerID: 1, Content: orderContent("life again")}
	require.NoError(t, qs.CreateQuestion(ctx, reuse), "the slug is free again")

	// Deleted with no attempt: gone with its versions.
	_, err = qs.PublishQuestion(ctx, reuse.ID, reuse.Content)
	require.NoError(t, err)
	removed, err = qs.DeleteQuestion(ctx, reuse.ID)
	require.NoError(t, err)
	assert.True(t, removed)
	_, err = qs.FindQuestionByID(ctx, reuse.ID)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
	vs, err := qs.FindVersions(ctx, reuse.ID)
	require.NoError(t, err)
	assert.Empty(t, vs)

	// A bank question an admin unpublished stays so when the bank is loaded again, with
	// its file's change published as a new version.
	bv := MustBankQuestion(t, db, "bank-life", "timers", 1)
	_, err = qs.SetQuestionStatus(ctx, bv.QuestionID, quiz.StatusPublished, quiz.StatusUnpublished)
	require.NoError(t, err)
	changed := orderContent("bank-life, edited")
	nv, created, err := qs.SyncBankQuestion(ctx, "bank-life", changed)
	require.NoError(t, err)
	assert.True(t, created)
	assert.Equal(t, 2, nv.Version)
	bq, err := qs.FindQuestionByID(ctx, bv.QuestionID)
	require.NoError(t, err)
	assert.Equal(t, quiz.StatusUnpublished, bq.Status)
	vs, err = qs.FindVersions(ctx, bv.QuestionID)
	require.NoError(t, err)
	assert.Len(t, vs, 2)
}
