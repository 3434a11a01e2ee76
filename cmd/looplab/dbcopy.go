package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/looplab/looplab/store"
)

// runDB implements `looplab db copy --from FILE --to postgres://...`: the one-command
// move of a SQLite database into PostgreSQL. Both databases are migrated to the latest
// version first; the target must be empty. The copy is one transaction, committed only
// after every table was read back from both databases and compared row by row. Stop the
// server of the source first: rows written during the copy are not in it.
func runDB(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, _ func(string) string) int {
	_, args, code, done := withSubcommand("db", "", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("db copy")
	from := c.fs.String("from", "", "the SQLite database file to copy")
	to := c.fs.String("to", "", "the empty PostgreSQL database to copy into (postgres://...)")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := c.noArgs(); err != nil {
		return c.fail(stderr, err)
	}
	if *from == "" || *to == "" {
		return c.fail(stderr, errors.New("--from and --to are both needed"))
	}
	if engine, path := store.ParseLocation(*from); engine == store.SQLite {
		if _, err := os.Stat(path); err != nil { // a missing file is not created
			fmt.Fprintln(stderr, "looplab db copy:", err)
			return 1
		}
	}
	if engine, _ := store.ParseLocation(*to); engine != store.Postgres {
		return c.fail(stderr, errors.New("--to must be a postgres:// URL"))
	}
	src, err := store.Open(ctx, *from)
	if err != nil {
		fmt.Fprintln(stderr, "looplab db copy:", err)
		return 1
	}
	defer src.Close()
	dst, err := store.Open(ctx, *to)
	if err != nil {
		fmt.Fprintln(stderr, "looplab db copy:", err)
		return 1
	}
	defer dst.Close()
	counts, err := store.Copy(ctx, src, dst)
	if err != nil {
		fmt.Fprintln(stderr, "looplab db copy:", err)
		return 1
	}
	var total int64
	for _, c := range counts {
		fmt.Fprintf(stdout, "%-24s %10d rows\n", c.Table, c.Rows)
		total += c.Rows
	}
	fmt.Fprintf(stdout, "copied and verified %d rows row by row\n", total)
	return 0
}
