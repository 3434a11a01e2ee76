package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// maxBatch bounds how many inserts share one transaction, so that a burst never makes
// one commit (and the wait of the first writer in it) arbitrarily long.
const maxBatch = 128

// errClosed answers an insert that arrives after Close.
var errClosed = errors.New("database closed")

// batcher runs one INSERT statement for many concurrent callers with group commit:
// one goroutine takes every request that is waiting, runs them in one transaction on
// the writer connection and commits once. Each INSERT is still atomic on its own: a
// constraint violation aborts that statement only (SQLite keeps the transaction), and
// its caller gets the error. A caller is answered only after the commit, so an
// acknowledged row is durable (as with one transaction per row), while the cost of
// writing the WAL frames is shared by the whole batch.
//
// Requests wait in a slice rather than a channel: a caller enqueues without blocking
// and is woken once, when its answer is ready (a channel hand-off would wake it twice).
type batcher struct {
	db     *DB
	query  string
	mu     sync.Mutex // guards queue and closed
	queue  []*insertRequest
	closed bool
	wake   chan struct{} // buffered 1: the queue may be non-empty
	done   sync.WaitGroup
}

type insertRequest struct {
	ctx    context.Context
	before []batchStmt
	args   []any
	id     int64
	err    error
	done   chan struct{}
}

// batchStmt is a statement and its arguments.
type batchStmt struct {
	query string
	args  []any
}

// batchInsert runs query (an INSERT into a rowid table) with args through the query's
// batcher and returns the new row's id, or the first error of its statements or the
// commit's. The before statements run first, in the same transaction (rows the insert
// refers to); a constraint violation in any of them is the caller's error and skips the
// caller's later statements (what its earlier ones wrote is kept).
func (db *DB) batchInsert(ctx context.Context, before []batchStmt, query string, args ...any) (int64, error) {
	b := db.batcher(query)
	r := &insertRequest{ctx: ctx, before: before, args: args, done: make(chan struct{})}
	if !b.enqueue(r) {
		return 0, errClosed
	}
	<-r.done
	return r.id, r.err
}

// enqueue adds r to the queue unless the batcher has stopped.
func (b *batcher) enqueue(r *insertRequest) bool {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return false
	}
	b.queue = append(b.queue, r)
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
	return true
}

// take moves up to maxBatch waiting requests into batch.
func (b *batcher) take(batch []*insertRequest) []*insertRequest {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := min(len(b.queue), maxBatch)
	batch = append(batch[:0], b.queue[:n]...)
	rest := copy(b.queue, b.queue[n:])
	clear(b.queue[rest:])
	b.queue = b.queue[:rest]
	return batch
}

// batcher returns the batcher of query, starting it on first use.
func (db *DB) batcher(query string) *batcher {
	if b, ok := db.batchers.Load(query); ok {
		return b.(*batcher)
	}
	db.batchMu.Lock()
	defer db.batchMu.Unlock()
	if b, ok := db.batchers.Load(query); ok {
		return b.(*batcher)
	}
	b := &batcher{db: db, query: query, wake: make(chan struct{}, 1)}
	b.done.Add(1)
	go b.loop(db.quit)
	db.batchers.Store(query, b)
	return b
}

// stopBackground stops every batcher once the requests queued so far are answered,
// and the checkpointer; later inserts fail with errClosed.
func (db *DB) stopBackground() {
	db.batchMu.Lock()
	defer db.batchMu.Unlock()
	select {
	case <-db.quit:
		return
	default:
		close(db.quit)
	}
	db.batchers.Range(func(_, v any) bool {
		v.(*batcher).done.Wait()
		return true
	})
	db.background.Wait()
}

// loop answers batches until quit is closed and the queue is empty.
func (b *batcher) loop(quit <-chan struct{}) {
	defer b.done.Done()
	batch := make([]*insertRequest, 0, maxBatch)
	for {
		select {
		case <-b.wake:
		case <-quit:
			b.mu.Lock()
			b.closed = true
			b.mu.Unlock()
			for batch = b.take(batch); len(batch) > 0; batch = b.take(batch) {
				b.run(batch)
			}
			return
		}
		for batch = b.take(batch); len(batch) > 0; batch = b.take(batch) {
			b.run(batch)
		}
	}
}

