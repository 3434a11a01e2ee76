package main

import (
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallDisk mounts a tmpfs of size bytes (a disk that can fill up) and unmounts it when
// the test ends; it skips the test where mounting is not allowed.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small disk here: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	return dir
}

// fillDisk writes a file until the disk is full and returns its path.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
			return path
		}
	}
}

// TestFullDiskAnswers503 (issue 19): with the database's disk full, a request that
// writes gets 503 problem+json with Retry-After (not 500), /readyz fails, and both
// recover once there is room again.
func TestFullDiskAnswers503(t *testing.T) {
	t.Parallel()
	dir := smallDisk(t, "64m")
	s := startServer(t, filepath.Join(dir, "full.db"), nil)
	app := s.mustKey(t, "app")
	filler := fillDisk(t, dir)

	var r *response
	for i := range 20 { // a write may still fit in pages SQLite has; the next ones do not
		r = s.do(t, req{Method: "POST", Path: "/v1/learners", Cred: app, Body: map[string]string{"external_id": "full-" + string(rune('a'+i))}})
		if r.Status != http.StatusCreated {
			break
		}
	}
	require.Equal(t, http.StatusServiceUnavailable, r.Status, "%s", r.Body)
	assert.Equal(t, "application/problem+json", r.Header.Get("Content-Type"))
	assert.Equal(t, "2", r.Header.Get("Retry-After"))
	assert.Equal(t, "unavailable", r.JSON(t)["code"])
	assert.Equal(t, http.StatusServiceUnavailable, s.do(t, req{Method: "GET", Path: "/readyz"}).Status, "not ready while the disk is full")
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/healthz"}).Status, "alive all the same")

	require.NoError(t, os.Remove(filler))
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/readyz"}).Status, "ready again with room on the disk")
	r = s.do(t, req{Method: "POST", Path: "/v1/learners", Cred: app, Body: map[string]string{"external_id": "after-the-disk-was-freed"}})
	assert.Equal(t, http.StatusCreated, r.Status, "%s", r.Body)
}

// TestBackupThatFailsLeavesNoFile: a backup that cannot complete (its disk fills up)
// leaves nothing at DEST, not even its temporary file; one that completes leaves only
// DEST, and DEST is never overwritten.
func TestBackupThatFailsLeavesNoFile(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	s := startServer(t, db, nil)
	app := s.mustKey(t, "app")
	s.mustLearner(t, app, "backed-up")

	small := smallDisk(t, "256k") // the database with its bank is far larger
	dst := filepath.Join(small, "backup.db")
	code, _, errOut := runCLI("backup", "--db", db, dst)
	assert.Equal(t, 1, code, errOut)
	entries, err := os.ReadDir(small)
	require.NoError(t, err)
	assert.Empty(t, entries, "a failed backup leaves no file behind")

	dir := t.TempDir()
	dst = filepath.Join(dir, "backup.db")
	code, _, errOut = runCLI("backup", "--db", db, dst)
	require.Equal(t, 0, code, errOut)
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the backup itself")
	assert.Equal(t, "backup.db", entries[0].Name())
	code, _, errOut = runCLI("backup", "--db", db, dst)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "already exists")
}
