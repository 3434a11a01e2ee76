package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// AttemptService implements quiz.AttemptService.
type AttemptService struct{ db *DB }

var _ quiz.AttemptService = (*AttemptService)(nil)

// NewAttemptService returns the attempt service of db.
func NewAttemptService(db *DB) *AttemptService { return &AttemptService{db: db} }

const attemptColumns = `a.id, a.learner_id, a.question_id, a.version_id, v.version, a.attempt_no, a.seed, a.answer,
	a.hints_used, a.score, a.verdict, a.grade, a.misconception, a.idempotency_key, a.created_at`

const attemptFrom = ` FROM attempts a JOIN question_versions v ON v.id = a.version_id`

// gradeDetail is the part of a grade stored as JSON.
type gradeDetail struct {
	Divergence        *quiz.Divergence    `json:"divergence"`
	Step              int                 `json:"step"`
	Explanation       quiz.Text           `json:"explanation"`
	Expected          json.RawMessage     `json:"expected"`
	Rule              string              `json:"rule,omitempty"`
	RuleText          *quiz.Text          `json:"rule_text,omitempty"`
	MisconceptionText *quiz.Text          `json:"misconception_text,omitempty"`
	Options           []quiz.OptionResult `json:"options,omitempty"`
	Checks            []quiz.CheckResult  `json:"checks,omitempty"`
}

func detailOf(g *quiz.Grade) gradeDetail {
	return gradeDetail{g.Divergence, g.Step, g.Explanation, g.Expected, g.Rule, g.RuleText, g.MisconceptionText, g.Options, g.Checks}
}

func (d *gradeDetail) apply(g *quiz.Grade) {
	g.Divergence, g.Step, g.Explanation, g.Expected = d.Divergence, d.Step, d.Explanation, d.Expected
	g.Rule, g.RuleText, g.MisconceptionText, g.Options, g.Checks = d.Rule, d.RuleText, d.MisconceptionText, d.Options, d.Checks
}

