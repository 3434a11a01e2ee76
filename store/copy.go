package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// copyTables is every table of the schema, each after the tables it refers to
// (TestCopyCoversEverySchemaTable keeps it complete).
var copyTables = []string{
	"learners", "settings", "questions", "question_versions", "api_keys", "idempotency",
	"lti_platforms", "lti_tool_keys", "lti_states", "lti_nonces", "lti_contexts", "lti_links",
	"lti_grade_targets", "lti_deep_links", "lti_link_questions", "webhook_subscriptions", "webhook_events",
	"classes", "class_members", "assessments", "assessment_questions", "grade_details", "attempts", "review_states", "outbox", "outbox_tries",
}

// copyChunk is how many rows one INSERT of a copy carries.
const copyChunk = 200

// TableCount is how many rows a table holds.
type TableCount struct {
	Table string
	Rows  int64
}

// Copy copies every row of from (any engine) into to, a PostgreSQL database with the
// same schema version and no rows, in one transaction: row ids are kept, the triggers
// of to are off meanwhile (the copied outbox and review states are the source's, not
// made again), and the identity sequences continue after the highest id. Then it reads
// both databases back, table by table in primary-key order, and compares them row by
// row: the copy is committed only when every row is equal. It returns the row count of
// each table. Stop the servers of from first: rows written during the copy are not in it.
func Copy(ctx context.Context, from, to *DB) ([]TableCount, error) {
	if !to.pg {
		return nil, fmt.Errorf("db copy: the target must be a PostgreSQL database (postgres://...)")
	}
	if err := sameVersion(ctx, from, to); err != nil {
		return nil, err
	}
	if err := empty(ctx, to); err != nil {
		return nil, err
	}
	var counts []TableCount
	err := to.inTx(ctx, func(tx *Tx) error {
		for _, table := range copyTables {
			if _, err := tx.ExecContext(ctx, `ALTER TABLE `+table+` DISABLE TRIGGER USER`); err != nil {
				return fmt.Errorf("db copy: %s: %w", table, err)
			}
		}
		for _, table := range copyTables {
			n, err := copyTable(ctx, from, tx, table)
			if err != nil {
				return fmt.Errorf("db copy: %s: %w", table, err)
			}
			counts = append(counts, TableCount{table, n})
		}
		for _, table := range copyTables {
			if _, err := tx.ExecContext(ctx, `ALTER TABLE `+table+` ENABLE TRIGGER USER`); err != nil {
				return fmt.Errorf("db copy: %s: %w", table, err)
			}
		}
		if err := restartIdentities(ctx, tx); err != nil {
			return err
		}
		for _, table := range copyTables {
			if err := compareTable(ctx, from, to, tx, table); err != nil {
				return fmt.Errorf("db copy: verify %s: %w", table, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	to.details.clear()
	return counts, nil
}

// CopyTables lists the tables Copy copies, in its order.
func CopyTables() []string { return append([]string(nil), copyTables...) }

// Schema returns the columns of every table of the database but goose's own, in
// column order.
func (db *DB) Schema(ctx context.Context) (map[string][]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version'`
	if db.pg {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
			AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version'`
	}
	tables, err := queryStrings(ctx, db, q)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	out := map[string][]string{}
	for _, t := range tables {
		s, err := shape(ctx, db, db.read, t)
		if err != nil {
			return nil, fmt.Errorf("schema of %s: %w", t, err)
		}
		out[t] = s.columns
	}
	return out, nil
}

// empty checks that no table of db has a row.
func empty(ctx context.Context, db *DB) error {
	for _, t := range copyTables {
		var any int
		err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM `+t+` LIMIT 1) x`).Scan(&any)
		if err != nil {
			return fmt.Errorf("db copy: target %s: %w", t, err)
		}
		if any > 0 {
			return fmt.Errorf("db copy: the target database is not empty (table %s has rows): copy into a new database", t)
		}
	}
	return nil
}

// sameVersion checks that both databases are at the same migration version.
func sameVersion(ctx context.Context, from, to *DB) error {
	var a, b int64
	if err := from.queryRow(ctx, from.read, `SELECT MAX(version_id) FROM goose_db_version`).Scan(&a); err != nil {
		return fmt.Errorf("db copy: source version: %w", err)
	}
	if err := to.queryRow(ctx, to.read, `SELECT MAX(version_id) FROM goose_db_version`).Scan(&b); err != nil {
		return fmt.Errorf("db copy: target version: %w", err)
	}
	if a != b {
		return fmt.Errorf("db copy: the source is at migration %d, the target at %d: migrate both to the same version", a, b)
	}
	return nil
}

// tableShape is a table's columns and the ORDER BY of its primary key.
type tableShape struct {
	columns []string
	orderBy string
}

// shape reads a table's columns from db, and its primary key, which orders its rows the
// same way on both engines (text in byte order: SQLite's BINARY, PostgreSQL's "C").
func shape(ctx context.Context, db *DB, q queryer, table string) (tableShape, error) {
	var s tableShape
	query := `SELECT name, pk, type FROM pragma_table_info(?) ORDER BY cid`
	if db.pg {
		query = `SELECT c.column_name, COALESCE(k.ordinal_position, 0), c.data_type
			FROM information_schema.columns c
			LEFT JOIN information_schema.table_constraints t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				AND t.constraint_type = 'PRIMARY KEY'
			LEFT JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name
				AND k.table_schema = c.table_schema AND k.column_name = c.column_name
			WHERE c.table_schema = current_schema() AND c.table_name = ? ORDER BY c.ordinal_position`
	}
	rows, err := q.QueryContext(ctx, db.sql(query), table)
	if err != nil {
		return s, err
	}
	defer rows.Close()
	pk := map[int]string{}
	for rows.Next() {
		var name, typ string
		var pos int
		if err := rows.Scan(&name, &pos, &typ); err != nil {
			return s, err
		}
		s.columns = append(s.columns, name)
		if pos > 0 {
			if db.pg && typ == "text" {
				name += ` COLLATE "C"`
			}
			pk[pos] = name
		}
	}
	if err := rows.Err(); err != nil {
		return s, err
	}
	if len(s.columns) == 0 {
		return s, fmt.Errorf("no such table")
	}
	keys := make([]string, len(pk))
	for i := range keys {
		keys[i] = pk[i+1]
	}
	s.orderBy = strings.Join(keys, ", ")
	return s, nil
}

// queryer is a pool or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// copyTable inserts every row of table from into tx, in chunks, and returns how many.
func copyTable(ctx context.Context, from *DB, tx *Tx, table string) (int64, error) {
	src, err := shape(ctx, from, from.read, table)
	if err != nil {
		return 0, err
	}
	dst, err := shape(ctx, tx.db, tx.tx, table)
	if err != nil {
		return 0, err
	}
	if strings.Join(src.columns, ",") != strings.Join(dst.columns, ",") {
		return 0, fmt.Errorf("the columns differ: %v and %v", src.columns, dst.columns)
	}
	cols := strings.Join(src.columns, ", ")
	rows, err := from.read.QueryContext(ctx, `SELECT `+cols+` FROM `+table+` ORDER BY `+src.orderBy)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	var chunk []any
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(src.columns)), ", ") + ")"
		k := len(chunk) / len(src.columns)
		q := `INSERT INTO ` + table + ` (` + cols + `) VALUES ` + strings.TrimSuffix(strings.Repeat(row+", ", k), ", ")
		_, err := tx.ExecContext(ctx, q, chunk...)
		chunk = chunk[:0]
		return err
	}
	for rows.Next() {
		vals, err := scanValues(rows, len(src.columns))
		if err != nil {
			return n, err
		}
		chunk = append(chunk, vals...)
		n++
		if n%copyChunk == 0 {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, flush()
}

// scanValues reads one row of n columns as the driver gives it.
func scanValues(rows *sql.Rows, n int) ([]any, error) {
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		return nil, err
	}
	return vals, nil
}

// restartIdentities makes every identity column continue after the highest copied id.
func restartIdentities(ctx context.Context, tx *Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name`)
	if err != nil {
		return fmt.Errorf("db copy: identities: %w", err)
	}
	var idents [][2]string
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			rows.Close()
			return fmt.Errorf("db copy: identities: %w", err)
		}
		idents = append(idents, [2]string{t, c})
	}
	rows.Close()
	for _, tc := range idents {
		t, c := tc[0], tc[1]
		_, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', '`+c+`'), GREATEST(MAX(`+c+`), 1), MAX(`+c+`) IS NOT NULL) FROM `+t)
		if err != nil {
			return fmt.Errorf("db copy: identity of %s: %w", t, err)
		}
	}
	return nil
}

// compareTable reads table from both databases in primary-key order and compares the
// rows one by one; tx is the copy's transaction on to.
func compareTable(ctx context.Context, from, to *DB, tx *Tx, table string) error {
	src, err := shape(ctx, from, from.read, table)
	if err != nil {
		return err
	}
	dst, err := shape(ctx, to, tx.tx, table)
	if err != nil {
		return err
	}
	cols := strings.Join(src.columns, ", ")
	a, err := from.read.QueryContext(ctx, `SELECT `+cols+` FROM `+table+` ORDER BY `+src.orderBy)
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := tx.tx.QueryContext(ctx, `SELECT `+cols+` FROM `+table+` ORDER BY `+dst.orderBy)
	if err != nil {
		return err
	}
	defer b.Close()
	for row := 1; ; row++ {
		moreA, moreB := a.Next(), b.Next()
		if !moreA || !moreB {
			if moreA != moreB {
				return fmt.Errorf("row %d: one database has more rows than the other", row)
			}
			break
		}
		va, err := scanValues(a, len(src.columns))
		if err != nil {
			return err
		}
		vb, err := scanValues(b, len(src.columns))
		if err != nil {
			return err
		}
		for i := range va {
			if x, y := canonical(va[i]), canonical(vb[i]); x != y {
				return fmt.Errorf("row %d, column %s: %.60q is %.60q in the copy", row, src.columns[i], x, y)
			}
		}
	}
	return errors.Join(a.Err(), b.Err())
}

// canonical renders a driver value so that equal values of the two engines compare
// equal (SQLite may hand a TEXT column's value back as bytes, an integral REAL as an
// integer).
func canonical(v any) string {
	switch x := v.(type) {
	case nil:
		return "\x00NULL"
	case []byte:
		return string(x)
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if x == float64(int64(x)) && x > -1<<53 && x < 1<<53 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		if x {
			return "1"
		}
		return "0"
	}
	return fmt.Sprint(v)
}
