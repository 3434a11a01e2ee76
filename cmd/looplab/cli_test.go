package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/looplab/looplab/migrations"
	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs a looplab command in-process and returns its exit code and output.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	return code, out.String(), errb.String()
}

func TestCLIKeysMigrateBackupContent(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	code, out, _ := runCLI("migrate", "--db", db, "status")
	require.Equal(t, 0, code)
	sqlFiles, _ := fs.Glob(migrations.FS, "*.sql")
	assert.Len(t, scanLines(out), len(sqlFiles), "one line per migration")
	assert.Contains(t, out, "pending", "a new file has nothing applied")
	code, out, _ = runCLI("migrate", "--db", db, "up")
	require.Equal(t, 0, code)
	_, out, _ = runCLI("migrate", "--db", db, "status")
	assert.NotContains(t, out, "pending")
	code, _, _ = runCLI("migrate", "--db", db, "down")
	require.Equal(t, 0, code)
	_, out, _ = runCLI("migrate", "--db", db, "status")
	assert.Contains(t, out, "pending")
	code, _, errOut := runCLI("backup", "--db", db, filepath.Join(t.TempDir(), "early.db"))
	require.Equal(t, 0, code, errOut)
	_, after, _ := runCLI("migrate", "--db", db, "status")
	assert.Equal(t, out, after, "a backup does not migrate the database")
	code, _, _ = runCLI("migrate", "--db", db, "up")
	require.Equal(t, 0, code)
	code, key, _ := runCLI("keys", "create", "--role", "instructor", "--name", "ta", "--db", db)
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(key, "ll_"))
	code, _, _ = runCLI("keys", "create", "--role", "root", "--db", db)
	assert.Equal(t, 2, code)
	code, out, _ = runCLI("keys", "list", "--db", db)
	require.Equal(t, 0, code)
	lines := scanLines(out)
	require.Len(t, lines, 1)
	assert.Regexp(t, `^1\tinstructor\tactive\t\S+\tta$`, lines[0])
	other := filepath.Join(t.TempDir(), "other.db")
	_, _, _ = runCLI("keys", "create", "--role", "app", "--name", "gone", "--db", other)
	code, out, _ = runCLI("keys", "revoke", "--db", other, "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "revoked key 1 (app, gone)")
	_, out, _ = runCLI("keys", "list", "--db", other)
	assert.Contains(t, out, "\tapp\trevoked ")
	code, _, errOut = runCLI("keys", "revoke", "--db", other, "9")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "API key 9 not found")
	assert.Equal(t, 2, first(runCLI("keys", "revoke", "--db", other, "x")))

	s := startServer(t, db, nil)
	r := s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: strings.TrimSpace(key), Body: map[string]any{
		"slug": "cli", "topic": "t", "kind": "order", "difficulty": 1, "title": map[string]string{"en": "T"},
		"prompt": map[string]string{"en": "P"}, "program": "console.log(1)\nconsole.log(2)\n"}})
	require.Equal(t, http.StatusCreated, r.Status, "the CLI-made instructor key works: %s", r.Body)
	dst := filepath.Join(t.TempDir(), "backup.db")
	code, _, errOut = runCLI("backup", "--db", db, dst)
	require.Equal(t, 0, code, errOut)
	missing := filepath.Join(t.TempDir(), "missing.db")
	code, _, errOut = runCLI("backup", "--db", missing, dst+".2")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no such file")
	assert.NoFileExists(t, missing, "backing up does not create a database")
	s.Stop()
	s2 := startServer(t, dst, nil)
	r = s2.do(t, req{Method: "GET", Path: "/v1/questions?status=draft", Cred: s2.AdminKey})
	assert.Contains(t, string(r.Body), `"slug":"cli"`, "the backup holds the live data")

	code, out, _ = runCLI("content", "validate")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "questions valid")
	code, out, _ = runCLI("content", "export")
	require.Equal(t, 0, code)
	for _, line := range scanLines(out) {
		var q map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &q))
		assert.NotEmpty(t, q["slug"])
	}
	bad := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bad, "x1.yaml"), []byte("kind: order\nwat: 1\n"), 0o600))
	code, _, errOut = runCLI("content", "--content", bad, "validate")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "x1.yaml: wat: unknown field")
}

