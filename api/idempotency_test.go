package api

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memIdem is an in-memory quiz.IdempotencyService that records releases.
type memIdem struct {
	mu       sync.Mutex
	records  map[string]*quiz.IdempotencyRecord
	released []string
}

func (m *memIdem) Reserve(_ context.Context, rec *quiz.IdempotencyRecord, _ time.Duration) (*quiz.IdempotencyRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r, ok := m.records[rec.Key]; ok {
		return r, nil
	}
	m.records[rec.Key] = &quiz.IdempotencyRecord{Scope: rec.Scope, Key: rec.Key, Fingerprint: rec.Fingerprint}
	return nil, nil
}

func (m *memIdem) Complete(_ context.Context, rec *quiz.IdempotencyRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cp := *rec
	m.records[rec.Key] = &cp
	return nil
}

func (m *memIdem) Release(_ context.Context, _, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.records, key)
	m.released = append(m.released, key)
	return nil
}

func (m *memIdem) ReleaseInFlight(context.Context, time.Time) (int, error) { return 0, nil }
func (m *memIdem) Prune(context.Context, time.Duration) (int64, error)     { return 0, nil }

// TestIdempotentMiddleware checks what the middleware stores and when it lets go of a
// key: a success is stored sealed under a hashed key and replayed; a failure and a
// panic release the key, so a retry runs the handler again.
func TestIdempotentMiddleware(t *testing.T) {
	idem := &memIdem{records: map[string]*quiz.IdempotencyRecord{}}
	s := &Server{Deps: Deps{Idem: idem, Logger: slog.New(slog.DiscardHandler)}}
	calls := map[string]int{}
	app := fiber.New(fiber.Config{ErrorHandler: func(c *fiber.Ctx, err error) error {
		return c.Status(fiber.StatusInternalServerError).SendString(err.Error())
	}})
	app.Use(func(c *fiber.Ctx) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = c.Status(fiber.StatusInternalServerError).SendString("panic")
			}
		}()
		c.Locals(localPrincipal, quiz.Principal{Role: quiz.RoleApp, KeyID: 1})
		return c.Next()
	})
	app.Post("/:outcome", s.idempotent, func(c *fiber.Ctx) error {
		calls[c.Params("outcome")]++
		switch c.Params("outcome") {
		case "panic":
			panic("boom")
		case "fail":
			return c.Status(fiber.StatusBadRequest).SendString("no")
		}
		return c.Status(fiber.StatusCreated).SendString(`{"secret":"s3cr3t"}`)
	})
	post := func(path, key string) (int, string, string) {
		req := httptest.NewRequest("POST", path, strings.NewReader(`{}`))
		req.Header.Set("Idempotency-Key", key)
		resp, err := app.Test(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var b strings.Builder
		_, _ = io.Copy(&b, resp.Body)
		return resp.StatusCode, b.String(), resp.Header.Get("Idempotent-Replayed")
	}

	for _, outcome := range []string{"panic", "fail"} {
		for range 2 {
			status, _, replayed := post("/"+outcome, outcome+"-key")
			assert.NotEqual(t, fiber.StatusCreated, status)
			assert.Empty(t, replayed)
		}
		assert.Equal(t, 2, calls[outcome], "the key was released: the retry ran the handler (%s)", outcome)
	}
	assert.Len(t, idem.released, 4)

	status, body, _ := post("/ok", "ok-key")
	require.Equal(t, fiber.StatusCreated, status)
	status, again, replayed := post("/ok", "ok-key")
	assert.Equal(t, fiber.StatusCreated, status)
	assert.Equal(t, body, again)
	assert.Equal(t, "true", replayed)
	assert.Equal(t, 1, calls["ok"])
	require.Len(t, idem.records, 1)
	for id, rec := range idem.records {
		assert.NotContains(t, id, "ok-key", "the key is stored hashed")
		assert.NotContains(t, string(rec.Body), "s3cr3t", "the response is stored sealed")
		_, err := newReplayLock(rec.Scope, "other-key").open(rec.Body)
		assert.Error(t, err, "another key cannot open it")
	}
}
