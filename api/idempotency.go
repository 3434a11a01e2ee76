package api

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// idempotent makes a POST safe to retry with an Idempotency-Key header: the first
// request's successful response is stored (per principal and key) and replayed for a
// retry with the same method, path and body; a different request with the same key, or
// a retry while the first is still in flight, gets 409. Failed requests release the key;
// a stored response expires after cfg.IdempotencyTTL. The record is stored under a hash
// of the key, its response sealed (replayLock).
func (s *Server) idempotent(c *fiber.Ctx) error {
	if c.Locals(localPrincipal) == nil { // anonymous requests are not replayed
		return c.Next()
	}
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	if key == "" {
		return c.Next()
	}
	fp := sha256.New()
	fp.Write([]byte(c.Method() + "\x00" + c.Path() + "\x00"))
	fp.Write(c.Body())
	scope := principal(c).Scope()
	lock := newReplayLock(scope, key)
	rec := &quiz.IdempotencyRecord{Scope: scope, Key: lock.id, Fingerprint: fp.Sum(nil)}
	ctx := c.UserContext()
	existing, err := s.Idem.Reserve(ctx, rec, s.cfg.IdempotencyTTL)
	if err != nil {
		return err
	}
	if existing != nil {
		return replay(c, existing, rec, lock)
	}
	completed := false
	defer func() { // a failed or panicking request frees the key for a retry
		if !completed {
			if err := s.Idem.Release(context.WithoutCancel(ctx), rec.Scope, rec.Key); err != nil {
				s.Logger.Error("releasing an idempotency key", "err", err)
			}
		}
	}()
	if err := c.Next(); err != nil {
		if herr := s.handleError(c, err); herr != nil {
			return herr
		}
	}
	status := c.Response().StatusCode()
	if status < 200 || status > 299 {
		return nil
	}
	rec.Status = status
	rec.ContentType = string(c.Response().Header.ContentType())
	rec.Body = lock.seal(c.Response().Body())
	if err := s.Idem.Complete(ctx, rec); err != nil {
		return err
	}
	completed = true
	return nil
}

// replayLock is what an idempotency record is found and sealed by. The database keeps
// only a hash of the principal's Idempotency-Key and the response sealed (AES-256-GCM)
// with another key derived from it, so a response that carries a secret (a new API
// key, a learner token, a webhook's signing secret) cannot be read from the database
// or a backup without the Idempotency-Key the client holds. It is as strong as the
// key is unguessable: clients should send random keys (UUIDs).
type replayLock struct {
	id   string // hex SHA-256 of the scope and key: the record's stored key
	aead cipher.AEAD
}

func newReplayLock(scope, key string) replayLock {
	id := sha256.Sum256([]byte("looplab idempotency id\x00" + scope + "\x00" + key))
	secret := sha256.Sum256([]byte("looplab idempotency seal\x00" + scope + "\x00" + key))
	block, err := aes.NewCipher(secret[:])
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return replayLock{id: hex.EncodeToString(id[:]), aead: aead}
}

// seal encrypts a response body under a random nonce, which it prepends.
func (l replayLock) seal(body []byte) []byte {
	nonce := make([]byte, l.aead.NonceSize(), l.aead.NonceSize()+len(body)+l.aead.Overhead())
	_, _ = rand.Read(nonce)
	return l.aead.Seal(nonce, nonce, body, nil)
}

// open decrypts what seal made.
func (l replayLock) open(sealed []byte) ([]byte, error) {
	n := l.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("idempotency record: sealed body too short")
	}
	body, err := l.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, fmt.Errorf("idempotency record: %w", err)
	}
	return body, nil
}

// idempotencyKey returns the request's Idempotency-Key header, copied out of the
// request buffer; "" when there is none.
func idempotencyKey(c *fiber.Ctx) (string, error) {
	key := c.Get("Idempotency-Key")
	if key != "" && (len(key) > 255 || !printableASCII(key)) {
		return "", &quiz.Error{Code: quiz.EINVALID, Message: "The Idempotency-Key header is invalid.",
			Fields: []quiz.FieldError{{Field: "Idempotency-Key", Message: "must be 1-255 printable ASCII characters"}}}
	}
	return string([]byte(key)), nil
}

func replay(c *fiber.Ctx, existing, rec *quiz.IdempotencyRecord, lock replayLock) error {
	switch {
	case !quiz.SameHash(existing.Fingerprint, rec.Fingerprint):
		return quiz.Errorf(quiz.ECONFLICT, "This Idempotency-Key was used for a different request.")
	case existing.Status == 0:
		return quiz.Errorf(quiz.ECONFLICT, "A request with this Idempotency-Key is still in progress; retry later.")
	}
	body, err := lock.open(existing.Body)
	if err != nil {
		return err
	}
	c.Set("Idempotent-Replayed", "true")
	c.Set(fiber.HeaderContentType, existing.ContentType)
	c.Set("Idempotency-Created", existing.CreatedAt.UTC().Format(time.RFC3339))
	return c.Status(existing.Status).Send(body)
}
