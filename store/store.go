// Package store keeps looplab's data in SQLite (modernc.org/sqlite, pure Go), the
// embedded default, or in PostgreSQL (jackc/pgx v5), for several replicas on one
// database. It owns all the SQL of the project and implements quiz's service interfaces.
//
// The queries are written once for both engines: explicit column lists, ? placeholders
// (rebound to $n for PostgreSQL, dialect.go), INSERT ... RETURNING, ON CONFLICT ... DO
// NOTHING/UPDATE, partial indexes, timestamps as fixed-width UTC text, integer flags,
// no engine-only functions. The schema is migrated by goose from one file per version
// and engine (migrations/ and migrations/postgres/: the triggers are trigger functions
// there). What differs at run time is in this file and dialect.go: SQLite has one
// writer connection with group commit (batch.go), WAL checkpoints (checkpoint.go) and
// an attempt-state cache that is exact because one process writes the file
// (statecache.go); PostgreSQL has one pool for reads and writes, no attempt-state cache,
// and serialises across replicas with advisory locks (lock.go).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/looplab/looplab/migrations"
	"github.com/looplab/looplab/quiz"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// timeFormat is fixed-width so that text order is time order.
const timeFormat = "2006-01-02T15:04:05.000000Z"

// DB is the database. With SQLite: one writer connection (SQLite allows one writer at
// a time, so the writes queue in Go instead of failing with SQLITE_BUSY) and a pool of
// readers. With PostgreSQL, write and read are the same pool.
type DB struct {
	write *sql.DB
	read  *sql.DB
	path  string // the SQLite file, or the PostgreSQL connection string
	pg    bool
	// locks are the in-process locks of WithLock on SQLite (lock.go); lockPool holds the
	// sessions of PostgreSQL's advisory locks.
	locks    sync.Map // lock name -> *sync.Mutex
	lockPool *sql.DB
	// stmts caches prepared statements by pool and query text (SQLite's parser is a
	// large share of a small query's cost).
	stmts sync.Map // stmtKey -> *sql.Stmt
	// states caches attempt states (statecache.go); nil with PostgreSQL, where other
	// replicas write too.
	states *stateCache
	// details holds the digests of the grade details already stored (detailcache.go).
	details *storedDetails
	// batchers group concurrent inserts into shared commits (batch.go).
	batchers sync.Map // query -> *batcher
	batchMu  sync.Mutex
	quit     chan struct{} // closed by Close: batchers stop
	// checkpoints copies the WAL back into the database off the writer's path
	// (checkpoint.go); ckpt is its own connection.
	checkpoints chan struct{}
	ckpt        *sql.DB
	background  sync.WaitGroup // the checkpointer
	walCaughtUp atomic.Bool    // a background checkpoint completed: see catchUpWAL
	// Now is the clock used for every timestamp; tests replace it.
	Now func() time.Time
}

// Open opens the database at location (ParseLocation: a SQLite file, created if
// needed, or a postgres:// URL) and applies every pending migration.
func Open(ctx context.Context, location string) (*DB, error) {
	db, err := OpenNoMigrate(location)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx, "up"); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// OpenNoMigrate opens the database without touching its schema (for `looplab migrate`).
func OpenNoMigrate(location string) (*DB, error) {
	engine, path := ParseLocation(location)
	if path == "" {
		return nil, fmt.Errorf("open db: empty path")
	}
	if engine == Postgres {
		return openPostgres(path)
	}
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("open db: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.Ping(); err != nil {
		w.Close()
		return nil, fmt.Errorf("open db %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open db: %w", err)
	}
	n := max(4, 2*runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	c, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open db: %w", err)
	}
	c.SetMaxOpenConns(1)
	db := &DB{write: w, read: r, ckpt: c, path: path, Now: time.Now, quit: make(chan struct{}),
		checkpoints: make(chan struct{}, 1), states: newStateCache(stateCacheSize),
		details: newStoredDetails()}
	db.background.Add(1)
	go db.checkpointer()
	return db, nil
}

