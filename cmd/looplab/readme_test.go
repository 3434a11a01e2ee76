//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/looplab/looplab/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeQuickstartPrelude runs before the README's quickstart. curl becomes a function
// that calls the real curl, records each call on file descriptor 3 (status, arguments
// and body, NUL-terminated) and fails on a status other than 2xx, so that `bash -euo
// pipefail` stops at the first step that goes wrong, even inside `X=$(curl … | sed …)`.
// The EXIT trap stops and reaps the background server (the last `&` job), however the
// script ends.
const readmeQuickstartPrelude = `curl() {
  local out code rc
  out=$(command curl -w '\n%{http_code}' "$@") || { rc=$?; printf 'curl-exit-%d\t%s\t\0' $rc "$*" >&3; return $rc; }
  code=${out##*$'\n'}
  out=${out%$'\n'*}
  printf '%s\t%s\t%s\0' "$code" "$*" "$out" >&3
  printf '%s\n' "$out"
  case $code in 2??) ;; *) echo "quickstart: HTTP $code from curl $*" >&2; return 22 ;; esac
}
trap 'if [ -n "${!:-}" ]; then kill "$!" 2>/dev/null || true; wait "$!" 2>/dev/null || true; fi' EXIT
`

// TestREADMEQuickstart pastes README.md's quickstart (the ```sh block under the heading
// "Quickstart") into bash as a new user would (runQuickstart), on a free port of
// 127.0.0.1. The test checks that every step
// answered 2xx and that the answers fit together: the question answered is the one the
// quickstart names, the attempts are for the variant's question and learner, their
// answers are the variant's lines, the last one is correct and any other names its
// divergence, the history holds them all, the token is the learner's, and the
// simulation has outcomes. It fails if any step fails, and reports the failing call.
func TestREADMEQuickstart(t *testing.T) {
	t.Parallel()
	addr := readmeFreeAddr(t)
	q := runQuickstart(t, addr)
	block := q.block
	records := q.calls
	if q.err != nil || q.timedOut {
		last := "none"
		if len(records) > 0 {
			r := records[len(records)-1]
			last = fmt.Sprintf("%s %s -> %s %s", r.method, r.target, r.status, readmeTruncate(r.body, 600))
		}
		t.Fatalf("the README quickstart failed (%v, timed out: %v)\nlast curl: %s\noutput (end):\n%s",
			q.err, q.timedOut, last, readmeTruncate(q.output[max(0, len(q.output)-3000):], 3000))
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("the quickstart's server still listens after the script ended")
	}

	// Every step answered 2xx (the prelude stops the script otherwise; checked again here).
	var steps []readmeCall
	for _, r := range records {
		if r.path == "/healthz" {
			continue // the wait loop: failures until the server listens are expected
		}
		assert.Regexp(t, `^2\d\d$`, r.status, "%s %s", r.method, r.target)
		steps = append(steps, r)
	}
	one := func(method string, path *regexp.Regexp, status string) readmeCall {
		t.Helper()
		var found []readmeCall
		for _, r := range steps {
			if r.method == method && path.MatchString(r.path) {
				found = append(found, r)
			}
		}
		require.Len(t, found, 1, "the quickstart should call %s %s once", method, path)
		require.Equal(t, status, found[0].status, "%s %s: %s", method, found[0].target, readmeTruncate(found[0].body, 600))
		return found[0]
	}

	var key struct{ Key string }
	one("POST", regexp.MustCompile(`^/v1/keys$`), "201").decode(t, &key)
	assert.NotEmpty(t, key.Key)

	var learner struct{ ID int64 }
	one("POST", regexp.MustCompile(`^/v1/learners$`), "201").decode(t, &learner)
	require.Positive(t, learner.ID)

	var variant struct {
		QuestionID   int64 `json:"question_id"`
		LearnerID    int64 `json:"learner_id"`
		Presentation struct{ Lines []string }
	}
	one("GET", regexp.MustCompile(`^/v1/questions/\d+/variant$`), "200").decode(t, &variant)
	assert.Equal(t, learner.ID, variant.LearnerID, "the variant is for the learner the quickstart created")
	require.NotEmpty(t, variant.Presentation.Lines)

	// The question the quickstart looked up is the one it says it is.
	for _, r := range steps {
		if r.method == "GET" && r.path == "/v1/questions" {
			var page struct {
				Items []struct {
					ID   int64
					Slug string
				}
			}
			r.decode(t, &page)
			i := slices.IndexFunc(page.Items, func(q struct {
				ID   int64
				Slug string
			}) bool {
				return q.ID == variant.QuestionID
			})
			require.GreaterOrEqual(t, i, 0, "question %d is not in the list the quickstart read", variant.QuestionID)
			assert.Contains(t, block, page.Items[i].Slug, "the quickstart names the question it answers")
		}
	}

	var attempts []readmeCall
	for _, r := range steps {
		if r.method == "POST" && r.path == "/v1/attempts" {
			attempts = append(attempts, r)
		}
	}
	require.NotEmpty(t, attempts, "the quickstart submits an attempt")
	want := slices.Sorted(slices.Values(variant.Presentation.Lines))
	var verdict string
	for i, r := range attempts {
		require.Equal(t, "201", r.status, "attempt %d: %s", i+1, readmeTruncate(r.body, 600))
		var a struct {
			ID         int64
			LearnerID  int64 `json:"learner_id"`
			QuestionID int64 `json:"question_id"`
			Answer     []string
			Verdict    string
			Score      *float64
			Divergence json.RawMessage
		}
		r.decode(t, &a)
		assert.Positive(t, a.ID)
		assert.Equal(t, learner.ID, a.LearnerID, "attempt %d", i+1)
		assert.Equal(t, variant.QuestionID, a.QuestionID, "attempt %d", i+1)
		assert.Equal(t, want, slices.Sorted(slices.Values(a.Answer)), "attempt %d orders the variant's lines", i+1)
		assert.Contains(t, []string{"correct", "partial", "incorrect"}, a.Verdict, "attempt %d", i+1)
		assert.NotNil(t, a.Score, "attempt %d has a score", i+1)
		if a.Verdict != "correct" {
			assert.NotEqual(t, "null", string(bytes.TrimSpace(a.Divergence)), "attempt %d names where it diverges", i+1)
		}
		verdict = a.Verdict
	}
	assert.Equal(t, "correct", verdict, "the quickstart's last answer is the right one")

	var history struct{ Items []struct{ ID int64 } }
	one("GET", regexp.MustCompile(`^/v1/attempts$`), "200").decode(t, &history)
	assert.Len(t, history.Items, len(attempts), "the history holds every attempt")

	var token struct {
		Token     string
		LearnerID int64 `json:"learner_id"`
	}
	one("POST", regexp.MustCompile(`^/v1/learners/\d+/tokens$`), "201").decode(t, &token)
	assert.NotEmpty(t, token.Token)
	assert.Equal(t, learner.ID, token.LearnerID)

	var simulation struct {
		Outcomes []struct{ Stdout []string }
		Error    json.RawMessage
	}
	one("POST", regexp.MustCompile(`^/v1/simulate$`), "200").decode(t, &simulation)
	require.NotEmpty(t, simulation.Outcomes)
	assert.NotEmpty(t, simulation.Outcomes[0].Stdout)
	assert.Equal(t, "null", string(bytes.TrimSpace(simulation.Error)))
}

