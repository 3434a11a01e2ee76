package quiz

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestJoinCode(t *testing.T) {
	t.Parallel()
	for range 50 {
		code := NewJoinCode()
		assert.Regexp(t, `^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$`, code)
		got, ok := JoinCode(" " + code[:2] + " " + code[2:] + " ")
		assert.True(t, ok)
		assert.Equal(t, code, got)
	}
	for typed, want := range map[string]string{"k7qm2xwd": "K7QM-2XWD", "K7QM - 2XWD": "K7QM-2XWD", "K7QM-2XW": "", "K7QM-2XW0": "", "K7QM-2XWD!": ""} {
		got, ok := JoinCode(typed)
		assert.Equal(t, want != "", ok, typed)
		assert.Equal(t, want, got, typed)
	}
}

func TestLifecycleActions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		action  Action
		status  Status
		version int
		want    Status
	}{
		{ActionUnpublish, StatusPublished, 1, StatusUnpublished},
		{ActionUnpublish, StatusDraft, 0, ""},
		{ActionArchive, StatusDraft, 0, StatusArchived},
		{ActionArchive, StatusUnpublished, 2, StatusArchived},
		{ActionArchive, StatusArchived, 2, ""},
		{ActionRestore, StatusArchived, 0, StatusDraft},
		{ActionRestore, StatusArchived, 3, StatusUnpublished},
		{ActionRestore, StatusPublished, 3, ""},
	} {
		got, err := tc.action.Next(&Question{ID: 1, Status: tc.status, Version: tc.version})
		assert.Equal(t, tc.want, got, "%s from %s", tc.action, tc.status)
		if tc.want == "" {
			assert.Equal(t, ECONFLICT, ErrorCode(err))
		}
	}
}

func TestAssessmentAdmitsAndGrades(t *testing.T) {
	t.Parallel()
	opens := time.Date(2026, 9, 7, 8, 0, 0, 0, time.UTC)
	a := &Assessment{ID: 5, ClassID: 3, Title: "Week 1", OpensAt: opens, ClosesAt: opens.Add(time.Hour), AttemptsAllowed: 2, QuestionIDs: []int64{10, 11}}
	req := &AttemptRequest{LearnerID: 7, QuestionID: 10, AssessmentID: 5}
	open := opens.Add(time.Minute)
	assert.NoError(t, AdmitAttempt(a, req, true, 1, open))
	assert.Equal(t, ECONFLICT, ErrorCode(AdmitAttempt(a, req, true, 2, open)), "the attempts allowed are used")
	assert.Equal(t, EFORBIDDEN, ErrorCode(AdmitAttempt(a, req, false, 0, open)))
	assert.Equal(t, ECONFLICT, ErrorCode(AdmitAttempt(a, req, true, 0, opens.Add(-time.Second))))
	assert.Equal(t, ECONFLICT, ErrorCode(AdmitAttempt(a, req, true, 0, a.ClosesAt)))
	assert.Equal(t, EINVALID, ErrorCode(AdmitAttempt(a, &AttemptRequest{LearnerID: 7, QuestionID: 12, AssessmentID: 5}, true, 0, open)))
	a.AttemptsAllowed = 0
	assert.NoError(t, AdmitAttempt(a, req, true, 50, open), "0: no limit")

	b := &Assessment{ID: 6, QuestionIDs: []int64{10}}
	book := NewGradebook(3, []ClassMember{{Learner: &Learner{ID: 7, Name: "Ann"}}, {Learner: &Learner{ID: 8, Name: "Bob"}}}, []*Assessment{a, b},
		[]AssessmentResult{{AssessmentID: 5, LearnerID: 7, QuestionID: 10, Attempts: 2, BestScore: 1}, {AssessmentID: 6, LearnerID: 8, QuestionID: 10, Attempts: 1, BestScore: 0.5}})
	assert.Equal(t, []float64{0.5, 0}, book.Rows[0].Scores)
	assert.Equal(t, []int{2, 0}, book.Rows[0].Attempts)
	assert.InDelta(t, 0.25, book.Rows[0].Total, 1e-9)
	assert.Equal(t, []float64{0, 0.5}, book.Rows[1].Scores)
	assert.Equal(t, "Bob", book.Rows[1].Name)
}
