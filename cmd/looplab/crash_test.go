package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/looplab/looplab/store/pgtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binaryServer is the real looplab binary serving on a free port.
type binaryServer struct {
	cmd    *exec.Cmd
	URL    string
	mu     sync.Mutex // guards stdout and logs
	stdout strings.Builder
	logs   []string // stderr, a JSON log record per line
}

// Stdout returns what the server printed to standard output so far.
func (b *binaryServer) Stdout() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stdout.String()
}

// Logged reports whether the server logged a record with this message.
func (b *binaryServer) Logged(msg string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, line := range b.logs {
		var m struct{ Msg string }
		if json.Unmarshal([]byte(line), &m) == nil && m.Msg == msg {
			return true
		}
	}
	return false
}

// runBinary starts the looplab binary on db with the given admin key ("" for none,
// so the server makes one) and waits until it listens.
func runBinary(t *testing.T, bin, db, adminKey string) *binaryServer {
	return runBinaryWith(t, bin, db, adminKey)
}

// runBinaryWith is runBinary with more environment variables (NAME=value).
func runBinaryWith(t *testing.T, bin, db, adminKey string, env ...string) *binaryServer {
	t.Helper()
	b := &binaryServer{cmd: exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)}
	b.cmd.Env = append(append(os.Environ(), "LOOPLAB_ADMIN_KEY="+adminKey, "LOOPLAB_RATE_LIMIT=0", "LOOPLAB_ACCESS_LOG=false"), env...)
	stdout, err := b.cmd.StdoutPipe()
	require.NoError(t, err)
	stderr, err := b.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, b.cmd.Start())
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			b.mu.Lock()
			b.stdout.WriteString(sc.Text() + "\n")
			b.mu.Unlock()
		}
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			b.mu.Lock()
			b.logs = append(b.logs, sc.Text())
			b.mu.Unlock()
			var m struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &m) == nil && m.Msg == "listening" {
				addr <- m.Addr
			}
		}
	}()
	select {
	case a := <-addr:
		b.URL = "http://" + a
	case <-time.After(20 * time.Second):
		_ = b.cmd.Process.Kill()
		t.Fatal("the binary did not start")
	}
	return b
}

// startBinary starts the binary with the test admin key and returns it and its URL.
func startBinary(t *testing.T, bin, db string) (*exec.Cmd, string) {
	b := runBinary(t, bin, db, testAdminKey)
	return b.cmd, b.URL
}

var (
	binaryOnce sync.Once
	binaryDir  string
	binaryErr  error
)

// looplabBinary builds the looplab binary once per test run (removed by TestMain).
func looplabBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	binaryOnce.Do(func() {
		if binaryDir, binaryErr = os.MkdirTemp("", "looplab-bin"); binaryErr != nil {
			return
		}
		build := exec.Command("go", "build", "-o", filepath.Join(binaryDir, "looplab"), ".")
		build.Stderr = os.Stderr
		binaryErr = build.Run()
	})
	require.NoError(t, binaryErr)
	return filepath.Join(binaryDir, "looplab")
}