// FindAttemptByID implements quiz.AttemptService.
func (s *AttemptService) FindAttemptByID(ctx context.Context, id int64) (*quiz.Attempt, error) {
	a, err := scanAttempt(s.db.queryRow(ctx, s.db.read, `SELECT `+attemptColumns+attemptFrom+` WHERE a.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Attempt %d not found.", id)
	}
	return a, err
}

// FindAttempts implements quiz.AttemptService.
func (s *AttemptService) FindAttempts(ctx context.Context, f quiz.AttemptFilter) ([]*quiz.Attempt, error) {
	var where []string
	var args []any
	if f.LearnerID != 0 {
		where, args = append(where, "a.learner_id = ?"), append(args, f.LearnerID)
	}
	if f.QuestionID != 0 {
		where, args = append(where, "a.question_id = ?"), append(args, f.QuestionID)
	}
	if f.Before != 0 {
		where, args = append(where, "a.id < ?"), append(args, f.Before)
	}
	q := `SELECT ` + attemptColumns + attemptFrom
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	rows, err := s.db.query(ctx, s.db.read, q+` ORDER BY a.id DESC LIMIT ?`, append(args, limit(f.Limit))...)
	if err != nil {
		return nil, fmt.Errorf("find attempts: %w", err)
	}
	defer rows.Close()
	out := []*quiz.Attempt{}
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// CountAttempts implements quiz.AttemptService. Attempt numbers have no gaps, so the
// highest one is the count, read from the unique index in O(log n).
func (s *AttemptService) CountAttempts(ctx context.Context, learnerID, questionID int64) (int, error) {
	var n int
	err := s.db.queryRow(ctx, s.db.read, `SELECT COALESCE(MAX(attempt_no), 0) FROM attempts WHERE learner_id = ? AND question_id = ?`,
		learnerID, questionID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	return n, nil
}

const insertAttempt = `INSERT INTO attempts (learner_id, question_id, version_id, attempt_no, seed,
		answer, hints_used, score, verdict, grade, misconception, idempotency_key, created_at,
		rv_difficulty, rv_stability, rv_reps, rv_lapses, rv_rating, rv_due)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`

// CreateAttempt implements quiz.AttemptService.
func (s *AttemptService) CreateAttempt(ctx context.Context, a *quiz.Attempt) (bool, error) {
	detail, err := json.Marshal(detailOf(&a.Grade))
	if err != nil {
		return false, fmt.Errorf("encode grade: %w", err)
	}
	var idem any
	if a.IdempotencyKey != "" {
		idem = a.IdempotencyKey
	}
	// One INSERT is atomic on its own; the unique indexes make a duplicate attempt number
	// or idempotency key fail instead of creating a second attempt. With a.Schedule, the
	// attempt carries the review state it leads to and a trigger (migration 00008) stores
	// it in review_states within the same statement.
	now := s.db.now()
	args := []any{a.LearnerID, a.QuestionID, a.VersionID, a.AttemptNo, a.Seed, string(a.Answer), a.HintsUsed, a.Score,
		a.Verdict, detail, a.Misconception, idem, now, nil, nil, nil, nil, nil, nil}
	if a.Schedule != nil {
		next, err := s.nextReview(ctx, a)
		if err != nil {
			return false, err
		}
		copy(args[13:], []any{next.Difficulty, next.Stability, next.Reps, next.Lapses, int(next.LastRating), formatTime(next.Due)})
	}
	err = s.db.queryRow(ctx, s.db.write, insertAttempt, args...).Scan(&a.ID)
	switch {
	case isUnique(err) && idem != nil:
		existing, ferr := scanAttempt(s.db.queryRow(ctx, s.db.write, `SELECT `+attemptColumns+attemptFrom+`
			WHERE a.learner_id = ? AND a.idempotency_key = ?`, a.LearnerID, idem))
		if ferr == nil {
			*a = *existing
			return false, nil
		}
		if !errors.Is(ferr, sql.ErrNoRows) {
			return false, ferr
		}
		fallthrough
	case isUnique(err):
		return false, quiz.Errorf(quiz.ECONFLICT, "Another attempt at this question was recorded at the same time; fetch the variant again.")
	case isForeignKey(err):
		return false, quiz.Errorf(quiz.ENOTFOUND, "Learner %d not found.", a.LearnerID)
	case err != nil:
		return false, fmt.Errorf("create attempt: %w", err)
	}
	a.CreatedAt = parseTime(now)
	return true, nil
}

// nextReview computes the review state an attempt leads to. The previous state is read
// from the reader pool: two attempts of one learner at one question cannot both be stored
// (their attempt numbers collide), so the state read is the one a stored attempt moves on.
func (s *AttemptService) nextReview(ctx context.Context, a *quiz.Attempt) (quiz.ReviewState, error) {
	prev, err := scanReview(s.db.queryRow(ctx, s.db.read, `SELECT `+reviewColumns+` FROM review_states r
		WHERE r.learner_id = ? AND r.question_id = ?`, a.LearnerID, a.QuestionID))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		prev = nil
	case err != nil:
		return quiz.ReviewState{}, err
	}
	return a.Schedule(prev), nil
}

func scanAttempt(row scanner) (*quiz.Attempt, error) {
	var a quiz.Attempt
	var answer, created string
	var detail []byte
	var idem sql.NullString
	err := row.Scan(&a.ID, &a.LearnerID, &a.QuestionID, &a.VersionID, &a.Version, &a.AttemptNo, &a.Seed, &answer,
		&a.HintsUsed, &a.Score, &a.Verdict, &detail, &a.Misconception, &idem, &created)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan attempt: %w", err)
	}
	var d gradeDetail
	if err := json.Unmarshal(detail, &d); err != nil {
		return nil, fmt.Errorf("decode attempt %d grade: %w", a.ID, err)
	}
	a.Answer = json.RawMessage(answer)
	d.apply(&a.Grade)
	a.IdempotencyKey = idem.String
	a.CreatedAt = parseTime(created)
	return &a, nil
}
