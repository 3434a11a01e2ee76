package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// LearnerService implements quiz.LearnerService.
type LearnerService struct{ db *DB }

var _ quiz.LearnerService = (*LearnerService)(nil)

// NewLearnerService returns the learner service of db.
func NewLearnerService(db *DB) *LearnerService { return &LearnerService{db: db} }

const learnerColumns = `id, external_id, name, locale, guest, created_at`

// FindLearnerByID implements quiz.LearnerService.
func (s *LearnerService) FindLearnerByID(ctx context.Context, id int64) (*Learner, error) {
	row := s.db.queryRow(ctx, s.db.read, `SELECT `+learnerColumns+` FROM learners WHERE id = ?`, id)
	l, err := scanLearner(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Learner %d not found.", id)
	}
	return l, err
}

// FindLearners implements quiz.LearnerService.
func (s *LearnerService) FindLearners(ctx context.Context, f quiz.LearnerFilter) ([]*Learner, error) {
	where, args := []string{"id > ?"}, []any{f.After}
	if f.ExternalID != "" {
		where, args = append(where, "external_id = ?"), append(args, f.ExternalID)
	}
	args = append(args, limit(f.Limit))
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+learnerColumns+` FROM learners
		WHERE `+strings.Join(where, " AND ")+` ORDER BY id LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("find learners: %w", err)
	}
	defer rows.Close()
	out := []*Learner{}
	for rows.Next() {
		l, err := scanLearner(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// CreateLearner implements quiz.LearnerService.
func (s *LearnerService) CreateLearner(ctx context.Context, l *Learner) error {
	if err := l.Validate(); err != nil {
		return err
	}
	now := s.db.now()
	seen := ""
	if l.Guest {
		seen = now
	}
	err := s.db.queryRow(ctx, s.db.write, `INSERT INTO learners (external_id, name, locale, guest, seen_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, l.ExternalID, l.Name, l.Locale, boolInt(l.Guest), seen, now).Scan(&l.ID)
	if isUnique(err) {
		return quiz.Errorf(quiz.ECONFLICT, "A learner with external_id %q exists.", l.ExternalID)
	}
	if err != nil {
		return fmt.Errorf("create learner: %w", err)
	}
	l.CreatedAt = parseTime(now)
	return nil
}

// Learner is quiz.Learner; the alias keeps signatures short.
type Learner = quiz.Learner

type scanner interface{ Scan(dest ...any) error }

func scanLearner(row scanner) (*Learner, error) {
	var l Learner
	var created string
	if err := row.Scan(&l.ID, &l.ExternalID, &l.Name, &l.Locale, &l.Guest, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan learner: %w", err)
	}
	l.CreatedAt = parseTime(created)
	return &l, nil
}