// quickstartRun is what a run of the quickstart left: the block it ran, the curl calls
// the prelude recorded, everything it printed, how bash ended, and whether it was stopped
// for taking more than a minute.
type quickstartRun struct {
	block    string
	calls    []readmeCall
	output   []byte
	err      error
	timedOut bool
}

// runQuickstart runs README.md's quickstart (the ```sh block under the heading
// "Quickstart") in bash -euo pipefail after the prelude, with
// two textual changes only: `go run ./cmd/looplab` becomes the binary built here and
// localhost:8080 addr (LOOPLAB_ADDR says the same to the server). The shell runs in a
// temporary directory with TMPDIR there, so the quickstart's `mktemp -d` database and
// anything else it writes stay under t.TempDir(), and with no LOOPLAB_* variable of the
// caller's. It is stopped after a minute.
func runQuickstart(t *testing.T, addr string) quickstartRun {
	t.Helper()
	testenv.LookPath(t, "curl", "the quickstart is curl commands (Debian: apt-get install -y curl; .ci/run does)")
	bash := testenv.LookPath(t, "bash", "the quickstart is a bash script")
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	block := readmeShellBlock(t, string(readme), "Quickstart")
	dir := t.TempDir()
	bin := looplabBinary(t)
	script := block
	for _, r := range []struct{ from, to string }{
		{"go run ./cmd/looplab", "'" + bin + "'"},
		{"localhost:8080", addr},
	} {
		require.Contains(t, script, r.from, "the quickstart no longer has %q; update runQuickstart", r.from)
		script = strings.ReplaceAll(script, r.from, r.to)
	}
	require.NotContains(t, script, "8080", "the quickstart names port 8080 somewhere the test does not rewrite")
	scriptFile := filepath.Join(dir, "quickstart.sh")
	require.NoError(t, os.WriteFile(scriptFile, []byte(readmeQuickstartPrelude+script), 0o644))

	calls, err := os.Create(filepath.Join(dir, "calls"))
	require.NoError(t, err)
	defer calls.Close()
	output, err := os.Create(filepath.Join(dir, "output"))
	require.NoError(t, err)
	defer output.Close()

	env := []string{"TMPDIR=" + dir, "LOOPLAB_ADDR=" + addr}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "LOOPLAB_") && !strings.HasPrefix(kv, "TMPDIR=") {
			env = append(env, kv)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-euo", "pipefail", scriptFile)
	cmd.Dir, cmd.Env = dir, env
	// Files, not pipes: Wait returns when bash does, whatever its children hold open.
	cmd.Stdout, cmd.Stderr, cmd.ExtraFiles = output, output, []*os.File{calls}
	// Its own process group, so that the server started with & goes down with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	start := time.Now()
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }) // whatever is left, if anything
	runErr := cmd.Wait()
	t.Logf("the quickstart ran in %v", time.Since(start).Round(time.Millisecond))
	out, _ := os.ReadFile(filepath.Join(dir, "output"))
	return quickstartRun{block: block, calls: readmeCalls(t, filepath.Join(dir, "calls")), output: out, err: runErr, timedOut: ctx.Err() != nil}
}

