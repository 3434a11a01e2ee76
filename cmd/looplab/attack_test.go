package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memoryCgroupRoot is the cgroup v1 memory controller's hierarchy.
const memoryCgroupRoot = "/sys/fs/cgroup/memory"

// attackFor is how long the attackers keep sending.
const attackFor = 10 * time.Second

// TestSurvivesAttackIn2GiB (issue 19): the server, under a 2 GiB memory limit like a
// small container's, gets 20 memory bombs and 20 endless loops at once from anonymous
// clients, each sending its program again as soon as it is answered (after Retry-After
// when refused) for attackFor. It must survive (not killed, /healthz answers, no out-of-memory kill in its
// cgroup), and the exercise attempts a learner keeps submitting meanwhile must be graded
// with a p99 under 1 s. The limit is a cgroup v1 memory controller child where the
// machine allows it (root), else RLIMIT_AS.
func TestSurvivesAttackIn2GiB(t *testing.T) {
	if testing.Short() {
		t.Skip("an attack of 40 programs against the built binary")
	}
	bin := looplabBinary(t)
	limited, how, cleanup := memoryLimited(t, bin, 2<<30)
	defer cleanup()
	t.Logf("memory limit: %s", how)
	b := runBinaryWith(t, limited, filepath.Join(t.TempDir(), "attack.db"), testAdminKey)
	defer func() { _ = b.cmd.Process.Signal(syscall.SIGTERM); _ = b.cmd.Wait() }()
	h := &hostileServer{binaryServer: b, addr: strings.TrimPrefix(b.URL, "http://"),
		client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}}}
	s := &testServer{t: t, URL: b.URL, AdminKey: testAdminKey, client: h.client}
	h.app = s.mustKey(t, "app")
	h.learner = s.mustLearner(t, h.app, "graded-under-attack")
	h.qid = s.questionID(t, h.app, "exercise-chunk-yield-to-io")

	// The learner's attempts before, during and after the attack.
	var mu sync.Mutex
	var during []time.Duration
	var failed []string
	stop := make(chan struct{})
	learnerDone := make(chan struct{})
	attacking := make(chan struct{})
	go func() {
		defer close(learnerDone)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			r := h.probeAttempt(t, i)
			select {
			case <-attacking:
				mu.Lock()
				during = append(during, r.d)
				if r.status != http.StatusCreated {
					failed = append(failed, fmt.Sprintf("%d %s", r.status, r.detail))
				}
				mu.Unlock()
			default:
			}
		}
	}()

	bombs := []string{
		`let s = 'xy'; for (;;) s = (s + s).toLowerCase()`,
		`const a = []; for (;;) a.push({ a: 1, b: [1, 2, 3] })`,
		`const s = 'x'.repeat(200 << 20)`,
		`const b = new Uint8Array(2 ** 31)`,
		`const a = []; for (;;) a.push('y'.repeat(1 << 20) + a.length)`,
		`const m = new Map(); for (let i = 0; ; i++) m.set(i, { i })`,
		`let f = () => 0; for (;;) { const g = f; f = () => g() + 1 }`,
		"const { Worker } = require('worker_threads')\nfor (let i = 0; i < 8; i++) new Worker('const a = []; for (;;) a.push({ i: a.length })', { eval: true })",
	}
	time.Sleep(500 * time.Millisecond) // a few attempts before
	close(attacking)
	start := time.Now()
	var wg sync.WaitGroup
	var statusMu sync.Mutex
	statuses := map[string]int{}
	for i := range 40 {
		code := `while (true) {}`
		if i%2 == 0 {
			code = bombs[i/2%len(bombs)]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Since(start) < attackFor {
				r := h.request(t, "POST", "/v1/simulate", "", map[string]any{"code": code})
				outcome := strconv.Itoa(r.status)
				var res simResponse
				if r.status == http.StatusOK && json.Unmarshal(r.raw, &res) == nil && res.Error != nil {
					outcome = res.Error.Code
				}
				statusMu.Lock()
				statuses[outcome]++
				statusMu.Unlock()
				if r.status != http.StatusOK {
					time.Sleep(200 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	attack := time.Since(start)
	time.Sleep(time.Second) // and a few after
	close(stop)
	<-learnerDone

	t.Logf("the attack's answers: %v in %v; peak memory of the process: %s", statuses, attack.Round(time.Millisecond), peakMemory(b.cmd.Process.Pid, how))
	require.Nil(t, b.cmd.ProcessState, "the server exited")
	h.mustBeAlive(t)
	if strings.HasPrefix(how, "cgroup") {
		assert.Zero(t, oomKills(t, how), "out-of-memory kills in the server's cgroup")
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, failed, "attempts not graded during the attack")
	require.NotEmpty(t, during, "no attempt was graded during the attack")
	p99 := percentile(during, 99)
	t.Logf("exercise attempts during the attack: %d, p50 %v, p99 %v, max %v", len(during), percentile(during, 50), p99, percentile(during, 100))
	assert.Less(t, p99, time.Second, "exercise grading p99 under attack")
}

// memoryLimited returns a command that runs bin with at most limit bytes of memory, how
// (the cgroup's path, or "RLIMIT_AS ..."), and the function that removes the cgroup.
func memoryLimited(t *testing.T, bin string, limit int64) (wrapper, how string, cleanup func()) {
	dir := filepath.Join(memoryCgroupRoot, fmt.Sprintf("looplab-test-%d-%d", os.Getpid(), time.Now().UnixNano()))
	if err := os.Mkdir(dir, 0o755); err == nil {
		if err := os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), []byte(strconv.FormatInt(limit, 10)), 0); err == nil {
			// No swap either, where the kernel accounts it.
			_ = os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), []byte(strconv.FormatInt(limit, 10)), 0)
			wrapper = writeWrapper(t, fmt.Sprintf("echo $$ > %s/cgroup.procs && exec %s \"$@\"", dir, bin))
			return wrapper, "cgroup " + dir, func() { removeCgroup(dir) }
		}
		_ = os.Remove(dir)
	}
	t.Logf("no memory cgroup here (%s not writable): falling back to RLIMIT_AS, which counts address space, not memory", memoryCgroupRoot)
	wrapper = writeWrapper(t, fmt.Sprintf("ulimit -v %d && exec %s \"$@\"", limit>>10, bin))
	return wrapper, fmt.Sprintf("RLIMIT_AS %d MiB", limit>>20), func() {}
}

