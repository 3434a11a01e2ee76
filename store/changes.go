package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// changesChannel is the PostgreSQL channel of migration 00019's notifications.
const changesChannel = "looplab_changes"

// Change is a change made through another replica that caches depend on. Kind is
// "key" (an API key was updated: revoked) or "question" (a question has a new
// version), with the row's ID; Kind "" means that anything may have changed (the
// notifications were not heard for a while).
type Change struct {
	Kind string
	ID   int64
}

// WatchChanges calls fn for each change notified by the database until ctx ends. With
// SQLite it returns at once: one process serves the file and its caches forget what it
// changes itself. With PostgreSQL it LISTENs on a connection of its own, and after
// (re)connecting calls fn with Change{} first, since notifications sent while it was
// not listening are lost; a lost connection is opened again after a second.
func (db *DB) WatchChanges(ctx context.Context, fn func(Change)) {
	if !db.pg {
		return
	}
	for ctx.Err() == nil {
		db.listen(ctx, fn)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// listen holds one listening connection until it fails or ctx ends.
func (db *DB) listen(ctx context.Context, fn func(Change)) {
	conn, err := pgx.Connect(ctx, db.path)
	if err != nil {
		return
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+changesChannel); err != nil {
		return
	}
	fn(Change{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		kind, id, ok := strings.Cut(n.Payload, ":")
		if v, err := strconv.ParseInt(id, 10, 64); ok && err == nil {
			fn(Change{Kind: kind, ID: v})
		} else {
			fn(Change{})
		}
	}
}