// TestREADMEQuickstartPortTaken: when something else holds the quickstart's port, its
// server stops at once, and the quickstart says so and ends instead of waiting forever
// for /healthz.
func TestREADMEQuickstartPortTaken(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0") // another program's server, which is not looplab
	require.NoError(t, err)
	other := &http.Server{Handler: http.NotFoundHandler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = other.Serve(ln) }()
	t.Cleanup(func() { _ = other.Close() })

	q := runQuickstart(t, ln.Addr().String())
	require.False(t, q.timedOut, "the quickstart still waited after a minute:\n%s", q.output)
	assert.Error(t, q.err, "the quickstart does not go on as if its server had started")
	assert.Contains(t, string(q.output), "address already in use", "the server's own reason is shown")
	assert.Contains(t, string(q.output), "looplab serve stopped", "the quickstart says why it stopped waiting")
	for _, c := range q.calls {
		assert.NotContains(t, []string{"200", "201"}, c.status, "nothing answered as looplab: %s %s", c.method, c.target)
	}
}

// readmeShellBlock returns the first ```sh block after the Markdown heading that
// contains heading.
func readmeShellBlock(t *testing.T, readme, heading string) string {
	t.Helper()
	lines := strings.Split(readme, "\n")
	h := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "#") && strings.Contains(l, heading) })
	require.GreaterOrEqual(t, h, 0, "README.md has no heading with %q", heading)
	var block []string
	in := false
	for _, l := range lines[h+1:] {
		switch {
		case !in && strings.HasPrefix(l, "#"):
			t.Fatalf("no ```sh block under the README heading %q", lines[h])
		case !in && l == "```sh":
			in = true
		case in && l == "```":
			return strings.Join(block, "\n") + "\n"
		case in:
			block = append(block, l)
		}
	}
	t.Fatalf("no complete ```sh block under the README heading %q", lines[h])
	return ""
}

// readmeFreeAddr returns 127.0.0.1:port for a port that was free a moment ago.
func readmeFreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return "127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// readmeCall is one curl call of the quickstart, as the prelude recorded it.
type readmeCall struct {
	status, args, method, target, path string
	body                               []byte
}

func (c readmeCall) decode(t *testing.T, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(c.body, v), "%s %s: %s", c.method, c.target, readmeTruncate(c.body, 600))
}

