package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIdempotencyExpiry checks that a completed record is replayed until its ttl has
// passed, then replaced by a new reservation, and that Prune deletes only completed
// records older than the ttl.
func TestIdempotencyExpiry(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	now := fixedNow
	db.Now = func() time.Time { return now }
	idem := store.NewIdempotencyService(db)
	ctx := context.Background()
	const ttl = time.Hour
	reserve := func(key string, fingerprint byte) *quiz.IdempotencyRecord {
		t.Helper()
		existing, err := idem.Reserve(ctx, &quiz.IdempotencyRecord{Scope: "key:1", Key: key, Fingerprint: []byte{fingerprint}}, ttl)
		require.NoError(t, err)
		return existing
	}
	complete := func(key string) {
		t.Helper()
		require.NoError(t, idem.Complete(ctx, &quiz.IdempotencyRecord{Scope: "key:1", Key: key, Status: 201,
			ContentType: "application/json", Body: []byte(`{"id":1}`)}))
	}

	require.Nil(t, reserve("old", 1))
	complete("old")
	require.Nil(t, reserve("in-flight", 1)) // never completed: a crash or a slow request
	now = now.Add(ttl - time.Second)
	require.Nil(t, reserve("young", 1))
	complete("young")

	got := reserve("old", 2)
	require.NotNil(t, got, "not expired yet: the stored response")
	assert.Equal(t, 201, got.Status)
	assert.Equal(t, []byte{1}, got.Fingerprint)

	now = now.Add(2 * time.Second) // "old" is now ttl+1s old, "young" 1s
	assert.Nil(t, reserve("old", 2), "expired: reserved anew")
	got = reserve("old", 3)
	require.NotNil(t, got)
	assert.Equal(t, []byte{2}, got.Fingerprint, "the new reservation, in flight")
	assert.Equal(t, 0, got.Status)

	n, err := idem.Prune(ctx, ttl)
	require.NoError(t, err)
	assert.Zero(t, n, "nothing completed is older than the ttl any more")
	now = now.Add(ttl)
	n, err = idem.Prune(ctx, ttl)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n, "only the completed 'young' record; in-flight ones stay")
	assert.Nil(t, reserve("young", 1))
	assert.NotNil(t, reserve("in-flight", 2), "an in-flight record never expires by age")
}

// TestReserveRacesAcrossReplicas reserves one key from 16 goroutines over two database
// handles on the same database (two replicas): exactly one reserves it, every other gets
// the in-flight record, and none fails.
func TestReserveRacesAcrossReplicas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	loc := newLocation(t)
	var handles []*store.DB
	for range 2 {
		db, err := store.Open(ctx, loc)
		require.NoError(t, err)
		t.Cleanup(func() { db.Close() })
		handles = append(handles, db)
	}
	var reserved atomic.Int32
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := &quiz.IdempotencyRecord{Scope: "app:1", Key: "same", Fingerprint: []byte("f")}
			existing, err := store.NewIdempotencyService(handles[i%2]).Reserve(ctx, rec, time.Hour)
			if !assert.NoError(t, err) {
				return
			}
			if existing == nil {
				reserved.Add(1)
			} else {
				assert.Equal(t, 0, existing.Status, "in flight")
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), reserved.Load())
}
