package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/webhook"
)

// WebhookStore implements webhook.Store.
type WebhookStore struct{ db *DB }

var _ webhook.Store = (*WebhookStore)(nil)

// NewWebhookStore returns the webhook store of db.
func NewWebhookStore(db *DB) *WebhookStore { return &WebhookStore{db: db} }

// CreateSubscription implements webhook.Store.
func (s *WebhookStore) CreateSubscription(ctx context.Context, sub *webhook.Subscription) error {
	now := s.db.now()
	return s.db.inTx(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO webhook_subscriptions (url, secret, active, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			sub.URL, sub.Secret, sub.Active, now).Scan(&sub.ID)
		if err != nil {
			return fmt.Errorf("create subscription: %w", err)
		}
		for _, e := range sub.Events {
			if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_events (subscription_id, event) VALUES (?, ?)`, sub.ID, e); err != nil {
				return fmt.Errorf("create subscription event: %w", err)
			}
		}
		sub.CreatedAt = parseTime(now)
		return nil
	})
}

// FindSubscription implements webhook.Store.
func (s *WebhookStore) FindSubscription(ctx context.Context, id int64) (*webhook.Subscription, error) {
	subs, err := s.find(ctx, `WHERE s.id = ?`, id)
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Webhook subscription %d not found.", id)
	}
	return subs[0], nil
}

// FindSubscriptions implements webhook.Store.
func (s *WebhookStore) FindSubscriptions(ctx context.Context, after int64, n int) ([]*webhook.Subscription, error) {
	return s.find(ctx, `WHERE s.id IN (SELECT id FROM webhook_subscriptions WHERE id > ? ORDER BY id LIMIT ?)`, after, limit(n))
}

func (s *WebhookStore) find(ctx context.Context, where string, args ...any) ([]*webhook.Subscription, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT s.id, s.url, s.secret, s.active, s.created_at, e.event
		FROM webhook_subscriptions s LEFT JOIN webhook_events e ON e.subscription_id = s.id `+where+` ORDER BY s.id, e.event`, args...)
	if err != nil {
		return nil, fmt.Errorf("find subscriptions: %w", err)
	}
	defer rows.Close()
	out := []*webhook.Subscription{}
	for rows.Next() {
		var sub webhook.Subscription
		var created string
		var event sql.NullString
		if err := rows.Scan(&sub.ID, &sub.URL, &sub.Secret, &sub.Active, &created, &event); err != nil {
			return nil, fmt.Errorf("scan subscription: %w", err)
		}
		if n := len(out); n == 0 || out[n-1].ID != sub.ID {
			sub.CreatedAt = parseTime(created)
			sub.Events = []string{}
			out = append(out, &sub)
		}
		if event.Valid {
			last := out[len(out)-1]
			last.Events = append(last.Events, event.String)
		}
	}
	return out, rows.Err()
}

// DeactivateSubscription implements webhook.Store.
func (s *WebhookStore) DeactivateSubscription(ctx context.Context, id int64) error {
	res, err := s.db.exec(ctx, s.db.write, `UPDATE webhook_subscriptions SET active = 0 WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("deactivate subscription: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Webhook subscription %d not found.", id)
	}
	return nil
}

// FindDeliveries implements webhook.Store.
func (s *WebhookStore) FindDeliveries(ctx context.Context, subscriptionID, before int64, limit int) ([]*webhook.Delivery, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := s.db.query(ctx, s.db.read, `SELECT id, event, subject_id, status, tries, last_status, last_error, created_at,
		next_at, delivered_at FROM outbox WHERE kind = 'webhook' AND target_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
		subscriptionID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("find deliveries: %w", err)
	}
	defer rows.Close()
	out := []*webhook.Delivery{}
	for rows.Next() {
		var d webhook.Delivery
		var created, next string
		var delivered sql.NullString
		if err := rows.Scan(&d.ID, &d.Event, &d.SubjectID, &d.Status, &d.Tries, &d.LastStatus, &d.LastError, &created, &next, &delivered); err != nil {
			return nil, fmt.Errorf("scan delivery: %w", err)
		}
		d.CreatedAt = parseTime(created)
		if d.Status == "pending" {
			t := parseTime(next)
			d.NextTryAt = &t
		}
		if delivered.Valid {
			t := parseTime(delivered.String)
			d.DeliveredAt = &t
		}
		out = append(out, &d)
	}
	return out, rows.Err()
}
