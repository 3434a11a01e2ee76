package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"github.com/looplab/looplab/quiz"
)

// ClassService implements quiz.ClassService.
type ClassService struct{ db *DB }

var _ quiz.ClassService = (*ClassService)(nil)

// NewClassService returns the class service of db.
func NewClassService(db *DB) *ClassService { return &ClassService{db: db} }

const classColumns = `id, name, code, owner_key_id, join_open, max_learners, members, created_at`

func scanClass(row scanner) (*quiz.Class, error) {
	var c quiz.Class
	var created string
	if err := row.Scan(&c.ID, &c.Name, &c.Code, &c.OwnerKeyID, &c.JoinOpen, &c.MaxLearners, &c.Learners, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan class: %w", err)
	}
	c.CreatedAt = parseTime(created)
	return &c, nil
}

// CreateClass implements quiz.ClassService. A join code that another class holds is
// drawn again (40 random bits: practically never).
func (s *ClassService) CreateClass(ctx context.Context, c *quiz.Class) error {
	if err := c.Validate(); err != nil {
		return err
	}
	now := s.db.now()
	for try := 0; ; try++ {
		c.Code = quiz.NewJoinCode()
		err := s.db.queryRow(ctx, s.db.write, `INSERT INTO classes (name, code, owner_key_id, join_open, max_learners, members, created_at)
			VALUES (?, ?, ?, 1, ?, 0, ?) RETURNING id`, c.Name, c.Code, c.OwnerKeyID, c.MaxLearners, now).Scan(&c.ID)
		if isUnique(err) && try < 5 {
			continue
		}
		if err != nil {
			return fmt.Errorf("create class: %w", err)
		}
		c.JoinOpen, c.Learners, c.CreatedAt = true, 0, parseTime(now)
		return nil
	}
}

