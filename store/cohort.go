package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// CohortService implements quiz.CohortService.
type CohortService struct{ db *DB }

var _ quiz.CohortService = (*CohortService)(nil)

// NewCohortService returns the cohort service of db.
func NewCohortService(db *DB) *CohortService { return &CohortService{db: db} }

// ContextLearners implements quiz.CohortService: the learners with a grade target at a
// link of the course.
func (s *CohortService) ContextLearners(ctx context.Context, contextID int64) ([]*quiz.Learner, error) {
	var one int
	if err := s.db.queryRow(ctx, s.db.read, `SELECT 1 FROM lti_contexts WHERE id = ?`, contextID).Scan(&one); err != nil {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "LMS course %d not found.", contextID)
	}
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+learnerColumns+` FROM learners WHERE id IN
		(SELECT g.learner_id FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id WHERE l.context_ref = ?) ORDER BY id`, contextID)
	if err != nil {
		return nil, fmt.Errorf("context learners: %w", err)
	}
	defer rows.Close()
	out := []*quiz.Learner{}
	for rows.Next() {
		l, err := scanLearner(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// CohortAttempts implements quiz.CohortService.
func (s *CohortService) CohortAttempts(ctx context.Context, learnerIDs []int64) ([]*quiz.Attempt, error) {
	out := []*quiz.Attempt{}
	for len(learnerIDs) > 0 { // at most 200 parameters a query
		batch := learnerIDs[:min(200, len(learnerIDs))]
		learnerIDs = learnerIDs[len(batch):]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		// Not prepared (the text varies with the batch's size), but in the database's
		// dialect: PostgreSQL numbers its placeholders.
		query := `SELECT ` + attemptColumns + attemptFrom + ` WHERE a.learner_id IN (?` + strings.Repeat(", ?", len(batch)-1) + `) ORDER BY a.id`
		rows, err := s.db.read.QueryContext(ctx, s.db.sql(query), s.db.args(args)...)
		if err != nil {
			return nil, fmt.Errorf("cohort attempts: %w", err)
		}
		for rows.Next() {
			a, err := scanAttempt(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, a)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
