package api

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVendoredBundleServedDecompressed checks that a file kept gzipped in the repository
// (web/reference/redoc.standalone.js.gz) is served as itself, decompressed, and only
// under its own name.
func TestVendoredBundleServedDecompressed(t *testing.T) {
	s := New(Config{}, Deps{DB: &fakeDB{}})
	resp, err := s.app.Test(httptest.NewRequest("GET", "/docs/api/redoc.standalone.js", nil), -1)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Type"), "javascript")
	assert.Greater(t, len(body), 900_000, "the whole bundle, decompressed")
	assert.True(t, strings.Contains(string(body), "Redoc"), "Redoc's code")
	resp, err = s.app.Test(httptest.NewRequest("GET", "/docs/api/redoc.standalone.js.gz", nil))
	require.NoError(t, err)
	assert.Equal(t, 404, resp.StatusCode)
}
