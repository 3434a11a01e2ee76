package store

import (
	"context"
	"time"
)

// checkpointPause is the least time between two background checkpoints: under a stream
// of commits, one checkpoint per pause copies each hot page back once instead of once
// per commit.
const checkpointPause = 100 * time.Millisecond

// requestCheckpoint asks the checkpointer to copy the WAL back into the database soon
// (a batcher calls it after each commit); it never blocks.
func (db *DB) requestCheckpoint() {
	select {
	case db.checkpoints <- struct{}{}:
	default:
	}
}

// checkpointer runs PASSIVE checkpoints on its own connection when asked, at most one
// per checkpointPause, until Close. PASSIVE never waits for the writer or readers, so
// the cost (and the fsync of the database file) stays off the commit path that
// acknowledged writes wait for; SQLite's own autocheckpoint remains as a backstop.
func (db *DB) checkpointer() {
	defer db.background.Done()
	pause := time.NewTimer(0)
	defer pause.Stop()
	for {
		select {
		case <-db.checkpoints:
		case <-db.quit:
			return
		}
		_, _ = db.ckpt.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`) // best effort: the next request retries
		pause.Reset(checkpointPause)
		select {
		case <-pause.C:
		case <-db.quit:
			return
		}
	}
}
