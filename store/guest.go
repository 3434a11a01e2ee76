package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/looplab/looplab/quiz"
)

// GuestService implements quiz.GuestService.
type GuestService struct {
	db       *DB
	learners *LearnerService
}

var _ quiz.GuestService = (*GuestService)(nil)

// NewGuestService returns the guest service of db.
func NewGuestService(db *DB) *GuestService {
	return &GuestService{db: db, learners: NewLearnerService(db)}
}

// CreateGuest implements quiz.GuestService.
func (s *GuestService) CreateGuest(ctx context.Context, locale string) (*quiz.Learner, error) {
	var b [12]byte
	_, _ = rand.Read(b[:])
	l := &quiz.Learner{ExternalID: quiz.GuestExternalPrefix + hex.EncodeToString(b[:]), Locale: locale, Guest: true}
	if err := s.learners.CreateLearner(ctx, l); err != nil {
		return nil, err
	}
	return l, nil
}

// SeeGuest implements quiz.GuestService.
func (s *GuestService) SeeGuest(ctx context.Context, id int64) error {
	res, err := s.db.exec(ctx, s.db.write, `UPDATE learners SET seen_at = ? WHERE id = ? AND guest = 1`, s.db.now(), id)
	if err != nil {
		return fmt.Errorf("see guest: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Learner %d is not a guest.", id)
	}
	return nil
}

// ClaimGuest implements quiz.GuestService.
func (s *GuestService) ClaimGuest(ctx context.Context, guest, into int64) (int, error) {
	if guest == into {
		return 0, &quiz.Error{Code: quiz.EINVALID, Message: "A guest cannot claim itself.",
			Fields: []quiz.FieldError{{Field: "guest_token", Message: "names the learner that would claim it"}}}
	}
	moved := 0
	err := s.db.inTx(ctx, func(tx *Tx) error {
		var isGuest bool
		err := tx.QueryRowContext(ctx, `SELECT guest FROM learners WHERE id = ?`, guest).Scan(&isGuest)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !isGuest {
			return quiz.Errorf(quiz.ENOTFOUND, "Learner %d is not a guest (already claimed, or purged).", guest)
		}
		if err != nil {
			return fmt.Errorf("claim guest: %w", err)
		}
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM learners WHERE id = ?`, into).Scan(&one); errors.Is(err, sql.ErrNoRows) {
			return quiz.Errorf(quiz.ENOTFOUND, "Learner %d not found.", into)
		} else if err != nil {
			return fmt.Errorf("claim guest: %w", err)
		}
		g, l := guest, into
		steps := []struct {
			what, query string
			args        []any
		}{
			// The guest's attempts follow the learner's at each question (offsets below).
			{"attempts", `UPDATE attempts SET learner_id = ? WHERE learner_id = ?`, []any{l, g}},
			{"older learner reviews", `DELETE FROM review_states WHERE learner_id = ? AND EXISTS (SELECT 1 FROM review_states b
				WHERE b.learner_id = ? AND b.question_id = review_states.question_id AND b.last_review > review_states.last_review)`, []any{l, g}},
			{"older guest reviews", `DELETE FROM review_states WHERE learner_id = ? AND question_id IN
				(SELECT b.question_id FROM review_states b WHERE b.learner_id = ?)`, []any{g, l}},
			{"reviews", `UPDATE review_states SET learner_id = ? WHERE learner_id = ?`, []any{l, g}},
			{"grade targets", `DELETE FROM lti_grade_targets WHERE learner_id = ?`, []any{g}},
			{"guest", `DELETE FROM learners WHERE id = ?`, []any{g}},
		}
		// An idempotency key the learner already used is dropped from the guest's attempt
		// (both were answered long ago).
		if _, err := tx.ExecContext(ctx, `UPDATE attempts SET idempotency_key = NULL WHERE learner_id = ? AND idempotency_key IN
			(SELECT b.idempotency_key FROM attempts b WHERE b.learner_id = ? AND b.idempotency_key IS NOT NULL)`, g, l); err != nil {
			return fmt.Errorf("claim guest: keys: %w", err)
		}
		offsets, err := lastAttemptNumbers(ctx, tx, l)
		if err != nil {
			return err
		}
		for question, last := range offsets {
			// Moving and renumbering in one statement never meets a number in use: the
			// moved rows land above the learner's last number.
			res, err := tx.ExecContext(ctx, `UPDATE attempts SET learner_id = ?, attempt_no = attempt_no + ?
				WHERE learner_id = ? AND question_id = ?`, l, last, g, question)
			if err != nil {
				return fmt.Errorf("claim guest: renumber: %w", err)
			}
			n, _ := res.RowsAffected()
			moved += int(n)
		}
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, st.query, st.args...)
			if err != nil {
				return fmt.Errorf("claim guest: %s: %w", st.what, err)
			}
			if st.what == "attempts" { // the guest's attempts at questions the learner never tried
				n, _ := res.RowsAffected()
				moved += int(n)
			}
		}
		return nil
	})
	if err == nil {
		s.db.states.clear() // the cached attempt counts of both learners moved
	}
	return moved, err
}

// lastAttemptNumbers returns the learner's highest attempt number at each question
// they answered.
func lastAttemptNumbers(ctx context.Context, tx *Tx, learner int64) (map[int64]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT question_id, max(attempt_no) FROM attempts WHERE learner_id = ? GROUP BY question_id`, learner)
	if err != nil {
		return nil, fmt.Errorf("claim guest: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var q int64
		var n int
		if err := rows.Scan(&q, &n); err != nil {
			return nil, fmt.Errorf("claim guest: %w", err)
		}
		out[q] = n
	}
	return out, rows.Err()
}

// PurgeGuests implements quiz.GuestService.
func (s *GuestService) PurgeGuests(ctx context.Context, idleSince time.Time) (int, error) {
	since := formatTime(idleSince)
	const idle = `SELECT l.id FROM learners l WHERE l.guest = 1 AND l.seen_at < ?
		AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.learner_id = l.id AND a.created_at >= ?)`
	purged := 0
	err := s.db.inTx(ctx, func(tx *Tx) error {
		for _, q := range []string{
			`DELETE FROM review_states WHERE learner_id IN (` + idle + `)`,
			`DELETE FROM attempts WHERE learner_id IN (` + idle + `)`,
			`DELETE FROM lti_grade_targets WHERE learner_id IN (` + idle + `)`,
			`DELETE FROM learners WHERE id IN (` + idle + `)`,
		} {
			res, err := tx.ExecContext(ctx, q, since, since)
			if err != nil {
				return fmt.Errorf("purge guests: %w", err)
			}
			n, _ := res.RowsAffected()
			purged = int(n) // the last statement's count: the learners
		}
		return nil
	})
	if err == nil && purged > 0 {
		s.db.states.clear()
	}
	return purged, err
}
