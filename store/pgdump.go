package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// dumpPostgres writes a pg_dump archive (custom format: compressed, restored with
// pg_restore) of the database to dst. pg_dump takes one consistent snapshot and does
// not block the replicas. It must be on PATH, of the server's major version or newer.
func (db *DB) dumpPostgres(ctx context.Context, dst string) error {
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("backup to %s: the file exists", dst)
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "pg_dump", "--format=custom", "--no-owner", "--file="+dst, "--dbname="+db.path)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("backup to %s: pg_dump: %w: %s", dst, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