// writeWrapper writes a shell script that runs body with the script's arguments.
func writeWrapper(t *testing.T, body string) string {
	path := filepath.Join(t.TempDir(), "limited.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
	return path
}

// removeCgroup removes the test's cgroup once its processes are gone.
func removeCgroup(dir string) {
	for range 50 {
		if err := os.Remove(dir); err == nil || os.IsNotExist(err) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// oomKills reads how many processes the kernel killed for memory in the cgroup.
func oomKills(t *testing.T, how string) int {
	data, err := os.ReadFile(filepath.Join(strings.TrimPrefix(how, "cgroup "), "memory.oom_control"))
	if err != nil {
		t.Logf("memory.oom_control: %v", err)
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "oom_kill" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

// peakMemory reports the most memory the server used: the cgroup's maximum usage, or
// the process's peak resident set.
func peakMemory(pid int, how string) string {
	if dir, ok := strings.CutPrefix(how, "cgroup "); ok {
		if data, err := os.ReadFile(filepath.Join(dir, "memory.max_usage_in_bytes")); err == nil {
			n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
			return fmt.Sprintf("%d MiB (cgroup)", n>>20)
		}
	}
	out, err := exec.Command("grep", "VmHWM", fmt.Sprintf("/proc/%d/status", pid)).Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}
