package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"hash/fnv"
	"sync"
)

// LockStartup is the lock held while a server does what must be done once against
// the shared database at start-up (syncing the question bank, the bootstrap admin key).
const LockStartup = "looplab:startup"

// lockKey maps a lock name to an advisory-lock key.
func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int64(h.Sum64())
}

// WithLock runs fn while holding the lock called name: with PostgreSQL a session
// advisory lock (pg_advisory_lock) on a connection of a small pool of its own (fn uses
// the main pool: lock holders never starve it), so no other replica holds the same
// lock meanwhile; with SQLite, where one process serves the file, a lock
// of this process. It waits for the lock until ctx ends.
func (db *DB) WithLock(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	if !db.pg {
		v, _ := db.locks.LoadOrStore(name, new(sync.Mutex))
		mu := v.(*sync.Mutex)
		mu.Lock()
		defer mu.Unlock()
		return fn(ctx)
	}
	conn, err := db.lockPool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer conn.Close()
	key := lockKey(name)
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer func() {
		_, err := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
		if err != nil { // close the session, which frees its locks, rather than pool it
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn(ctx)
}