// TestGracefulShutdown sends SIGTERM's equivalent while a request is in flight: the
// request completes, then the server exits 0 and closes the database.
func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	// A program that burns ~300 ms of wall time in the simulator.
	slow := `let x = 0; for (let i = 0; i < 3e6; i++) { x += i } console.log(x)`
	done := make(chan *response, 1)
	go func() {
		done <- s.do(t, req{Method: "POST", Path: "/v1/simulate", Cred: s.AdminKey, Body: map[string]string{"code": slow}})
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	s.Stop()
	r := <-done
	assert.Equal(t, http.StatusOK, r.Status, string(r.Body))
	t.Logf("shutdown took %v with a request in flight", time.Since(start))
	hc, _, _ := runCLI("healthcheck", "--addr", strings.TrimPrefix(s.URL, "http://"))
	assert.Equal(t, 1, hc, "nothing listens any more")
}

// TestHealthcheckCommand checks the Docker HEALTHCHECK command against a live server.
func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	code, out, errOut := runCLI("healthcheck", "--addr", strings.TrimPrefix(s.URL, "http://"))
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, "ok\n", out)
	r := s.do(t, req{Method: "GET", Path: "/readyz"})
	assert.Equal(t, http.StatusOK, r.Status)
	assert.Equal(t, fmt.Sprint(`{"status":"ready"}`), string(r.Body))
}

// countingPruner is an IdempotencyService whose Prune only counts its calls.
type countingPruner struct {
	quiz.IdempotencyService
	calls atomic.Int32
}

func (p *countingPruner) Prune(context.Context, time.Duration) (int64, error) {
	p.calls.Add(1)
	return 0, nil
}

// TestIdempotencyPruner checks that the pruner runs at start and then every ttl, and
// that its stop function returns only once it stopped; with ttl 0 it never runs.
func TestIdempotencyPruner(t *testing.T) {
	t.Parallel()
	logger := slog.New(slog.DiscardHandler)
	var off countingPruner
	startIdempotencyPruner(context.Background(), &off, 0, logger)()
	assert.Zero(t, off.calls.Load())

	var p countingPruner
	stop := startIdempotencyPruner(context.Background(), &p, 5*time.Millisecond, logger)
	require.Eventually(t, func() bool { return p.calls.Load() >= 3 }, 5*time.Second, time.Millisecond)
	stop()
	n := p.calls.Load()
	time.Sleep(30 * time.Millisecond)
	assert.Equal(t, n, p.calls.Load(), "no prune after stop returned")
}

// first returns the first of a command's results (its exit code).
func first(code int, _, _ string) int { return code }

// TestCLIFlagsAnywhere: a subcommand's flags may come before or after its words and
// arguments (`outbox retry 186 --db F` as `outbox --db F retry 186`); "--" ends them.
func TestCLIFlagsAnywhere(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	for _, args := range [][]string{{"outbox", "retry", "186", "--db", db}, {"outbox", "--db", db, "retry", "186"}, {"outbox", "retry", "--db", db, "186"}} {
		code, _, errOut := runCLI(args...)
		assert.Equal(t, 1, code, "%v: %s", args, errOut)
		assert.Contains(t, errOut, "Outbox message 186 not found", args)
	}
	code, out, errOut := runCLI("outbox", "list", "--db", db, "--status", "failed")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "STATUS")
	code, _, _ = runCLI("outbox", "retry", "--db", db, "--", "--limit")
	assert.Equal(t, 2, code, "after --, --limit is an argument, not a number")
}