// postgresPoolSize bounds the connections of one replica: grading is CPU-bound, so a
// few connections per core keep the database busy without queueing in it.
func postgresPoolSize() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// openPostgres opens a pool on the PostgreSQL database that conn (a URL) names.
func openPostgres(conn string) (*DB, error) {
	p, err := sql.Open("pgx", conn)
	if err != nil {
		return nil, fmt.Errorf("open db: %w", err)
	}
	n := postgresPoolSize()
	p.SetMaxOpenConns(n)
	p.SetMaxIdleConns(n)
	p.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := p.PingContext(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("open db %s: %w", redactURL(conn), err)
	}
	locks, err := sql.Open("pgx", conn)
	if err != nil {
		p.Close()
		return nil, fmt.Errorf("open db: %w", err)
	}
	locks.SetMaxOpenConns(4)
	locks.SetMaxIdleConns(1)
	return &DB{write: p, read: p, lockPool: locks, path: conn, pg: true, Now: time.Now, quit: make(chan struct{}),
		details: newStoredDetails()}, nil
}

// redactURL hides the password of a connection URL, for messages.
func redactURL(u string) string {
	if pu, err := url.Parse(u); err == nil {
		return pu.Redacted()
	}
	return "postgres://..."
}

// dsn builds the modernc DSN: busy_timeout first (so the other pragmas wait for locks),
// then WAL, foreign keys and NORMAL sync (durable against a process crash; a power loss
// may lose the last transactions). Writers take the lock at BEGIN (IMMEDIATE) and
// checkpoint only when the WAL passes 128 MiB, a safety net: the checkpointer
// (checkpoint.go) does it sooner, off the commit path, and restarts the WAL at 64 MiB;
// the WAL file is truncated back to 128 MiB at most when it restarts.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", "synchronous(NORMAL)")
	if readOnly {
		q.Add("_pragma", "query_only(ON)")
	} else {
		q.Set("_txlock", "immediate")
		q.Add("_pragma", "wal_autocheckpoint(32768)")
		q.Add("_pragma", "journal_size_limit(134217728)")
	}
	return "file:" + path + "?" + q.Encode()
}

// Close stops the batchers and the checkpointer and closes the pools.
func (db *DB) Close() error {
	db.stopBackground()
	db.stmts.Range(func(_, v any) bool {
		v.(*sql.Stmt).Close()
		return true
	})
	if db.pg {
		return errors.Join(db.lockPool.Close(), db.write.Close())
	}
	return errors.Join(db.ckpt.Close(), db.read.Close(), db.write.Close())
}

type stmtKey struct {
	pool  *sql.DB
	query string
}

// stmt returns the prepared statement of query on pool, preparing it once. Only SQLite
// uses them: pgx keeps its own cache of prepared statements per connection, which also
// survives a restart of the database (a *sql.Stmt would hold on to dead connections).
func (db *DB) stmt(ctx context.Context, pool *sql.DB, query string) (*sql.Stmt, error) {
	k := stmtKey{pool, query}
	if st, ok := db.stmts.Load(k); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if prev, loaded := db.stmts.LoadOrStore(k, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// rowScanner is a *sql.Row, or the error of preparing its statement.
type rowScanner struct {
	row *sql.Row
	err error
}

func (r rowScanner) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return r.row.Scan(dest...)
}

// queryRow runs a one-row query on pool through a cached prepared statement.
func (db *DB) queryRow(ctx context.Context, pool *sql.DB, query string, args ...any) rowScanner {
	if db.pg {
		return rowScanner{row: pool.QueryRowContext(ctx, db.sql(query), db.args(args)...)}
	}
	st, err := db.stmt(ctx, pool, query)
	if err != nil {
		return rowScanner{err: err}
	}
	return rowScanner{row: st.QueryRowContext(ctx, args...)}
}

// query runs a query on pool through a cached prepared statement.
func (db *DB) query(ctx context.Context, pool *sql.DB, query string, args ...any) (*sql.Rows, error) {
	if db.pg {
		return pool.QueryContext(ctx, db.sql(query), db.args(args)...)
	}
	st, err := db.stmt(ctx, pool, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// exec runs a statement on pool through a cached prepared statement.
func (db *DB) exec(ctx context.Context, pool *sql.DB, query string, args ...any) (sql.Result, error) {
	if db.pg {
		return pool.ExecContext(ctx, db.sql(query), db.args(args)...)
	}
	st, err := db.stmt(ctx, pool, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// Ping checks that the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil { // not prepared: a probe
		return fmt.Errorf("ping db: %w", err)
	}
	return nil
}

// CheckWrite reports whether the database can write now: it commits a one-row write
// (the setting write_probe), which fails as any write does on a full disk, a read-only
// file or an I/O error.
func (db *DB) CheckWrite(ctx context.Context) error {
	_, err := db.exec(ctx, db.write, `INSERT INTO settings (name, value) VALUES ('write_probe', ?)
ON CONFLICT (name) DO UPDATE SET value = excluded.value`, db.Now().UTC().Format(timeFormat))
	if err != nil {
		return fmt.Errorf("write probe: %w", err)
	}
	return nil
}

// Unavailable reports whether err means the database cannot serve for now, whatever the
// request: the disk is full, the file is read-only or cannot be opened, an I/O error, no
// memory, or a lock still held after busy_timeout; with PostgreSQL also the server down,
// restarting or unreachable (pgUnavailable). Such an error may go away; a constraint
// violation or a defect does not.
func (db *DB) Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if db.pg {
		return pgUnavailable(err)
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN,
		sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return true
	}
	return false
}

// Backup writes a consistent copy of the database to dst, which must not exist: with
// SQLite a database file (VACUUM INTO), with PostgreSQL an archive of pg_dump's custom
// format (pg_restore reads it back; pgdump.go).
func (db *DB) Backup(ctx context.Context, dst string) error {
	if db.pg {
		return db.dumpPostgres(ctx, dst)
	}
	if _, err := db.write.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("backup to %s: %w", dst, err)
	}
	return nil
}

// provider returns a goose provider over the engine's embedded migrations. With
// PostgreSQL, replicas starting together migrate one at a time (goose's session lock,
// an advisory lock).
func (db *DB) provider() (*goose.Provider, error) {
	if !db.pg {
		p, err := goose.NewProvider(goose.DialectSQLite3, db.write, migrations.FS)
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		return p, nil
	}
	files, err := fs.Sub(migrations.PostgresFS, "postgres")
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db.write, files, goose.WithSessionLocker(locker))
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return p, nil
}

