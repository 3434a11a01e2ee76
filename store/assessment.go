package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/looplab/looplab/quiz"
)

// AssessmentService implements quiz.AssessmentService.
type AssessmentService struct{ db *DB }

var _ quiz.AssessmentService = (*AssessmentService)(nil)

// NewAssessmentService returns the assessment service of db.
func NewAssessmentService(db *DB) *AssessmentService { return &AssessmentService{db: db} }

const assessmentColumns = `id, class_id, title, opens_at, closes_at, attempts_allowed, created_at, updated_at`

func scanAssessment(row scanner) (*quiz.Assessment, error) {
	var a quiz.Assessment
	var opens, closes, created, updated string
	if err := row.Scan(&a.ID, &a.ClassID, &a.Title, &opens, &closes, &a.AttemptsAllowed, &created, &updated); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan assessment: %w", err)
	}
	a.OpensAt, a.ClosesAt, a.CreatedAt, a.UpdatedAt = parseTime(opens), parseTime(closes), parseTime(created), parseTime(updated)
	return &a, nil
}

// CreateAssessment implements quiz.AssessmentService.
func (s *AssessmentService) CreateAssessment(ctx context.Context, a *quiz.Assessment) error {
	if err := a.Validate(); err != nil {
		return err
	}
	now := s.db.now()
	return s.db.inTx(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO assessments (class_id, title, opens_at, closes_at, attempts_allowed, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, a.ClassID, a.Title, formatTime(a.OpensAt), formatTime(a.ClosesAt),
			a.AttemptsAllowed, now, now).Scan(&a.ID)
		if isForeignKey(err) {
			return quiz.Errorf(quiz.ENOTFOUND, "Class %d not found.", a.ClassID)
		}
		if err != nil {
			return fmt.Errorf("create assessment: %w", err)
		}
		a.CreatedAt, a.UpdatedAt = parseTime(now), parseTime(now)
		return insertAssessmentQuestions(ctx, tx, a)
	})
}

// insertAssessmentQuestions stores a's questions in tx, in order.
func insertAssessmentQuestions(ctx context.Context, tx *Tx, a *quiz.Assessment) error {
	for i, q := range a.QuestionIDs {
		_, err := tx.ExecContext(ctx, `INSERT INTO assessment_questions (assessment_id, position, question_id) VALUES (?, ?, ?)`, a.ID, i, q)
		if isForeignKey(err) {
			return &quiz.Error{Code: quiz.ENOTFOUND, Message: fmt.Sprintf("Question %d not found.", q),
				Fields: []quiz.FieldError{{Field: fmt.Sprintf("question_ids[%d]", i), Message: "is not a question"}}}
		}
		if err != nil {
			return fmt.Errorf("assessment questions: %w", err)
		}
	}
	return nil
}