// TestEveryCommandHelp walks every command and subcommand: --help (and -h) prints its
// usage and its own flags with their defaults on stdout and exits 0; a flag it does not
// have is one line on stderr and exit 2. The server's flags are serve's alone.
func TestEveryCommandHelp(t *testing.T) {
	t.Parallel()
	for name := range commands {
		assert.Contains(t, usages, name, "command %s has no usage", name)
		assert.Contains(t, usage, "\n  "+name+" ", "looplab help lists %s", name)
	}
	own := map[string][]string{ // flags some commands must show, with a default where one is set
		"serve":            {"--addr string", "(default :8080)", "--access-log", "--sim-slots"},
		"healthcheck":      {"--addr string", "(default :8080)"},
		"migrate":          {"--db string", "(default ./looplab.db)"},
		"lti register":     {"--public-url", "--issuer", "--client-id", "--deployment-id", "--auth-url", "--token-url", "--jwks-url", "--db"},
		"lti update":       {"--deployment-id", "--client-id", "--db"},
		"outbox list":      {"--status", "--kind", "--limit int", "(default 50)"},
		"keys create":      {"--role", "--name"},
		"learners token":   {"--ttl duration"},
		"content export":   {"--format string", "(default json)", "--variants", "--sim-cpu-ms", "--content"},
		"content import":   {"--replace", "--content"},
		"content validate": {"--content", "--sim-max-ops"},
		"db copy":          {"--from", "--to"},
		"sim":              {"--json", "--scenario", "--sim-cpu-ms"},
		"bench":            {"--runs int", "(default 200)"},
	}
	for words := range usages {
		args := strings.Fields(words)
		for _, help := range []string{"--help", "-h"} {
			code, out, errOut := runCLI(append(slices.Clone(args), help)...)
			assert.Equal(t, 0, code, "looplab %s %s: %s", words, help, errOut)
			assert.Empty(t, errOut, "looplab %s %s", words, help)
			if words == "help" {
				assert.Equal(t, usage, out, "looplab help %s: the commands", help)
			} else {
				assert.True(t, strings.HasPrefix(out, "usage: looplab "+words+" "+usages[words]+"\n"), "looplab %s %s:\n%s", words, help, out)
			}
			for _, want := range own[words] {
				assert.Contains(t, out, want, "looplab %s %s", words, help)
			}
			if words != "serve" {
				for _, server := range []string{"--access-log", "--rate-limit", "--sim-slots", "--outbox-poll"} {
					assert.NotContains(t, out, server, "looplab %s %s lists the server's flags", words, help)
				}
			}
			if words != "serve" && words != "healthcheck" {
				assert.NotContains(t, out, "--addr", "looplab %s %s", words, help)
			}
		}
		code, out, errOut := runCLI(append(slices.Clone(args), "--no-such-flag")...)
		assert.Equal(t, 2, code, "looplab %s --no-such-flag", words)
		assert.Empty(t, out, "looplab %s --no-such-flag", words)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "looplab %s --no-such-flag: one line, not %q", words, errOut)
		assert.True(t, strings.HasPrefix(errOut, "looplab "+args[0]), "looplab %s --no-such-flag: %q", words, errOut)
		if len(subcommands(words)) == 0 && words != "help" {
			assert.Contains(t, errOut, "no-such-flag", "looplab %s names the wrong flag", words)
		}
	}
	var out, errb bytes.Buffer
	env := map[string]string{"LOOPLAB_DB": "postgres://looplab:s3cret@db.example.edu/looplab"}
	code := run(context.Background(), []string{"migrate", "--help"}, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] })
	assert.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "(default postgres://looplab:xxxxx@db.example.edu/looplab)", "the default from LOOPLAB_DB")
	assert.NotContains(t, out.String(), "s3cret", "--help shows no password")

	code, help, _ := runCLI("help", "lti", "register")
	assert.Equal(t, 0, code)
	_, want, _ := runCLI("lti", "register", "--help")
	assert.Equal(t, want, help, "looplab help lti register is looplab lti register --help")
	code, help, _ = runCLI("--help")
	assert.Equal(t, 0, code)
	assert.Equal(t, usage, help)
}
