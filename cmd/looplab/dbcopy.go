package main

import (
	"context"
	"flag"
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
	const usageLine = "usage: looplab db copy --from FILE --to postgres://USER:PASSWORD@HOST:PORT/DB"
	if len(args) == 0 || args[0] != "copy" {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	fs := flag.NewFlagSet("db copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite database file to copy")
	to := fs.String("to", "", "the empty PostgreSQL database to copy into (postgres://...)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	if engine, path := store.ParseLocation(*from); engine == store.SQLite {
		if _, err := os.Stat(path); err != nil { // a missing file is not created
			fmt.Fprintln(stderr, "looplab db copy:", err)
			return 1
		}
	}
	if engine, _ := store.ParseLocation(*to); engine != store.Postgres {
		fmt.Fprintln(stderr, "looplab db copy: --to must be a postgres:// URL")
		return 2
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
