package store

import (
	"context"
	"time"
)

// checkpointPause is the least time between two background checkpoints: under a stream
// of commits, one checkpoint per pause copies each hot page back once instead of once
// per commit.
const checkpointPause = 50 * time.Millisecond

// walRestartFrames is the WAL size (in 4 KiB frames, 64 MiB) past which the writer
// catches up after a complete background checkpoint so that the WAL starts over. The
// catch-up syncs the database file on the commit path (2-40 ms on a virtual disk), so
// it is rare: once every few seconds under a saturating load of attempts.
const walRestartFrames = 16384

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
// the bulk of the copying (and the fsync of the database file) stays off the commit
// path that acknowledged writes wait for.
//
// A WAL file only starts over from its beginning when a write transaction begins
// with every frame copied back, which a busy writer never sees: it appends while the
// checkpointer copies. So after a complete background checkpoint of a WAL longer than
// walRestartFrames the checkpointer sets walCaughtUp, and the writer, before its next
// transaction, copies the few frames written meanwhile itself (catchUpWAL); the WAL
// then restarts (and is overwritten in place) instead of growing to SQLite's
// autocheckpoint threshold, where the writer would copy everything at once. When the
// writer pauses, its next transaction restarts the WAL without a catch-up.
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
		var busy, frames, copied int
		err := db.ckpt.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
		if err == nil && busy == 0 && frames > walRestartFrames && copied == frames { // else: the next request retries
			db.walCaughtUp.Store(true)
		}
		pause.Reset(checkpointPause)
		select {
		case <-pause.C:
		case <-db.quit:
			return
		}
	}
}

// catchUpWAL is called by the writer outside a transaction: after a complete background
// checkpoint it copies the frames committed since, so that its next transaction can
// restart the WAL.
func (db *DB) catchUpWAL(ctx context.Context) {
	if db.walCaughtUp.Swap(false) {
		_, _ = db.write.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`) // best effort, like autocheckpoint
	}
}
