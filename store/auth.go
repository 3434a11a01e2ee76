package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/looplab/looplab/quiz"
)

// KeyService implements quiz.KeyService.
type KeyService struct{ db *DB }

var _ quiz.KeyService = (*KeyService)(nil)

// NewKeyService returns the API key service of db.
func NewKeyService(db *DB) *KeyService { return &KeyService{db: db} }

// CreateKey implements quiz.KeyService.
func (s *KeyService) CreateKey(ctx context.Context, k *quiz.APIKey) error {
	now := s.db.now()
	err := s.db.queryRow(ctx, s.db.write, `INSERT INTO api_keys (name, role, hash_prefix, hash, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, k.Name, k.Role, quiz.HashPrefix(k.Hash), k.Hash, now).Scan(&k.ID)
	if isUnique(err) {
		return quiz.Errorf(quiz.ECONFLICT, "This key exists.")
	}
	if err != nil {
		return fmt.Errorf("create key: %w", err)
	}
	k.CreatedAt = parseTime(now)
	return nil
}

const keyColumns = `id, name, role, hash, created_at, revoked_at`

func scanKey(row scanner) (*quiz.APIKey, error) {
	var k quiz.APIKey
	var created string
	var revoked sql.NullString
	if err := row.Scan(&k.ID, &k.Name, &k.Role, &k.Hash, &created, &revoked); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan key: %w", err)
	}
	k.CreatedAt = parseTime(created)
	if revoked.Valid {
		t := parseTime(revoked.String)
		k.RevokedAt = &t
	}
	return &k, nil
}

// FindKeyByHash implements quiz.KeyService.
func (s *KeyService) FindKeyByHash(ctx context.Context, hash []byte) (*quiz.APIKey, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+keyColumns+` FROM api_keys
		WHERE hash_prefix = ? AND revoked_at IS NULL`, quiz.HashPrefix(hash))
	if err != nil {
		return nil, fmt.Errorf("find key: %w", err)
	}
	defer rows.Close()
	var found *quiz.APIKey
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, err
		}
		if quiz.SameHash(k.Hash, hash) {
			found = k
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find key: %w", err)
	}
	if found == nil {
		return nil, quiz.Errorf(quiz.EUNAUTHORIZED, "The API key is not valid.")
	}
	return found, nil
}

// FindKeyByID implements quiz.KeyService.
func (s *KeyService) FindKeyByID(ctx context.Context, id int64) (*quiz.APIKey, error) {
	k, err := scanKey(s.db.queryRow(ctx, s.db.read, `SELECT `+keyColumns+` FROM api_keys WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "API key %d not found.", id)
	}
	return k, err
}