var readmeURL = regexp.MustCompile(`https?://[^\s"']+`)

func readmeCalls(t *testing.T, file string) []readmeCall {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var calls []readmeCall
	for _, rec := range bytes.Split(data, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		f := bytes.SplitN(rec, []byte{'\t'}, 3)
		require.Len(t, f, 3, "a malformed call record: %q", readmeTruncate(rec, 200))
		c := readmeCall{status: string(f[0]), args: string(f[1]), body: f[2], method: "GET"}
		if strings.Contains(c.args, "-XPOST") || strings.Contains(c.args, "-X POST") || strings.Contains(c.args, " -d ") {
			c.method = "POST"
		}
		c.target = readmeURL.FindString(c.args)
		if u, err := url.Parse(c.target); err == nil {
			c.path = u.Path
		}
		calls = append(calls, c)
	}
	return calls
}

func readmeTruncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}

// TestREADMEFirstAdminKey: started on a new database without LOOPLAB_ADMIN_KEY, the server
// prints the first admin key where README.md says (after its quoted line, on standard
// output), the key works, and a second start prints none.
func TestREADMEFirstAdminKey(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	said := regexp.MustCompile("after `(looplab: created the first admin API key[^`]*)`").FindStringSubmatch(string(readme))
	require.NotNil(t, said, "README.md says after which line the first admin key appears")
	db := tempDB(t)
	serveOnce := func() (stdout []string, url string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		out := &lineWatcher{t: t, onLine: func(line string) { mu.Lock(); stdout = append(stdout, line); mu.Unlock() }}
		ready := make(chan string, 1)
		errw := &lineWatcher{t: t, onLine: func(line string) {
			var m struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &m) == nil && m.Msg == "listening" {
				ready <- m.Addr
			}
		}}
		done := make(chan int, 1)
		go func() {
			done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, strings.NewReader(""), out, errw,
				func(k string) string { return map[string]string{"LOOPLAB_ACCESS_LOG": "false"}[k] })
		}()
		select {
		case addr := <-ready:
			url = "http://" + addr
		case code := <-done:
			t.Fatalf("looplab serve exited with %d", code)
		case <-time.After(30 * time.Second):
			t.Fatal("looplab serve did not start in 30 s")
		}
		res, err := http.Get(url + "/healthz")
		require.NoError(t, err)
		res.Body.Close()
		if len(stdout) > 0 { // the key, checked while the server runs
			i := slices.Index(stdout, said[1])
			require.GreaterOrEqual(t, i, 0, "standard output: %q", stdout)
			require.Less(t, i+1, len(stdout), "the key follows the line")
			r, err := http.NewRequest("GET", url+"/v1/keys", nil)
			require.NoError(t, err)
			r.Header.Set("Authorization", "Bearer "+stdout[i+1])
			res, err := http.DefaultClient.Do(r)
			require.NoError(t, err)
			res.Body.Close()
			assert.Equal(t, http.StatusOK, res.StatusCode, "the printed key is an admin key")
		}
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(stdout), url
	}
	first, _ := serveOnce()
	require.Len(t, first, 2, "the line README.md quotes, then the key")
	second, _ := serveOnce()
	assert.Empty(t, second, "the key is shown only once")
}

// TestDocLinksStayInRepo: every relative link of README.md and docs/ names a file or
// folder of the repository (none into a folder beside it).
func TestDocLinksStayInRepo(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	files := []string{filepath.Join(root, "README.md")}
	require.NoError(t, filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return err
	}))
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, f := range files {
		body, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range link.FindAllStringSubmatch(string(body), -1) {
			u, err := url.Parse(m[1])
			if err != nil || u.Scheme != "" || u.Path == "" {
				continue // a web address, an anchor in the same file
			}
			target := filepath.Join(filepath.Dir(f), filepath.FromSlash(u.Path))
			rel, err := filepath.Rel(root, target)
			require.NoError(t, err)
			name, _ := filepath.Rel(root, f)
			assert.False(t, rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)), "%s links outside the repository: %s", name, m[1])
			_, err = os.Stat(target)
			assert.NoError(t, err, "%s links to a missing file: %s", name, m[1])
			checked++
		}
	}
	assert.Greater(t, checked, 20)
}
