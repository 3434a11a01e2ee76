package api

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeDB is a database whose ping fails with pingErr and whose writes fail with
// writeErr (nil: it answers); errUnavailable is the error it calls unavailable.
type fakeDB struct {
	pingErr  error
	writeErr atomic.Pointer[error]
}

var errUnavailable = errors.New("database or disk is full (13)")

func (p *fakeDB) Ping(context.Context) error { return p.pingErr }
func (p *fakeDB) CheckWrite(context.Context) error {
	if e := p.writeErr.Load(); e != nil {
		return *e
	}
	return nil
}
func (p *fakeDB) Unavailable(err error) bool { return errors.Is(err, errUnavailable) }

// TestReadyz checks that /readyz follows the database: 200 while it answers, a 503
// problem (without the driver's text) when it does not; /healthz answers either way.
func TestReadyz(t *testing.T) {
	for _, tc := range []struct {
		db     error
		status int
	}{{nil, 200}, {errors.New("sqlite: database disk image is malformed"), 503}} {
		s := New(Config{}, Deps{DB: &fakeDB{pingErr: tc.db}})
		resp, err := s.app.Test(httptest.NewRequest("GET", "/readyz", nil))
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		assert.Equal(t, tc.status, resp.StatusCode, string(body))
		if tc.db != nil {
			assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
			assert.NotContains(t, string(body), "malformed")
		}
		resp, err = s.app.Test(httptest.NewRequest("GET", "/healthz", nil))
		require.NoError(t, err)
		assert.Equal(t, 200, resp.StatusCode)
	}
}

// TestDatabaseUnavailable: an error the database calls unavailable is a 503 problem with
// Retry-After, and /readyz fails until a write works again.
func TestDatabaseUnavailable(t *testing.T) {
	db := &fakeDB{}
	full := error(errUnavailable)
	db.writeErr.Store(&full)
	s := New(Config{}, Deps{DB: db})
	s.app.Get("/write", func(*fiber.Ctx) error { return errors.Join(errors.New("insert attempt"), errUnavailable) })
	get := func(path string) (int, string, string) {
		resp, err := s.app.Test(httptest.NewRequest("GET", path, nil))
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), string(body)
	}
	status, _, _ := get("/readyz")
	assert.Equal(t, 200, status, "no write has failed yet")
	status, retry, body := get("/write")
	assert.Equal(t, 503, status, body)
	assert.Equal(t, "2", retry)
	assert.Contains(t, body, `"code":"unavailable"`)
	assert.NotContains(t, body, "(13)", "the driver's text stays in the log")
	status, _, _ = get("/readyz")
	assert.Equal(t, 503, status, "not ready while writes fail")
	db.writeErr.Store(nil)
	status, _, _ = get("/readyz")
	assert.Equal(t, 200, status, "ready again once a write works")
	status, _, _ = get("/readyz")
	assert.Equal(t, 200, status)
}