// FindKeys implements quiz.KeyService.
func (s *KeyService) FindKeys(ctx context.Context, f quiz.KeyFilter) ([]*quiz.APIKey, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+keyColumns+` FROM api_keys WHERE id > ? ORDER BY id LIMIT ?`,
		f.After, limit(f.Limit))
	if err != nil {
		return nil, fmt.Errorf("find keys: %w", err)
	}
	defer rows.Close()
	out := []*quiz.APIKey{}
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// RevokeKey implements quiz.KeyService. The check for the last admin key and the
// revocation are one transaction.
func (s *KeyService) RevokeKey(ctx context.Context, id int64) (*quiz.APIKey, error) {
	var k *quiz.APIKey
	err := s.db.inTx(ctx, func(tx *Tx) error {
		var err error
		k, err = scanKey(tx.QueryRowContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return quiz.Errorf(quiz.ENOTFOUND, "API key %d not found.", id)
		}
		if err != nil || k.RevokedAt != nil {
			return err
		}
		if k.Role == quiz.RoleAdmin {
			var admins int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys WHERE role = ? AND revoked_at IS NULL`,
				quiz.RoleAdmin).Scan(&admins); err != nil {
				return fmt.Errorf("count admin keys: %w", err)
			}
			if admins <= 1 {
				return quiz.Errorf(quiz.ECONFLICT, "This is the last active admin key; create another admin key before revoking it.")
			}
		}
		now := s.db.now()
		if _, err := tx.ExecContext(ctx, `UPDATE api_keys SET revoked_at = ? WHERE id = ?`, now, id); err != nil {
			return fmt.Errorf("revoke key: %w", err)
		}
		t := parseTime(now)
		k.RevokedAt = &t
		return nil
	})
	if err != nil {
		return nil, err
	}
	return k, nil
}

// CountKeys implements quiz.KeyService.
func (s *KeyService) CountKeys(ctx context.Context, role quiz.Role) (int, error) {
	var n int
	if err := s.db.queryRow(ctx, s.db.read, `SELECT COUNT(*) FROM api_keys WHERE role = ? AND revoked_at IS NULL`,
		role).Scan(&n); err != nil {
		return 0, fmt.Errorf("count keys: %w", err)
	}
	return n, nil
}

// IdempotencyService implements quiz.IdempotencyService.
type IdempotencyService struct{ db *DB }

var _ quiz.IdempotencyService = (*IdempotencyService)(nil)

// NewIdempotencyService returns the idempotency service of db.
func NewIdempotencyService(db *DB) *IdempotencyService { return &IdempotencyService{db: db} }

// Reserve implements quiz.IdempotencyService. The insert does nothing when the key is
// taken, and the record is read then: two replicas reserving the same key at once get
// one reservation and one existing record (the second insert waits for the first).
func (s *IdempotencyService) Reserve(ctx context.Context, rec *quiz.IdempotencyRecord, ttl time.Duration) (*quiz.IdempotencyRecord, error) {
	var existing *quiz.IdempotencyRecord
	err := s.db.inTx(ctx, func(tx *Tx) error {
		now := s.db.Now()
		if ttl > 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency WHERE scope = ? AND idem_key = ? AND status <> 0 AND created_at < ?`,
				rec.Scope, rec.Key, formatTime(now.Add(-ttl))); err != nil {
				return fmt.Errorf("expire idempotency key: %w", err)
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO idempotency (scope, idem_key, fingerprint, status, content_type, body, created_at)
			VALUES (?, ?, ?, 0, '', ?, ?) ON CONFLICT (scope, idem_key) DO NOTHING`, rec.Scope, rec.Key, rec.Fingerprint, []byte{}, formatTime(now))
		if err != nil {
			return fmt.Errorf("reserve idempotency key: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			rec.CreatedAt = parseTime(formatTime(now))
			return nil
		}
		var r quiz.IdempotencyRecord
		var created string
		err = tx.QueryRowContext(ctx, `SELECT scope, idem_key, fingerprint, status, content_type, body, created_at
			FROM idempotency WHERE scope = ? AND idem_key = ?`, rec.Scope, rec.Key).
			Scan(&r.Scope, &r.Key, &r.Fingerprint, &r.Status, &r.ContentType, &r.Body, &created)
		if err != nil {
			return fmt.Errorf("find idempotency key: %w", err)
		}
		r.CreatedAt = parseTime(created)
		existing = &r
		return nil
	})
	return existing, err
}

// Complete implements quiz.IdempotencyService.
func (s *IdempotencyService) Complete(ctx context.Context, rec *quiz.IdempotencyRecord) error {
	_, err := s.db.exec(ctx, s.db.write, `UPDATE idempotency SET status = ?, content_type = ?, body = ?
		WHERE scope = ? AND idem_key = ?`, rec.Status, rec.ContentType, rec.Body, rec.Scope, rec.Key)
	if err != nil {
		return fmt.Errorf("complete idempotency key: %w", err)
	}
	return nil
}

// Release implements quiz.IdempotencyService.
func (s *IdempotencyService) Release(ctx context.Context, scope, key string) error {
	_, err := s.db.exec(ctx, s.db.write, `DELETE FROM idempotency WHERE scope = ? AND idem_key = ? AND status = 0`, scope, key)
	if err != nil {
		return fmt.Errorf("release idempotency key: %w", err)
	}
	return nil
}

// ReleaseInFlight implements quiz.IdempotencyService.
func (s *IdempotencyService) ReleaseInFlight(ctx context.Context, before time.Time) (int, error) {
	res, err := s.db.exec(ctx, s.db.write, `DELETE FROM idempotency WHERE status = 0 AND created_at < ?`, formatTime(before))
	if err != nil {
		return 0, fmt.Errorf("release in-flight idempotency keys: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Prune implements quiz.IdempotencyService.
func (s *IdempotencyService) Prune(ctx context.Context, ttl time.Duration) (int64, error) {
	res, err := s.db.exec(ctx, s.db.write, `DELETE FROM idempotency WHERE status <> 0 AND created_at < ?`,
		formatTime(s.db.Now().Add(-ttl)))
	if err != nil {
		return 0, fmt.Errorf("prune idempotency keys: %w", err)
	}
	return res.RowsAffected()
}
