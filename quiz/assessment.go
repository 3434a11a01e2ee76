package quiz

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Assessment is a set of questions a class answers between two dates, each question at
// most AttemptsAllowed times (0: no limit). An attempt made for it names it
// (AttemptRequest.AssessmentID); the class's gradebook counts those attempts only: a
// learner's score on it is the mean over its questions of their best score there (0
// for a question not answered).
type Assessment struct {
	ID              int64     `json:"id"`
	ClassID         int64     `json:"class_id"`
	Title           string    `json:"title"`
	OpensAt         time.Time `json:"opens_at"`
	ClosesAt        time.Time `json:"closes_at"`
	AttemptsAllowed int       `json:"attempts_allowed"`
	QuestionIDs     []int64   `json:"question_ids"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

// Assessment bounds.
const (
	MaxAssessmentQuestions = 100
	MaxAttemptsAllowed     = 100
)

// Validate normalises the assessment (trimmed title, times in UTC to the second) and
// reports every invalid field.
func (a *Assessment) Validate() error {
	var fe fieldErrors
	a.Title = strings.TrimSpace(a.Title)
	a.OpensAt, a.ClosesAt = a.OpensAt.UTC().Truncate(time.Second), a.ClosesAt.UTC().Truncate(time.Second)
	switch n := utf8.RuneCountInString(a.Title); {
	case n == 0:
		fe.add("title", "is required")
	case n > 200:
		fe.add("title", "must be at most 200 characters")
	}
	switch {
	case a.OpensAt.IsZero():
		fe.add("opens_at", "is required (RFC 3339: 2026-09-01T08:00:00Z)")
	case a.ClosesAt.IsZero():
		fe.add("closes_at", "is required (RFC 3339: 2026-09-08T23:59:00Z)")
	case !a.ClosesAt.After(a.OpensAt):
		fe.add("closes_at", "must be after opens_at")
	}
	if a.AttemptsAllowed < 0 || a.AttemptsAllowed > MaxAttemptsAllowed {
		fe.add("attempts_allowed", "must be between 0 (no limit) and %d", MaxAttemptsAllowed)
	}
	switch {
	case len(a.QuestionIDs) == 0:
		fe.add("question_ids", "must list at least one question")
	case len(a.QuestionIDs) > MaxAssessmentQuestions:
		fe.add("question_ids", "must list at most %d questions", MaxAssessmentQuestions)
	}
	seen := map[int64]bool{}
	for i, id := range a.QuestionIDs {
		if id <= 0 || seen[id] {
			fe.add(fmt.Sprintf("question_ids[%d]", i), "must be a question id, listed once")
		}
		seen[id] = true
	}
	return Invalid("The assessment is invalid.", fe)
}

// The states of an assessment at a time.
const (
	AssessmentUpcoming = "upcoming"
	AssessmentOpen     = "open"
	AssessmentClosed   = "closed"
)

// State is the assessment's state at now: upcoming before OpensAt, open until ClosesAt,
// closed from then on.
func (a *Assessment) State(now time.Time) string {
	switch {
	case now.Before(a.OpensAt):
		return AssessmentUpcoming
	case now.Before(a.ClosesAt):
		return AssessmentOpen
	}
	return AssessmentClosed
}

// AssessmentService stores assessments and counts the attempts made for them.
type AssessmentService interface {
	// CreateAssessment stores a (validated) and sets its ID and times. ENOTFOUND when a
	// question does not exist.
	CreateAssessment(ctx context.Context, a *Assessment) error
	// FindAssessmentByID returns ENOTFOUND if there is no such assessment.
	FindAssessmentByID(ctx context.Context, id int64) (*Assessment, error)
	// ClassAssessments lists a class's assessments, by opening time.
	ClassAssessments(ctx context.Context, classID int64) ([]*Assessment, error)
	// UpdateAssessment stores a's fields (validated). ENOTFOUND if there is no such
	// assessment or a question does not exist.
	UpdateAssessment(ctx context.Context, a *Assessment) error
	// DeleteAssessment deletes an assessment nobody answered. ECONFLICT when attempts
	// were made for it (their grades are the gradebook's): close it instead.
	DeleteAssessment(ctx context.Context, id int64) error
	// AssessmentAttempts counts a learner's attempts at a question made for an assessment.
	AssessmentAttempts(ctx context.Context, assessmentID, learnerID, questionID int64) (int, error)
	// IsMember reports whether a learner is a member of a class.
	IsMember(ctx context.Context, classID, learnerID int64) (bool, error)
	// AssessmentResults returns, for every attempt made for the class's assessments,
	// one row per (assessment, learner, question): the attempts and the best score.
	AssessmentResults(ctx context.Context, classID int64) ([]AssessmentResult, error)
}

// AssessmentResult is a learner's attempts at one question of an assessment.
type AssessmentResult struct {
	AssessmentID int64   `json:"assessment_id"`
	LearnerID    int64   `json:"learner_id"`
	QuestionID   int64   `json:"question_id"`
	Attempts     int     `json:"attempts"`
	BestScore    float64 `json:"best_score"`
}

// AdmitAttempt refuses an attempt made for assessment a that a does not take: the
// question not in it, the learner not in its class (isMember), outside its dates at
// now, or past its attempts allowed (used: the learner's attempts at the question made
// for it so far).
func AdmitAttempt(a *Assessment, req *AttemptRequest, isMember bool, used int, now time.Time) error {
	if !slices.Contains(a.QuestionIDs, req.QuestionID) {
		return &Error{Code: EINVALID, Message: "The attempt is invalid.", Fields: []FieldError{{Field: "assessment_id",
			Message: fmt.Sprintf("assessment %d does not hold question %d", a.ID, req.QuestionID)}}}
	}
	if !isMember {
		return Errorf(EFORBIDDEN, "Learner %d is not in the class of assessment %d.", req.LearnerID, a.ID)
	}
	switch a.State(now) {
	case AssessmentUpcoming:
		return Errorf(ECONFLICT, "Assessment %q opens at %s; answer it then.", a.Title, a.OpensAt.Format(time.RFC3339))
	case AssessmentClosed:
		return Errorf(ECONFLICT, "Assessment %q closed at %s; it takes no more answers.", a.Title, a.ClosesAt.Format(time.RFC3339))
	}
	if a.AttemptsAllowed > 0 && used >= a.AttemptsAllowed {
		return Errorf(ECONFLICT, "All %d attempts allowed at this question of assessment %q are used.", a.AttemptsAllowed, a.Title)
	}
	return nil
}

// GradebookRow is one learner of a class in its gradebook: their score on each
// assessment (in the order of Gradebook.Assessments) and the mean of those scores.
type GradebookRow struct {
	LearnerID int64     `json:"learner_id"`
	Name      string    `json:"name"`
	Scores    []float64 `json:"scores"`
	Attempts  []int     `json:"attempts"`
	Total     float64   `json:"total"`
}

// Gradebook is a class's grades: its assessments, and a row per learner.
type Gradebook struct {
	ClassID     int64          `json:"class_id"`
	Assessments []*Assessment  `json:"assessments"`
	Rows        []GradebookRow `json:"rows"`
}

// NewGradebook computes the gradebook of a class's members from the results of its
// assessments: a learner's score on an assessment is the mean over its questions of the
// best score of the attempts made for it (0 for a question not answered), and the total
// the mean of the assessments' scores.
func NewGradebook(classID int64, members []ClassMember, assessments []*Assessment, results []AssessmentResult) Gradebook {
	type key struct{ a, l, q int64 }
	best := map[key]AssessmentResult{}
	for _, r := range results {
		best[key{r.AssessmentID, r.LearnerID, r.QuestionID}] = r
	}
	g := Gradebook{ClassID: classID, Assessments: assessments, Rows: make([]GradebookRow, len(members))}
	for i, m := range members {
		row := GradebookRow{LearnerID: m.ID, Name: m.Name, Scores: make([]float64, len(assessments)), Attempts: make([]int, len(assessments))}
		for j, a := range assessments {
			for _, q := range a.QuestionIDs {
				r := best[key{a.ID, m.ID, q}]
				row.Scores[j] += r.BestScore
				row.Attempts[j] += r.Attempts
			}
			row.Scores[j] /= float64(len(a.QuestionIDs))
			row.Total += row.Scores[j]
		}
		if len(assessments) > 0 {
			row.Total /= float64(len(assessments))
		}
		g.Rows[i] = row
	}
	return g
}
