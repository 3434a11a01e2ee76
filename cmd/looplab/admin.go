package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/looplab/looplab/store"
)

// runMigrate implements `looplab migrate [--db FILE] up|down|status`.
func runMigrate(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("migrate")
	cfg := c.config(getenv, "db")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	cmd := c.fs.Arg(0)
	if c.fs.NArg() != 1 || (cmd != "up" && cmd != "down" && cmd != "status") {
		return c.fail(stderr, errors.New("want one of up, down, status"))
	}
	db, err := store.OpenNoMigrate(cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab migrate:", err)
		return 1
	}
	defer db.Close()
	lines, err := db.Migrate(ctx, cmd)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	if err != nil {
		fmt.Fprintln(stderr, "looplab migrate:", err)
		return 1
	}
	return 0
}

// runBackup implements `looplab backup [--db FILE|URL] DEST`: a consistent copy of a
// live database (SQLite: VACUUM INTO, a database file; PostgreSQL: pg_dump's custom
// format, restored with pg_restore), safe while the servers run; the database is not
// migrated. The copy is written to a temporary file beside DEST and takes DEST's name
// only once it is complete and on disk, so a backup killed or failed midway leaves no
// file at DEST.
func runBackup(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("backup")
	cfg := c.config(getenv, "db")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if c.fs.NArg() != 1 {
		return c.fail(stderr, errors.New("want one DEST"))
	}
	// The copy is of the file as it is: no migration runs on it (a newer binary must not
	// change the schema under a running server), and a missing file is not created.
	if engine, path := store.ParseLocation(cfg.DB); engine == store.SQLite {
		if _, err := os.Stat(path); err != nil {
			fmt.Fprintln(stderr, "looplab backup:", err)
			return 1
		}
	}
	db, err := store.OpenNoMigrate(cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab backup:", err)
		return 1
	}
	defer db.Close()
	if err := backupTo(ctx, db, c.fs.Arg(0)); err != nil {
		fmt.Fprintln(stderr, "looplab backup:", err)
		return 1
	}
	fmt.Fprintln(stdout, "backup written to", c.fs.Arg(0))
	return 0
}

// backupTo copies db to dst, which must not exist, through a temporary file in dst's
// directory (.NAME.partial-RANDOM): synced, then linked to dst (which fails rather than
// replace a file that appeared meanwhile), then removed.
func backupTo(ctx context.Context, db *store.DB, dst string) error {
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%s already exists", dst)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".partial-"+hex.EncodeToString(b[:]))
	defer os.Remove(tmp) // after the link, or after a failure
	if err := db.Backup(ctx, tmp); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := os.Link(tmp, dst); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return syncFile(filepath.Dir(dst)) // the new name is on disk too
}

// syncFile flushes a file or a directory to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	return nil
}

// runHealthcheck implements `looplab healthcheck [--addr ADDR]`: exit 0 when the server
// on ADDR answers GET /healthz with 200. The Docker image uses it (no curl needed).
func runHealthcheck(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("healthcheck")
	cfg := c.config(getenv, "addr")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := c.noArgs(); err != nil {
		return c.fail(stderr, err)
	}
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		fmt.Fprintln(stderr, "looplab healthcheck:", err)
		return 2
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	url := "http://" + net.JoinHostPort(strings.Trim(host, "[]"), port) + "/healthz"
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(stderr, "looplab healthcheck:", err)
		return 1
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(stderr, "looplab healthcheck: status", resp.StatusCode)
		return 1
	}
	fmt.Fprintln(stdout, "ok")
	return 0
}
