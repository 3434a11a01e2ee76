package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Engine names the database behind a DB.
type Engine string

const (
	// SQLite is the embedded default: one file, one server process.
	SQLite Engine = "sqlite"
	// Postgres is PostgreSQL (through jackc/pgx v5), for several replicas on one database.
	Postgres Engine = "postgres"
)

// ParseLocation tells which engine a LOOPLAB_DB value names and what to open: a
// postgres:// or postgresql:// URL is PostgreSQL (the URL is pgx's connection string),
// "sqlite:PATH" or a plain path is a SQLite file.
func ParseLocation(loc string) (Engine, string) {
	switch {
	case strings.HasPrefix(loc, "postgres://"), strings.HasPrefix(loc, "postgresql://"):
		return Postgres, loc
	case strings.HasPrefix(loc, "sqlite:"):
		return SQLite, strings.TrimPrefix(loc, "sqlite:")
	}
	return SQLite, loc
}

// Engine returns the database's engine.
func (db *DB) Engine() Engine {
	if db.pg {
		return Postgres
	}
	return SQLite
}

// rebinds caches the PostgreSQL form of each query text.
var rebinds sync.Map // string -> string

// sql returns query in the engine's placeholder style. The queries of this package are
// written with ?, which PostgreSQL spells $1, $2...; no query has a ? inside a literal.
func (db *DB) sql(query string) string {
	if !db.pg {
		return query
	}
	if q, ok := rebinds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	q := b.String()
	rebinds.Store(query, q)
	return q
}

// args converts arguments for the engine: the schema has no boolean columns (flags are
// integers 0/1, as in SQLite), so a Go bool is stored as 0 or 1.
func (db *DB) args(args []any) []any {
	if !db.pg {
		return args
	}
	for i, a := range args {
		if b, ok := a.(bool); ok {
			args[i] = boolInt(b)
		}
	}
	return args
}

// Tx is a write transaction whose statements are written in this package's style (?
// placeholders) whatever the engine.
type Tx struct {
	tx *sql.Tx
	db *DB
}

// ExecContext runs a statement in the transaction.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.db.sql(query), t.db.args(args)...)
}

// QueryContext runs a query in the transaction.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.db.sql(query), t.db.args(args)...)
}

// QueryRowContext runs a one-row query in the transaction.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.db.sql(query), t.db.args(args)...)
}

// PostgreSQL's SQLSTATE codes of the constraint violations (class 23) and of the
// transactions it aborts to resolve a conflict.
const (
	pgUniqueViolation     = "23505"
	pgForeignKeyViolation = "23503"
	pgDeadlock            = "40P01"
	pgSerialization       = "40001"
)

// isDeadlock reports a PostgreSQL transaction aborted for a deadlock or a
// serialization conflict: running it again may succeed.
func isDeadlock(err error) bool {
	if err == nil {
		return false
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == pgDeadlock || pe.Code == pgSerialization)
}

// isConstraint reports whether err is a SQLite constraint violation of the given
// extended code (sqlite3.SQLITE_CONSTRAINT_UNIQUE, ...) or a PostgreSQL one of the given
// SQLSTATE.
func isConstraint(err error, sqliteCode int, pgCode string) bool {
	if err == nil { // the hot path: no error, and no error target escaping to the heap
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqliteCode
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgCode
}

// isAnyConstraint reports a violated constraint of any kind.
func isAnyConstraint(err error) bool {
	if err == nil {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && strings.HasPrefix(pe.Code, "23")
}

func isUnique(err error) bool {
	return isConstraint(err, sqlite3.SQLITE_CONSTRAINT_UNIQUE, pgUniqueViolation) ||
		isConstraint(err, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, pgUniqueViolation)
}

func isForeignKey(err error) bool {
	return isConstraint(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY, pgForeignKeyViolation)
}

// pgUnavailable reports a PostgreSQL error that may go away by itself: no connection, a
// connection lost, the server shutting down or starting up (SQLSTATE class 08,
// 57P01-57P03), out of disk, memory or connections (class 53), an I/O error (58030), a
// read-only server (25006: a standby). The pool opens new connections by itself once the
// server is back.
func pgUnavailable(err error) bool {
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "08") || strings.HasPrefix(pe.Code, "53") ||
			pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "58030" || pe.Code == "25006"
	}
	for _, e := range []error{driver.ErrBadConn, sql.ErrConnDone, io.ErrUnexpectedEOF, io.EOF,
		syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.EPIPE} {
		if errors.Is(err, e) {
			return true
		}
	}
	return strings.Contains(err.Error(), "conn closed")
}
