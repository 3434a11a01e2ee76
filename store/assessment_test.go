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

// TestAssessments: an assessment keeps its questions in order (an unknown one is refused
// on its field), counts the attempts made for it per learner and question, sums them up
// for the gradebook, and is deleted only while nobody answered it.
func TestAssessments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := MustOpenDB(t)
	cs, as, at := store.NewClassService(db), store.NewAssessmentService(db), store.NewAttemptService(db)
	c := &quiz.Class{Name: "A", OwnerKeyID: 1, MaxLearners: 10}
	require.NoError(t, cs.CreateClass(ctx, c))
	l := &quiz.Learner{Name: "Ann", Locale: "en"}
	_, err := cs.JoinClass(ctx, c.Code, l)
	require.NoError(t, err)
	v1, v2 := MustBankQuestion(t, db, "a-one", "timers", 1), MustBankQuestion(t, db, "a-two", "timers", 1)
	opens := fixedNow.Add(-time.Hour)
	a := &quiz.Assessment{ClassID: c.ID, Title: "Week 1", OpensAt: opens, ClosesAt: opens.Add(2 * time.Hour), AttemptsAllowed: 2,
		QuestionIDs: []int64{v2.QuestionID, 999999}}
	err = as.CreateAssessment(ctx, a)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
	assert.Equal(t, "question_ids[1]", quiz.ErrorFields(err)[0].Field)
	a.QuestionIDs = []int64{v2.QuestionID, v1.QuestionID}
	require.NoError(t, as.CreateAssessment(ctx, a))
	got, err := as.FindAssessmentByID(ctx, a.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{v2.QuestionID, v1.QuestionID}, got.QuestionIDs, "in order")
	assert.True(t, got.OpensAt.Equal(opens))

	for no, score := range []float64{0.25, 0.75} {
		x := newAttempt(l.ID, v2, no+1, "")
		x.AssessmentID, x.Score = a.ID, score
		_, err := at.CreateAttempt(ctx, x)
		require.NoError(t, err)
	}
	practice := newAttempt(l.ID, v1, 1, "")
	_, err = at.CreateAttempt(ctx, practice)
	require.NoError(t, err)
	n, err := as.AssessmentAttempts(ctx, a.ID, l.ID, v2.QuestionID)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	n, err = as.AssessmentAttempts(ctx, a.ID, l.ID, v1.QuestionID)
	require.NoError(t, err)
	assert.Zero(t, n, "an attempt made outside the assessment is not its")
	res, err := as.AssessmentResults(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, []quiz.AssessmentResult{{AssessmentID: a.ID, LearnerID: l.ID, QuestionID: v2.QuestionID, Attempts: 2, BestScore: 0.75}}, res)
	member, err := as.IsMember(ctx, c.ID, l.ID)
	require.NoError(t, err)
	assert.True(t, member)
	stored, err := at.FindAttemptByID(ctx, practice.ID)
	require.NoError(t, err)
	assert.Zero(t, stored.AssessmentID)

	a.QuestionIDs = []int64{v1.QuestionID}
	a.Title = "Week 1, shorter"
	require.NoError(t, as.UpdateAssessment(ctx, a))
	list, err := as.ClassAssessments(ctx, c.ID)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, []int64{v1.QuestionID}, list[0].QuestionIDs)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(as.DeleteAssessment(ctx, a.ID)), "its attempts are the gradebook's")
	empty := &quiz.Assessment{ClassID: c.ID, Title: "Week 2", OpensAt: opens, ClosesAt: opens.Add(time.Hour), QuestionIDs: []int64{v1.QuestionID}}
	require.NoError(t, as.CreateAssessment(ctx, empty))
	require.NoError(t, as.DeleteAssessment(ctx, empty.ID))
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(as.DeleteAssessment(ctx, empty.ID)))
}