// FindClassByID implements quiz.ClassService.
func (s *ClassService) FindClassByID(ctx context.Context, id int64) (*quiz.Class, error) {
	c, err := scanClass(s.db.queryRow(ctx, s.db.read, `SELECT `+classColumns+` FROM classes WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Class %d not found.", id)
	}
	return c, err
}

// FindClasses implements quiz.ClassService.
func (s *ClassService) FindClasses(ctx context.Context, f quiz.ClassFilter) ([]*quiz.Class, error) {
	query, args := `SELECT `+classColumns+` FROM classes WHERE id > ? AND owner_key_id = ? ORDER BY id LIMIT ?`,
		[]any{f.After, f.OwnerKeyID, limit(f.Limit)}
	if f.All {
		query, args = `SELECT `+classColumns+` FROM classes WHERE id > ? ORDER BY id LIMIT ?`, []any{f.After, limit(f.Limit)}
	}
	return s.classes(ctx, query, args...)
}

// classes reads the classes a query selects.
func (s *ClassService) classes(ctx context.Context, query string, args ...any) ([]*quiz.Class, error) {
	rows, err := s.db.query(ctx, s.db.read, query, args...)
	if err != nil {
		return nil, fmt.Errorf("find classes: %w", err)
	}
	defer rows.Close()
	out := []*quiz.Class{}
	for rows.Next() {
		c, err := scanClass(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// UpdateClass implements quiz.ClassService.
func (s *ClassService) UpdateClass(ctx context.Context, c *quiz.Class) error {
	if err := c.Validate(); err != nil {
		return err
	}
	res, err := s.db.exec(ctx, s.db.write, `UPDATE classes SET name = ?, join_open = ?, max_learners = ? WHERE id = ?`,
		c.Name, c.JoinOpen, c.MaxLearners, c.ID)
	if err != nil {
		return fmt.Errorf("update class: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Class %d not found.", c.ID)
	}
	return nil
}

// JoinClass implements quiz.ClassService. The class's member count is raised first, in
// one conditional UPDATE (open, not full), so two learners joining the last seat at once
// cannot both get it, on either engine.
func (s *ClassService) JoinClass(ctx context.Context, code string, l *quiz.Learner) (*quiz.Class, error) {
	var c *quiz.Class
	err := s.db.inTx(ctx, func(tx *Tx) error {
		var err error
		c, err = scanClass(tx.QueryRowContext(ctx, `SELECT `+classColumns+` FROM classes WHERE code = ?`, code))
		if errors.Is(err, sql.ErrNoRows) {
			return &quiz.Error{Code: quiz.ENOTFOUND, Message: "No class has this join code; check it with your instructor.",
				Fields: []quiz.FieldError{{Field: "code", Message: "is not the code of a class"}}}
		}
		if err != nil {
			return err
		}
		if l.ID != 0 {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM class_members WHERE class_id = ? AND learner_id = ?`, c.ID, l.ID).Scan(&one)
			if err == nil {
				return nil // a member already
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("join class: %w", err)
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE classes SET members = members + 1
			WHERE id = ? AND join_open = 1 AND members < max_learners`, c.ID)
		if err != nil {
			return fmt.Errorf("join class: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return refuseJoin(c)
		}
		c.Learners++
		if l.ID == 0 {
			if err := s.newClassLearner(ctx, tx, c.ID, l); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO class_members (class_id, learner_id, joined_at) VALUES (?, ?, ?)`,
			c.ID, l.ID, s.db.now())
		if isForeignKey(err) {
			return quiz.Errorf(quiz.ENOTFOUND, "Learner %d not found.", l.ID)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// refuseJoin says why class c takes no learner now.
func refuseJoin(c *quiz.Class) error {
	if !c.JoinOpen {
		return quiz.Errorf(quiz.ECONFLICT, "The class %q is closed to new learners; ask your instructor to open it.", c.Name)
	}
	return quiz.Errorf(quiz.ECONFLICT, "The class %q is full: it takes %d learners; ask your instructor to raise the limit.",
		c.Name, c.MaxLearners)
}

// newClassLearner stores l, a learner made by joining class classID, in tx: its external
// id is "class:<class>:<random>".
func (s *ClassService) newClassLearner(ctx context.Context, tx *Tx, classID int64, l *quiz.Learner) error {
	var b [9]byte
	_, _ = rand.Read(b[:])
	l.ExternalID = quiz.ClassExternalPrefix + strconv.FormatInt(classID, 10) + ":" + hex.EncodeToString(b[:])
	if err := l.Validate(); err != nil {
		return err
	}
	now := s.db.now()
	err := tx.QueryRowContext(ctx, `INSERT INTO learners (external_id, name, locale, guest, seen_at, created_at)
		VALUES (?, ?, ?, 0, '', ?) RETURNING id`, l.ExternalID, l.Name, l.Locale, now).Scan(&l.ID)
	if err != nil {
		return fmt.Errorf("create class learner: %w", err)
	}
	l.CreatedAt = parseTime(now)
	return nil
}

// ClassMembers implements quiz.ClassService.
func (s *ClassService) ClassMembers(ctx context.Context, classID int64) ([]quiz.ClassMember, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT l.id, l.external_id, l.name, l.locale, l.guest, l.created_at, m.joined_at
		FROM class_members m JOIN learners l ON l.id = m.learner_id WHERE m.class_id = ? ORDER BY m.joined_at, l.id`, classID)
	if err != nil {
		return nil, fmt.Errorf("class members: %w", err)
	}
	defer rows.Close()
	out := []quiz.ClassMember{}
	for rows.Next() {
		var joined string
		l, err := scanLearner(scanWith(rows, &joined))
		if err != nil {
			return nil, err
		}
		out = append(out, quiz.ClassMember{Learner: l, JoinedAt: parseTime(joined)})
	}
	return out, rows.Err()
}

// LearnerClasses implements quiz.ClassService.
func (s *ClassService) LearnerClasses(ctx context.Context, learnerID int64) ([]*quiz.Class, error) {
	return s.classes(ctx, `SELECT `+classColumns+` FROM classes
		WHERE id IN (SELECT class_id FROM class_members WHERE learner_id = ?) ORDER BY id`, learnerID)
}

// scanWith is a scanner that reads a row's leading columns into the destinations it is
// given and the rest into extra.
func scanWith(row scanner, extra ...any) scanner { return extraScanner{row, extra} }

type extraScanner struct {
	row   scanner
	extra []any
}

func (e extraScanner) Scan(dest ...any) error { return e.row.Scan(append(dest, e.extra...)...) }