// Migrate runs "up" (every pending migration), "down" (the last one) or "status" and
// returns one line per migration for a person.
func (db *DB) Migrate(ctx context.Context, command string) ([]string, error) {
	p, err := db.provider()
	if err != nil {
		return nil, err
	}
	var lines []string
	if command == "up" || command == "down" {
		// The caches describe rows a migration may move or drop.
		defer db.states.clear()
		defer db.details.clear()
	}
	switch command {
	case "up":
		res, err := p.Up(ctx)
		for _, r := range res {
			lines = append(lines, r.String())
		}
		if err != nil {
			return lines, fmt.Errorf("migrate up: %w", err)
		}
	case "down":
		r, err := p.Down(ctx)
		if r != nil {
			lines = append(lines, r.String())
		}
		if err != nil {
			return lines, fmt.Errorf("migrate down: %w", err)
		}
	case "status":
		st, err := p.Status(ctx)
		if err != nil {
			return nil, fmt.Errorf("migrate status: %w", err)
		}
		for _, s := range st {
			at := "pending"
			if s.State == goose.StateApplied {
				at = "applied " + s.AppliedAt.UTC().Format(time.RFC3339)
			}
			lines = append(lines, fmt.Sprintf("%05d %-40s %s", s.Source.Version, s.Source.Path, at))
		}
	default:
		return nil, quiz.Errorf(quiz.EINVALID, "unknown migrate command %q (up, down, status)", command)
	}
	return lines, nil
}

// now returns the clock's time in UTC, formatted for storage.
func (db *DB) now() string { return formatTime(db.Now()) }

func formatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeFormat, s)
	return t
}

// inTx runs fn in one write transaction, committing if it returns nil.
func (db *DB) inTx(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it is a no-op
	if err := fn(&Tx{tx, db}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// limit clamps a page size to 1..500, default 50.
func limit(n int) int {
	switch {
	case n <= 0:
		return 50
	case n > 500:
		return 500
	}
	return n
}

// Setting returns the value of a server setting, or ENOTFOUND.
func (db *DB) Setting(ctx context.Context, name string) (string, error) {
	var v string
	err := db.queryRow(ctx, db.read, `SELECT value FROM settings WHERE name = ?`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", quiz.Errorf(quiz.ENOTFOUND, "setting %s not found", name)
	}
	if err != nil {
		return "", fmt.Errorf("setting %s: %w", name, err)
	}
	return v, nil
}

// EnsureSetting stores value under name unless the name already has one, and returns the
// stored value (so concurrent starts agree on one secret).
func (db *DB) EnsureSetting(ctx context.Context, name, value string) (string, error) {
	var out string
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
			return fmt.Errorf("ensure setting %s: %w", name, err)
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE name = ?`, name).Scan(&out)
	})
	return out, err
}