// FindAssessmentByID implements quiz.AssessmentService.
func (s *AssessmentService) FindAssessmentByID(ctx context.Context, id int64) (*quiz.Assessment, error) {
	a, err := scanAssessment(s.db.queryRow(ctx, s.db.read, `SELECT `+assessmentColumns+` FROM assessments WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Assessment %d not found.", id)
	}
	if err != nil {
		return nil, err
	}
	return a, s.withQuestions(ctx, []*quiz.Assessment{a})
}

// ClassAssessments implements quiz.AssessmentService.
func (s *AssessmentService) ClassAssessments(ctx context.Context, classID int64) ([]*quiz.Assessment, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+assessmentColumns+` FROM assessments WHERE class_id = ? ORDER BY opens_at, id`, classID)
	if err != nil {
		return nil, fmt.Errorf("class assessments: %w", err)
	}
	out := []*quiz.Assessment{}
	for rows.Next() {
		a, err := scanAssessment(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.withQuestions(ctx, out)
}

// withQuestions fills in the questions of each assessment.
func (s *AssessmentService) withQuestions(ctx context.Context, as []*quiz.Assessment) error {
	for _, a := range as {
		ids, err := queryInts(ctx, s.db, `SELECT question_id FROM assessment_questions WHERE assessment_id = ? ORDER BY position`, a.ID)
		if err != nil {
			return fmt.Errorf("assessment questions: %w", err)
		}
		a.QuestionIDs = ids
	}
	return nil
}

// queryInts runs a query of one integer column.
func queryInts(ctx context.Context, db *DB, query string, args ...any) ([]int64, error) {
	rows, err := db.query(ctx, db.read, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// UpdateAssessment implements quiz.AssessmentService.
func (s *AssessmentService) UpdateAssessment(ctx context.Context, a *quiz.Assessment) error {
	if err := a.Validate(); err != nil {
		return err
	}
	now := s.db.now()
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE assessments SET title = ?, opens_at = ?, closes_at = ?, attempts_allowed = ?, updated_at = ?
			WHERE id = ?`, a.Title, formatTime(a.OpensAt), formatTime(a.ClosesAt), a.AttemptsAllowed, now, a.ID)
		if err != nil {
			return fmt.Errorf("update assessment: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return quiz.Errorf(quiz.ENOTFOUND, "Assessment %d not found.", a.ID)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM assessment_questions WHERE assessment_id = ?`, a.ID); err != nil {
			return fmt.Errorf("update assessment: %w", err)
		}
		a.UpdatedAt = parseTime(now)
		return insertAssessmentQuestions(ctx, tx, a)
	})
}

// DeleteAssessment implements quiz.AssessmentService.
func (s *AssessmentService) DeleteAssessment(ctx context.Context, id int64) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var answered int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM attempts WHERE assessment_id = ?`, id).Scan(&answered); err != nil {
			return fmt.Errorf("delete assessment: %w", err)
		}
		if answered > 0 {
			return quiz.Errorf(quiz.ECONFLICT, "Assessment %d has %d attempts, which the gradebook counts: close it (set closes_at) instead.", id, answered)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM assessment_questions WHERE assessment_id = ?`, id); err != nil {
			return fmt.Errorf("delete assessment: %w", err)
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM assessments WHERE id = ?`, id)
		if err != nil {
			return fmt.Errorf("delete assessment: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return quiz.Errorf(quiz.ENOTFOUND, "Assessment %d not found.", id)
		}
		return nil
	})
}

// AssessmentAttempts implements quiz.AssessmentService.
func (s *AssessmentService) AssessmentAttempts(ctx context.Context, assessmentID, learnerID, questionID int64) (int, error) {
	var n int
	err := s.db.queryRow(ctx, s.db.read, `SELECT COUNT(*) FROM attempts WHERE assessment_id = ? AND learner_id = ? AND question_id = ?`,
		assessmentID, learnerID, questionID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("assessment attempts: %w", err)
	}
	return n, nil
}

// IsMember implements quiz.AssessmentService.
func (s *AssessmentService) IsMember(ctx context.Context, classID, learnerID int64) (bool, error) {
	var one int
	err := s.db.queryRow(ctx, s.db.read, `SELECT 1 FROM class_members WHERE class_id = ? AND learner_id = ?`, classID, learnerID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("class member: %w", err)
	}
	return true, nil
}

// AssessmentResults implements quiz.AssessmentService.
func (s *AssessmentService) AssessmentResults(ctx context.Context, classID int64) ([]quiz.AssessmentResult, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT a.assessment_id, a.learner_id, a.question_id, COUNT(*), MAX(a.score)
		FROM attempts a JOIN assessments s ON s.id = a.assessment_id WHERE s.class_id = ?
		GROUP BY a.assessment_id, a.learner_id, a.question_id ORDER BY a.assessment_id, a.learner_id, a.question_id`, classID)
	if err != nil {
		return nil, fmt.Errorf("assessment results: %w", err)
	}
	defer rows.Close()
	out := []quiz.AssessmentResult{}
	for rows.Next() {
		var r quiz.AssessmentResult
		if err := rows.Scan(&r.AssessmentID, &r.LearnerID, &r.QuestionID, &r.Attempts, &r.BestScore); err != nil {
			return nil, fmt.Errorf("assessment results: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
