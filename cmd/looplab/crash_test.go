package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startBinary starts the built looplab binary on a free port and returns its URL.
func startBinary(t *testing.T, bin, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	cmd.Env = append(os.Environ(), "LOOPLAB_ADMIN_KEY="+testAdminKey, "LOOPLAB_RATE_LIMIT=0", "LOOPLAB_ACCESS_LOG=false")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var m struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &m) == nil && m.Msg == "listening" {
				addr <- m.Addr
			}
		}
	}()
	select {
	case a := <-addr:
		return cmd, "http://" + a
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the binary did not start")
	}
	return nil, ""
}

// TestCrashLosesNoAcknowledgedAttempt builds the real binary, hammers POST /v1/attempts
// from 16 clients, kills the server with SIGKILL in the middle of the burst, restarts
// it on the same file and checks that every attempt acknowledged with 2xx is there.
func TestCrashLosesNoAcknowledgedAttempt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "looplab")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run())
	db := filepath.Join(dir, "crash.db")

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
