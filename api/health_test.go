package api

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pinger is a database whose ping fails with err (nil: it answers).
type pinger struct{ err error }

func (p pinger) Ping(context.Context) error { return p.err }

// TestReadyz checks that /readyz follows the database: 200 while it answers, a 503
// problem (without the driver's text) when it does not; /healthz answers either way.
func TestReadyz(t *testing.T) {
	for _, tc := range []struct {
		db     error
		status int
	}{{nil, 200}, {errors.New("sqlite: database disk image is malformed"), 503}} {
		s := New(Config{}, Deps{DB: pinger{tc.db}})
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