func TestMain(m *testing.M) {
	code := 0
	if withSQLite, _ := pgtest.Engines(); withSQLite {
		code = m.Run()
	}
	if code == 0 {
		code = runPostgresPass(m)
	}
	pgtest.Stop()
	stopChromium()
	if binaryDir != "" {
		_ = os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// TestBinaryFirstStartAndSIGTERM runs the real binary: the first start without
// LOOPLAB_ADMIN_KEY prints a new admin key once; SIGTERM lets a request in flight
// finish, closes the database and exits 0; the next start prints no key, and the
// data (the key) survived.
func TestBinaryFirstStartAndSIGTERM(t *testing.T) {
	t.Parallel()
	bin := looplabBinary(t)
	db := filepath.Join(t.TempDir(), "first.db")
	b := runBinary(t, bin, db, "")
	key := regexp.MustCompile(`(?m)^ll_[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{16}$`).FindString(b.Stdout()) // a signed key
	require.NotEmpty(t, key, "the first start prints an admin key: %q", b.Stdout())
	s := &testServer{t: t, URL: b.URL, client: &http.Client{Timeout: 10 * time.Second}}
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/v1/keys", Cred: key}).Status, "the printed key is an admin key")

	slow := `let x = 0; for (let i = 0; i < 3e6; i++) { x += i } console.log(x)`
	done := make(chan *response, 1)
	go func() {
		done <- s.do(t, req{Method: "POST", Path: "/v1/simulate", Cred: key, Body: map[string]string{"code": slow}})
	}()
	time.Sleep(100 * time.Millisecond)
	require.NoError(t, b.cmd.Process.Signal(syscall.SIGTERM))
	r := <-done
	assert.Equal(t, http.StatusOK, r.Status, "the request in flight at SIGTERM finishes: %s", r.Body)
	require.NoError(t, b.cmd.Wait(), "exit status 0")
	assert.True(t, b.Logged("database closed"))

	again := runBinary(t, bin, db, "")
	defer func() { _ = again.cmd.Process.Signal(syscall.SIGTERM); _ = again.cmd.Wait() }()
	assert.NotContains(t, again.Stdout(), "ll_", "the key is printed only once")
	s.URL = again.URL
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/v1/keys", Cred: key}).Status, "the key survived the restart")
}

// TestCrashLosesNoAcknowledgedAttempt builds the real binary, hammers POST /v1/attempts
// from 16 clients, kills the server with SIGKILL in the middle of the burst, restarts
// it on the same file and checks that every attempt acknowledged with 2xx is there.
func TestCrashLosesNoAcknowledgedAttempt(t *testing.T) {
	t.Parallel()
	bin := looplabBinary(t)
	db := filepath.Join(t.TempDir(), "crash.db")

	cmd, url := startBinary(t, bin, db)
	s := &testServer{t: t, URL: url, AdminKey: testAdminKey, client: &http.Client{Timeout: 10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	app := s.mustKey(t, "app")
	qid := s.questionID(t, app, "order-timers-microtasks")
	const clients = 16
	learners := make([]int64, clients)
	for i := range learners {
		learners[i] = s.mustLearner(t, app, fmt.Sprintf("crash-%d", i))
	}

	var acked sync.Map // attempt id -> learner
	var count atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"learner_id":%d,"question_id":%d,"answer":["timer A","promise of A","timer B","promise of B"]}`, learners[i], qid)
			for {
				select {
				case <-stop:
					return
				default:
				}
				hr, _ := http.NewRequest("POST", url+"/v1/attempts", stringsReader(body))
				hr.Header.Set("Content-Type", "application/json")
				hr.Header.Set("Authorization", "Bearer "+app)
				resp, err := s.client.Do(hr)
				if err != nil {
					return // the server is gone
				}
				var a struct{ ID int64 }
				err = json.NewDecoder(resp.Body).Decode(&a)
				resp.Body.Close()
				if resp.StatusCode/100 == 2 && err == nil && a.ID > 0 {
					acked.Store(a.ID, learners[i])
					count.Add(1)
				}
			}
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for count.Load() < 300 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL), "kill mid-burst")
	_ = cmd.Wait()
	close(stop)
	wg.Wait()
	n := count.Load()
	require.Positive(t, n)
	t.Logf("%d attempts acknowledged before SIGKILL", n)

	cmd2, url2 := startBinary(t, bin, db)
	defer func() { _ = cmd2.Process.Signal(syscall.SIGTERM); _ = cmd2.Wait() }()
	s2 := &testServer{t: t, URL: url2, AdminKey: testAdminKey, client: &http.Client{Timeout: 10 * time.Second}}
	stored := map[int64]bool{}
	for _, l := range learners {
		cursor := ""
		for {
			var page struct {
				Items []struct{ ID int64 }
				Next  *string `json:"next_cursor"`
			}
			r := s2.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d&limit=500%s", l, cursor), Cred: app})
			require.Equal(t, http.StatusOK, r.Status, string(r.Body))
			r.Decode(t, &page)
			for _, a := range page.Items {
				stored[a.ID] = true
			}
			if page.Next == nil {
				break
			}
			cursor = "&cursor=" + *page.Next
		}
	}
	missing := 0
	acked.Range(func(k, _ any) bool {
		if !stored[k.(int64)] {
			missing++
		}
		return true
	})
	assert.Zero(t, missing, "acknowledged attempts lost by the crash")
	assert.GreaterOrEqual(t, int64(len(stored)), n)
}
