package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// raw sends a request as a browser would, without the OpenAPI check of do (a preflight
// is not an API operation), and returns the response with its body read.
func (s *testServer) raw(t testing.TB, method, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	hr, err := http.NewRequest(method, s.URL+path, nil)
	require.NoError(t, err)
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	res, err := s.client.Do(hr)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, body
}

// TestCORS: a browser app on a configured origin gets its preflight answered before any
// authentication (no credential is sent with it) and may read the responses; an app on
// another origin gets no CORS headers, so its browser refuses the call.
func TestCORS(t *testing.T) {
	t.Parallel()
	const allowed, other = "https://app.example.edu", "https://evil.example.com"
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_CORS_ORIGINS": allowed + ", http://localhost:5173"})
	app := s.mustKey(t, "app")
	preflight := func(origin string) (*http.Response, []byte) {
		return s.raw(t, http.MethodOptions, "/v1/attempts", map[string]string{"Origin": origin,
			"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, idempotency-key"})
	}

	res, _ := preflight(allowed)
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	assert.Equal(t, allowed, res.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, res.Header.Get("Access-Control-Allow-Methods"), "POST")
	for _, h := range []string{"Authorization", "Content-Type", "Idempotency-Key", "If-Match"} {
		assert.Contains(t, res.Header.Get("Access-Control-Allow-Headers"), h)
	}
	assert.Equal(t, "600", res.Header.Get("Access-Control-Max-Age"))
	assert.Contains(t, strings.Join(res.Header.Values("Vary"), ","), "Origin")
	assert.Empty(t, res.Header.Get("Access-Control-Allow-Credentials"), "credentials are a header, never a cookie")

	res, body := preflight(other)
	assert.Equal(t, http.StatusForbidden, res.StatusCode, string(body))
	assert.Equal(t, "application/problem+json", res.Header.Get("Content-Type"))
	for k := range res.Header {
		assert.False(t, strings.HasPrefix(k, "Access-Control-"), "no %s for another origin", k)
	}

	// The calls themselves: the allowed origin may read the response and its headers.
	get := func(origin string) *http.Response {
		res, body := s.raw(t, http.MethodGet, "/v1/questions?limit=1", map[string]string{"Origin": origin, "Authorization": "Bearer " + app})
		require.Equal(t, http.StatusOK, res.StatusCode, string(body))
		return res
	}
	res = get(allowed)
	assert.Equal(t, allowed, res.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, res.Header.Get("Access-Control-Expose-Headers"), "RateLimit")
	assert.Contains(t, res.Header.Get("Access-Control-Expose-Headers"), "ETag")
	res = get(other)
	assert.Empty(t, res.Header.Get("Access-Control-Allow-Origin"))

	// Without LOOPLAB_CORS_ORIGINS nobody is allowed.
	closed := startServer(t, tempDB(t), nil)
	res, _ = closed.raw(t, http.MethodOptions, "/v1/questions", map[string]string{"Origin": allowed, "Access-Control-Request-Method": "GET"})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	assert.Empty(t, res.Header.Get("Access-Control-Allow-Origin"))
}

// TestRateLimitHeaders: every response of a rate-limited route says the policy and what
// is left (RateLimit-Policy, RateLimit), and a refusal says when to come back.
func TestRateLimitHeaders(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_RATE_LIMIT": "0.5", "LOOPLAB_RATE_BURST": "3"})
	app := s.mustKey(t, "app") // the admin key's bucket pays for this one
	var last *response
	for i := range 3 {
		last = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/learners/%d", 99), Cred: app})
		assert.Equal(t, http.StatusNotFound, last.Status, "an error response of a limited route carries the headers too")
		assert.Equal(t, `"default";q=3;w=6`, last.Header.Get("RateLimit-Policy"))
		assert.Regexp(t, fmt.Sprintf(`^"default";r=%d;t=\d+$`, 2-i), last.Header.Get("RateLimit"))
	}
	last = s.do(t, req{Method: "GET", Path: "/v1/learners/99", Cred: app})
	require.Equal(t, http.StatusTooManyRequests, last.Status)
	assert.Regexp(t, `^"default";r=0;t=[3-6]$`, last.Header.Get("RateLimit"))
	assert.Regexp(t, `^[12]$`, last.Header.Get("Retry-After"), "a token every 2 s, part of one may have come back")
	// Anonymous playground runs are limited per address, with the same headers.
	sim := s.do(t, req{Method: "POST", Path: "/v1/simulate", Body: map[string]any{"code": "console.log(1)"}})
	assert.Equal(t, `"default";q=3;w=6`, sim.Header.Get("RateLimit-Policy"))
	// Routes that are not limited say nothing of it.
	health := s.do(t, req{Method: "GET", Path: "/healthz"})
	assert.Empty(t, health.Header.Get("RateLimit"))
}