// run inserts a batch in one transaction and answers every request in it.
func (b *batcher) run(batch []*insertRequest) {
	var err error
	if b.db.pg {
		err = b.insertAllPostgres(batch)
	} else {
		err = b.insertAll(batch)
	}
	if err != nil {
		for _, r := range batch {
			if r.err == nil {
				r.id, r.err = 0, err
			}
		}
	}
	for _, r := range batch {
		close(r.done)
	}
}

// insertAll runs the batch's statements in one transaction. A constraint violation is
// that request's own error; any other error rolls the whole batch back and is returned.
func (b *batcher) insertAll(batch []*insertRequest) error {
	ctx := context.Background()
	b.db.catchUpWAL(ctx)
	prepared, err := b.prepareAll(ctx, batch) // before BEGIN: the writer pool has one connection
	if err != nil {
		return err
	}
	tx, err := b.db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	inTx := make(map[string]*sql.Stmt, len(prepared))
	stmt := func(query string) *sql.Stmt {
		st, ok := inTx[query]
		if !ok {
			st = tx.StmtContext(ctx, prepared[query])
			inTx[query] = st
		}
		return st
	}
	for _, r := range batch {
		if r.err = r.ctx.Err(); r.err != nil {
			continue
		}
		r.id, r.err = b.exec(ctx, stmt, r)
		if r.err != nil && !isAnyConstraint(r.err) {
			err := r.err
			_ = tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	b.db.requestCheckpoint()
	return nil
}

// prepareAll prepares every statement of the batch on the writer pool.
func (b *batcher) prepareAll(ctx context.Context, batch []*insertRequest) (map[string]*sql.Stmt, error) {
	prepared := map[string]*sql.Stmt{}
	add := func(query string) error {
		if _, ok := prepared[query]; ok {
			return nil
		}
		st, err := b.db.stmt(ctx, b.db.write, query)
		prepared[query] = st
		return err
	}
	if err := add(b.query); err != nil {
		return nil, err
	}
	for _, r := range batch {
		for _, s := range r.before {
			if err := add(s.query); err != nil {
				return nil, err
			}
		}
	}
	return prepared, nil
}

// exec runs r's statements and returns the id of the row its insert added.
func (b *batcher) exec(ctx context.Context, stmt func(string) *sql.Stmt, r *insertRequest) (int64, error) {
	for _, s := range r.before {
		if _, err := stmt(s.query).ExecContext(ctx, s.args...); err != nil {
			return 0, err
		}
	}
	res, err := stmt(b.query).ExecContext(ctx, r.args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// insertAllPostgres runs the batch's statements in one transaction on PostgreSQL, where
// a failed statement aborts the whole transaction: a request whose statement violates a
// constraint gets that error, the transaction is rolled back and the batch runs again
// without it (constraint violations are rare: a retried idempotency key, an attempt
// number taken by another replica). A deadlock with another replica's batch (both
// inserting the same new grade details in another order) runs the batch again, a few
// times. Any other error fails the whole batch.
func (b *batcher) insertAllPostgres(batch []*insertRequest) error {
	ctx := context.Background()
	insert := b.db.sql(b.query + ` RETURNING id`)
	for deadlocks := 0; ; {
		again, err := b.tryPostgres(ctx, batch, insert)
		if isDeadlock(err) && deadlocks < 3 {
			deadlocks++
			continue
		}
		if err != nil || !again {
			return err
		}
	}
}

// tryPostgres runs the requests of the batch not answered yet in one transaction; again
// is true when one of them met a constraint and the rest must run again.
func (b *batcher) tryPostgres(ctx context.Context, batch []*insertRequest, insert string) (again bool, err error) {
	tx, err := b.db.write.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it is a no-op
	for _, r := range batch {
		if r.err != nil {
			continue
		}
		if r.err = r.ctx.Err(); r.err != nil {
			continue
		}
		r.id, err = b.execPostgres(ctx, tx, insert, r)
		if isAnyConstraint(err) {
			r.err = err
			return true, nil
		}
		if err != nil {
			return false, err
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("commit: %w", err)
	}
	return false, nil
}

// execPostgres runs r's statements in tx and returns the id of the row its insert added.
func (b *batcher) execPostgres(ctx context.Context, tx *sql.Tx, insert string, r *insertRequest) (int64, error) {
	for _, s := range r.before {
		if _, err := tx.ExecContext(ctx, b.db.sql(s.query), b.db.args(s.args)...); err != nil {
			return 0, err
		}
	}
	var id int64
	err := tx.QueryRowContext(ctx, insert, b.db.args(r.args)...).Scan(&id)
	return id, err
}
