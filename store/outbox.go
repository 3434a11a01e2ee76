package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/quiz"
)

// OutboxStore implements outbox.Store over the outbox table, which the triggers of
// migration 00006 fill in the transactions of attempts, learners and question versions.
type OutboxStore struct{ db *DB }

var _ outbox.Store = (*OutboxStore)(nil)

// NewOutboxStore returns the outbox store of db.
func NewOutboxStore(db *DB) *OutboxStore { return &OutboxStore{db: db} }

// claimQuery selects the due heads of their order keys: the oldest pending message of
// each key, unless it is leased. With PostgreSQL the rows are locked as they are read
// and rows another replica's claim is leasing are skipped (FOR UPDATE SKIP LOCKED), so
// two replicas never lease the same message; a message behind a skipped head is not a
// head, so a key's messages still go one at a time, in id order. With SQLite the claim's
// write transaction is exclusive already.
const claimQuery = `SELECT o.id, o.kind, o.event, o.target_id, o.subject_id, o.order_key, o.tries, o.created_at
	FROM outbox o
	WHERE o.status = 'pending' AND o.next_at <= ? AND o.lease_until <= ?
	AND o.id = (SELECT MIN(p.id) FROM outbox p WHERE p.order_key = o.order_key AND p.status = 'pending')
	ORDER BY o.id LIMIT ?`

// Claim implements outbox.Store: one write transaction selects the due heads of their
// order keys and leases them.
func (s *OutboxStore) Claim(ctx context.Context, now, leaseUntil time.Time, n int) ([]outbox.Message, error) {
	var out []outbox.Message
	q := claimQuery
	if s.db.pg {
		q += ` FOR UPDATE OF o SKIP LOCKED`
	}
	err := s.db.inTx(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, q, formatTime(now), formatTime(now), n)
		if err != nil {
			return fmt.Errorf("claim outbox: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var m outbox.Message
			var created string
			if err := rows.Scan(&m.ID, &m.Kind, &m.Event, &m.TargetID, &m.SubjectID, &m.OrderKey, &m.Tries, &created); err != nil {
				return fmt.Errorf("scan outbox: %w", err)
			}
			m.CreatedAt = parseTime(created)
			out = append(out, m)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("claim outbox: %w", err)
		}
		if len(out) == 0 {
			return nil
		}
		ids := make([]string, len(out))
		args := []any{formatTime(leaseUntil)}
		for i, m := range out {
			ids[i] = "?"
			args = append(args, m.ID)
		}
		_, err = tx.ExecContext(ctx, `UPDATE outbox SET lease_until = ? WHERE id IN (`+strings.Join(ids, ", ")+`)`, args...)
		if err != nil {
			return fmt.Errorf("lease outbox: %w", err)
		}
		return nil
	})
	return out, err
}

