package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWithLockSerialisesReplicas takes one lock from 40 goroutines over two database
// handles on the same PostgreSQL database (two replicas; on SQLite, where one process
// serves the file and the lock is the process's, one handle): never two holders at
// once, and holders that use the database inside the lock (more of them than either
// pool has connections) all finish. Another lock name is not held up by it.
func TestWithLockSerialisesReplicas(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	loc := newLocation(t)
	var handles []*store.DB
	for range 2 {
		if testEngine == store.SQLite && len(handles) == 1 {
			handles = append(handles, handles[0])
			continue
		}
		db, err := store.Open(ctx, loc)
		require.NoError(t, err)
		t.Cleanup(func() { db.Close() })
		handles = append(handles, db)
	}
	var holders, most, done atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := handles[i%2]
			err := db.WithLock(ctx, "test:one", func(ctx context.Context) error {
				n := holders.Add(1)
				defer holders.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				if _, err := db.EnsureSetting(ctx, "lock_test", "x"); err != nil { // the database, inside the lock
					return err
				}
				time.Sleep(time.Millisecond)
				return nil
			})
			if assert.NoError(t, err) {
				done.Add(1)
			}
		}()
	}
	other := make(chan error, 1)
	go func() {
		other <- handles[1].WithLock(ctx, "test:other", func(context.Context) error { return nil })
	}()
	select {
	case err := <-other:
		assert.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("another lock waited for the first")
	}
	wg.Wait()
	assert.Equal(t, int32(40), done.Load())
	assert.Equal(t, int32(1), most.Load(), "one holder at a time")
}
