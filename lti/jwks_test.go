package lti

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJWKSRefresh: a platform that replaces its key under the same kid is refetched on
// request (a signature that does not verify), but at most once a second.
func TestJWKSRefresh(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var mu sync.Mutex
	keyA, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	keyB, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	current, fetches := keyA, 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		fetches++
		_ = json.NewEncoder(w).Encode(JWKS{Keys: []JWK{publicJWK("k", &current.PublicKey)}})
	}))
	t.Cleanup(srv.Close)
	count := func() int { mu.Lock(); defer mu.Unlock(); return fetches }
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newJWKSCache(srv.Client(), func() time.Time { return now })

	again, err := c.refresh(ctx, srv.URL)
	require.NoError(t, err)
	assert.False(t, again, "nothing fetched yet, nothing to refresh")
	k, err := c.key(ctx, srv.URL, "k")
	require.NoError(t, err)
	assert.Equal(t, keyA.N, k.N)

	mu.Lock()
	current = keyB // replaced under the same kid
	mu.Unlock()
	again, err = c.refresh(ctx, srv.URL)
	require.NoError(t, err)
	assert.False(t, again, "fetched less than a second ago")
	assert.Equal(t, 1, count())

	now = now.Add(2 * time.Second)
	again, err = c.refresh(ctx, srv.URL)
	require.NoError(t, err)
	assert.True(t, again)
	assert.Equal(t, 2, count())
	k, err = c.key(ctx, srv.URL, "k")
	require.NoError(t, err)
	assert.Equal(t, keyB.N, k.N, "the replaced key")
	again, _ = c.refresh(ctx, srv.URL)
	assert.False(t, again, "at most once a second")
	assert.Equal(t, 2, count())
}