// Record implements outbox.Store.
func (s *OutboxStore) Record(ctx context.Context, id int64, t outbox.Try, status string, next time.Time) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO outbox_tries (outbox_id, try, at, status, error, note, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (outbox_id, try) DO NOTHING`, id, t.No, formatTime(t.At), t.Status, clip(t.Error, 1000), clip(t.Note, 1000), t.Duration.Milliseconds())
		if err != nil {
			return fmt.Errorf("record try: %w", err)
		}
		var delivered, nextAt any
		nextAt = formatTime(t.At)
		switch status {
		case outbox.StatusDelivered:
			delivered = formatTime(t.At.Add(t.Duration))
		case outbox.StatusPending:
			nextAt = formatTime(next)
		}
		_, err = tx.ExecContext(ctx, `UPDATE outbox SET status = ?, tries = ?, next_at = ?, lease_until = '', last_status = ?,
			last_error = ?, last_note = ?, delivered_at = ? WHERE id = ?`, status, t.No, nextAt, t.Status, clip(t.Error, 1000), clip(t.Note, 1000), delivered, id)
		if err != nil {
			return fmt.Errorf("record outbox: %w", err)
		}
		return nil
	})
}

// Prune implements outbox.Store: it deletes in batches of 1,000, so the writer is never
// held long; the tries go with their messages (ON DELETE CASCADE).
func (s *OutboxStore) Prune(ctx context.Context, before time.Time) (int64, error) {
	var total int64
	for {
		res, err := s.db.exec(ctx, s.db.write, `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox
			WHERE status = 'delivered' AND delivered_at < ? ORDER BY id LIMIT 1000)`, formatTime(before))
		if err != nil {
			return total, fmt.Errorf("prune outbox: %w", err)
		}
		n, _ := res.RowsAffected()
		total += n
		if n < 1000 {
			return total, nil
		}
	}
}

// Counts returns how many messages of each kind are in each state.
func (s *OutboxStore) Counts(ctx context.Context) ([]outbox.Count, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT kind, status, COUNT(*) FROM outbox GROUP BY kind, status ORDER BY kind, status`)
	if err != nil {
		return nil, fmt.Errorf("outbox counts: %w", err)
	}
	defer rows.Close()
	var out []outbox.Count
	for rows.Next() {
		var c outbox.Count
		if err := rows.Scan(&c.Kind, &c.Status, &c.N); err != nil {
			return nil, fmt.Errorf("scan outbox count: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

var _ outbox.Lister = (*OutboxStore)(nil)

// outboxEntryColumns are the columns scanEntry reads: the message, and for a grade its
// grade target and link.
const outboxEntryColumns = `o.id, o.kind, o.event, o.target_id, o.subject_id, o.status, o.tries, o.last_status, o.last_error,
	o.last_note, o.created_at, o.next_at, o.delivered_at, l.platform_id, l.title, g.learner_id, g.user_sub, l.lineitem_url
	FROM outbox o LEFT JOIN lti_grade_targets g ON o.kind = 'ags.score' AND g.id = o.target_id
	LEFT JOIN lti_links l ON l.id = g.link_id`

// List implements outbox.Lister.
func (s *OutboxStore) List(ctx context.Context, f outbox.Filter) ([]outbox.Entry, error) {
	before := f.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+outboxEntryColumns+`
		WHERE (? = '' OR o.kind = ?) AND (? = '' OR o.status = ?) AND o.id < ? ORDER BY o.id DESC LIMIT ?`,
		f.Kind, f.Kind, f.Status, f.Status, before, f.Limit)
	if err != nil {
		return nil, fmt.Errorf("list outbox: %w", err)
	}
	defer rows.Close()
	out := []outbox.Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *e)
	}
	return out, rows.Err()
}

// Retry implements outbox.Lister.
func (s *OutboxStore) Retry(ctx context.Context, id int64, now time.Time) (*outbox.Entry, error) {
	var e *outbox.Entry
	err := s.db.inTx(ctx, func(tx *Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM outbox WHERE id = ?`, id).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return quiz.Errorf(quiz.ENOTFOUND, "Outbox message %d not found.", id)
		}
		if err != nil {
			return fmt.Errorf("retry outbox %d: %w", id, err)
		}
		if status != outbox.StatusFailed {
			return quiz.Errorf(quiz.ECONFLICT, "Outbox message %d is %s, not failed: only a failed message can be retried.", id, status)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'pending', next_at = ?, lease_until = '' WHERE id = ?`, formatTime(now), id); err != nil {
			return fmt.Errorf("retry outbox %d: %w", id, err)
		}
		e, err = scanEntry(tx.QueryRowContext(ctx, `SELECT `+outboxEntryColumns+` WHERE o.id = ?`, id))
		return err
	})
	return e, err
}

// scanEntry reads one row of outboxEntryColumns.
func scanEntry(row interface{ Scan(...any) error }) (*outbox.Entry, error) {
	var e outbox.Entry
	var created, next string
	var delivered, title, user, lineItem sql.NullString
	var platform, learner sql.NullInt64
	if err := row.Scan(&e.ID, &e.Kind, &e.Event, &e.TargetID, &e.SubjectID, &e.Status, &e.Tries, &e.LastStatus, &e.LastError,
		&e.LastNote, &created, &next, &delivered, &platform, &title, &learner, &user, &lineItem); err != nil {
		return nil, fmt.Errorf("scan outbox entry: %w", err)
	}
	e.CreatedAt = parseTime(created)
	if e.Status == outbox.StatusPending {
		t := parseTime(next)
		e.NextTryAt = &t
	}
	if delivered.Valid {
		t := parseTime(delivered.String)
		e.DeliveredAt = &t
	}
	if platform.Valid {
		e.Grade = &outbox.GradeDest{PlatformID: platform.Int64, LinkTitle: title.String, LearnerID: learner.Int64, User: user.String, LineItem: lineItem.String}
	}
	return &e, nil
}
