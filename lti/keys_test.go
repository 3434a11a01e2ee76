package lti_test

import (
	"context"
	"testing"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyRotation: the first key is made on the first start; a rotation publishes the
// new key with the old one; after the overlap only the new one is published; a key
// older than the maximum age is replaced at start.
func TestKeyRotation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openDB(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	db.Now = clock
	tool := lti.New(lti.Config{Now: clock, KeyOverlap: 7 * 24 * time.Hour}, store.NewLTIStore(db), store.NewLearnerService(db))

	made, err := tool.EnsureKey(ctx, 90*24*time.Hour)
	require.NoError(t, err)
	assert.True(t, made)
	made, err = tool.EnsureKey(ctx, 90*24*time.Hour)
	require.NoError(t, err)
	assert.False(t, made, "a restart keeps the key")
	first, err := tool.JWKS(ctx)
	require.NoError(t, err)
	require.Len(t, first.Keys, 1)
	assert.Equal(t, "RSA", first.Keys[0].KTY)
	assert.Equal(t, "RS256", first.Keys[0].Alg)

	signs := func() string {
		t.Helper()
		kid, err := tool.SigningKID(ctx)
		require.NoError(t, err)
		return kid
	}
	assert.Equal(t, first.Keys[0].KID, signs(), "the first key signs at once")

	now = now.Add(24 * time.Hour)
	kid, err := tool.RotateKey(ctx)
	require.NoError(t, err)
	both, err := tool.JWKS(ctx)
	require.NoError(t, err)
	require.Len(t, both.Keys, 2)
	assert.Equal(t, kid, both.Keys[0].KID)
	assert.Equal(t, first.Keys[0].KID, both.Keys[1].KID)
	assert.Equal(t, first.Keys[0].KID, signs(), "a new key does not sign before a cached JWKS can know it")
	now = now.Add(lti.JWKSMaxAge)
	assert.Equal(t, kid, signs(), "it signs once the JWKS cache time has passed")

	now = now.Add(8 * 24 * time.Hour)
	tool = lti.New(lti.Config{Now: clock}, store.NewLTIStore(db), store.NewLearnerService(db))
	after, err := tool.JWKS(ctx)
	require.NoError(t, err)
	require.Len(t, after.Keys, 1, "the old key is retired after the overlap")
	assert.Equal(t, kid, after.Keys[0].KID)

	now = now.Add(100 * 24 * time.Hour)
	made, err = tool.EnsureKey(ctx, 90*24*time.Hour)
	require.NoError(t, err)
	assert.True(t, made, "a key older than the maximum age is replaced")
}
