package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/looplab/looplab/internal/testenv"
	"github.com/looplab/looplab/store"
	"github.com/looplab/looplab/store/pgtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postgresOnly skips a test outside TestMain's PostgreSQL pass: it runs several
// servers on one database.
func postgresOnly(t *testing.T) {
	t.Helper()
	if testEngine != store.Postgres {
		t.Skip("several replicas on one database: runs in the PostgreSQL pass")
	}
}

// startTogether starts n in-process servers on db at the same time, as replicas
// starting together do.
func startTogether(t *testing.T, db string, n int, env map[string]string) []*testServer {
	t.Helper()
	out := make([]*testServer, n)
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() { defer wg.Done(); out[i] = startServer(t, db, env) }()
	}
	wg.Wait()
	for _, s := range out {
		require.NotNil(t, s)
	}
	return out
}

// TestReplicasShareOneDatabase runs two servers on one PostgreSQL database, started at
// the same moment (they take turns creating the bank and the admin key): a key and a
// learner token made on one work on the other, an Idempotency-Key used on one replays
// on the other, attempts made alternately on both are numbered in order, and a key
// revoked on one stops working on the other at once (the database notifies it; its
// key cache would otherwise keep the key for 30 s).
func TestReplicasShareOneDatabase(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	rs := startTogether(t, tempDB(t), 2, nil)
	a, b := rs[0], rs[1]
	r := a.do(t, req{Method: "POST", Path: "/v1/keys", Cred: a.AdminKey, Body: map[string]string{"role": "app", "name": "app"}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	app, appID := r.JSON(t)["key"].(string), int64(r.JSON(t)["id"].(float64))
	learner := b.mustLearner(t, app, "replicated")
	token := a.mustToken(t, app, learner)
	qid := b.questionID(t, token, "order-timers-microtasks")
	answer := []string{"timer A", "promise of A", "timer B", "promise of B"}

	attempt := func(s *testServer, key string) *response {
		t.Helper()
		return s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: token, Header: map[string]string{"Idempotency-Key": key},
			Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": answer}})
	}
	first := attempt(a, "k1")
	require.Equal(t, http.StatusCreated, first.Status, string(first.Body))
	again := attempt(b, "k1")
	require.Equal(t, http.StatusCreated, again.Status, string(again.Body))
	assert.Equal(t, "true", again.Header.Get("Idempotent-Replayed"), "the key's attempt is replayed by the other replica")
	assert.Equal(t, first.JSON(t)["id"], again.JSON(t)["id"])
	for i, s := range []*testServer{b, a, b, a} {
		r := attempt(s, fmt.Sprintf("k%d", i+2))
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
		assert.Equal(t, float64(i+2), r.JSON(t)["attempt_no"], "attempt numbers follow each other across replicas")
	}

	me := fmt.Sprintf("/v1/learners/%d", learner)
	require.Equal(t, http.StatusOK, b.do(t, req{Method: "GET", Path: me, Cred: app}).Status, "b caches the app key")
	r = a.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/keys/%d", appID), Cred: a.AdminKey})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	waitFor(t, 5*time.Second, "the key revoked on a to fail on b", func() bool {
		return b.do(t, req{Method: "GET", Path: me, Cred: app}).Status == http.StatusUnauthorized
	})
	assert.Equal(t, http.StatusUnauthorized, b.do(t, req{Method: "GET", Path: me, Cred: token}).Status,
		"the tokens the revoked key minted fail too")
}

// TestReplicasPublishRotatedKeyAtOnce: the LTI signing key rotated through one process
// (`looplab lti rotate-key` on the database, or one replica's API) is in the JWKS of
// every running server at the next request, though each had just served (and cached)
// the keys before.
func TestReplicasPublishRotatedKeyAtOnce(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	db := tempDB(t)
	rs := startTogether(t, db, 2, nil)
	kids := func(s *testServer) []string {
		t.Helper()
		var set struct{ Keys []struct{ KID string } }
		r := s.do(t, req{Method: "GET", Path: "/lti/jwks"})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		r.Decode(t, &set)
		var out []string
		for _, k := range set.Keys {
			out = append(out, k.KID)
		}
		return out
	}
	first := kids(rs[0])
	require.Len(t, first, 1, "the replicas started together made one key")
	assert.Equal(t, first, kids(rs[1]))

	code, out, errOut := runCLI("lti", "rotate-key", "--db", db)
	require.Equal(t, 0, code, errOut)
	cliKID := strings.TrimSpace(strings.TrimPrefix(out, "new signing key"))
	for i, s := range rs {
		assert.Equal(t, []string{cliKID, first[0]}, kids(s), "replica %d publishes the key the CLI made, at once", i)
	}

	r := rs[1].do(t, req{Method: "POST", Path: "/v1/lti/keys/rotate", Cred: rs[1].AdminKey})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	apiKID := r.JSON(t)["kid"].(string)
	assert.Equal(t, []string{apiKID, cliKID, first[0]}, kids(rs[0]), "replica 0 publishes the key replica 1 made, at once")
}

// startHAProxy runs HAProxy with deploy/haproxy.cfg in front of the replicas' URLs and
// returns the proxy's URL once it answers /readyz.
func startHAProxy(t *testing.T, replicas ...string) string {
	t.Helper()
	url, out := runHAProxy(t, replicas...)
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := client.Get(url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy did not answer /readyz: %v\n%s", err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestProxyErrorsAreProblems (issue 30): behind deploy/haproxy.cfg, when no replica can
// serve (here none listens; in a database outage every /readyz fails), the proxy's own
// 503 is a problem+json with Retry-After, as looplab's are, not HAProxy's HTML page.
func TestProxyErrorsAreProblems(t *testing.T) {
	t.Parallel()
	var dead []string
	for range 2 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		dead = append(dead, "http://"+ln.Addr().String())
		require.NoError(t, ln.Close())
	}
	url, out := runHAProxy(t, dead...)
	client := &http.Client{Timeout: 10 * time.Second}
	var resp *http.Response
	var err error
	waitFor(t, 15*time.Second, "the proxy to answer", func() bool {
		resp, err = client.Post(url+"/v1/attempts", "application/json", strings.NewReader(`{}`))
		return err == nil
	})
	defer resp.Body.Close()
	var p struct {
		Status int
		Code   string
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&p), "a JSON body\n%s", out.String())
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
	assert.Equal(t, "2", resp.Header.Get("Retry-After"), "as looplab's own 503")
	assert.Equal(t, 503, p.Status)
	assert.Equal(t, "unavailable", p.Code)
}

// runHAProxy starts HAProxy with deploy/haproxy.cfg in front of the replicas' URLs and
// returns the proxy's URL (it may not listen yet) and its output.
func runHAProxy(t *testing.T, replicas ...string) (string, *strings.Builder) {
	t.Helper()
	bin := testenv.LookPath(t, "haproxy", "apt-get install haproxy")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	cmd := exec.Command(bin, "-db", "-f", "../../deploy/haproxy.cfg")
	cmd.Env = append(os.Environ(), "LOOPLAB_LISTEN="+addr)
	for i, u := range replicas {
		cmd.Env = append(cmd.Env, fmt.Sprintf("LOOPLAB_REPLICA%d=%s", i+1, strings.TrimPrefix(u, "http://")))
	}
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return "http://" + addr, out
}

// burst is clients that each submit attempts for their own learner, one after another,
// each under its own Idempotency-Key, retrying a key (as a client should) until it is
// acknowledged: a transport error, an answer cut short, a 502, 503 or 504 is retried
// with the same key.
type burst struct {
	acked   sync.Map // attempt id -> key
	keys    atomic.Int64
	count   atomic.Int64
	retries atomic.Int64 // tries answered with a transport error, 502, 503 or 504
	failure atomic.Value // string: an answer a retry cannot explain
	stop    chan struct{}
	wg      sync.WaitGroup
}

func startBurst(url, cred string, qid int64, learners []int64) *burst {
	b := &burst{stop: make(chan struct{})}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	for i, learner := range learners {
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			body := fmt.Sprintf(`{"learner_id":%d,"question_id":%d,"answer":["timer A","promise of A","timer B","promise of B"]}`, learner, qid)
			for k := 0; ; k++ {
				select {
				case <-b.stop:
					return
				default:
				}
				key := fmt.Sprintf("c%d-%d", i, k)
				b.keys.Add(1)
				if !b.submit(client, url, cred, key, body) {
					return
				}
			}
		}()
	}
	return b
}

// submit posts one attempt until it is acknowledged (true) or 30 s pass (false).
func (b *burst) submit(client *http.Client, url, cred, key, body string) bool {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		hr, _ := http.NewRequest("POST", url+"/v1/attempts", strings.NewReader(body))
		hr.Header.Set("Content-Type", "application/json")
		hr.Header.Set("Authorization", "Bearer "+cred)
		hr.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(hr)
		if err != nil {
			b.retries.Add(1)
			time.Sleep(20 * time.Millisecond)
			continue
		}
		var a struct{ ID int64 }
		raw, rerr := io.ReadAll(resp.Body)
		resp.Body.Close()
		derr := errors.Join(rerr, json.Unmarshal(raw, &a))
		switch {
		case resp.StatusCode == http.StatusCreated && derr == nil && a.ID > 0:
			b.acked.Store(a.ID, key)
			b.count.Add(1)
			return true
		case rerr != nil: // the answer was cut (the replica died while sending it): no answer
			b.retries.Add(1)
			time.Sleep(20 * time.Millisecond)
		case resp.StatusCode == http.StatusBadGateway || resp.StatusCode == http.StatusServiceUnavailable ||
			resp.StatusCode == http.StatusGatewayTimeout:
			b.retries.Add(1)
			time.Sleep(20 * time.Millisecond)
		default:
			b.failure.CompareAndSwap(nil, fmt.Sprintf("key %s: status %d, %v: %.300s", key, resp.StatusCode, derr, raw))
			return false
		}
	}
	b.failure.CompareAndSwap(nil, "key "+key+" never acknowledged in 30 s")
	return false
}

// waitCount waits until n attempts are acknowledged.
func (b *burst) waitCount(t *testing.T, n int64, what string) {
	t.Helper()
	waitFor(t, 30*time.Second, what, func() bool { return b.count.Load() >= n || b.failure.Load() != nil })
	require.Nil(t, b.failure.Load())
}

// finish stops the clients once their current key is acknowledged.
func (b *burst) finish(t *testing.T) {
	t.Helper()
	close(b.stop)
	b.wg.Wait()
	require.Nil(t, b.failure.Load())
}

// proxiedPair is two replicas of the binary on one new database behind HAProxy, with
// an app key and learners: what the burst tests need.
type proxiedPair struct {
	r1, r2   *binaryServer
	db       string
	proxy    *testServer // the proxy's URL
	app      string
	qid      int64 // order-timers-microtasks
	learners []int64
}

// startProxiedPair starts the pair with extra NAME=value variables and n learners; r2
// is stopped at cleanup (r1 is the one the tests stop).
func startProxiedPair(t *testing.T, n int, env ...string) *proxiedPair {
	t.Helper()
	bin := looplabBinary(t)
	p := &proxiedPair{db: tempDB(t)}
	p.r1 = runBinaryWith(t, bin, p.db, testAdminKey, env...)
	p.r2 = runBinaryWith(t, bin, p.db, testAdminKey, env...)
	t.Cleanup(func() { _ = p.r2.cmd.Process.Signal(syscall.SIGTERM); _ = p.r2.cmd.Wait() })
	p.proxy = &testServer{t: t, URL: startHAProxy(t, p.r1.URL, p.r2.URL), AdminKey: testAdminKey,
		client: &http.Client{Timeout: 10 * time.Second}}
	p.app = p.proxy.mustKey(t, "app")
	p.qid = p.proxy.questionID(t, p.app, "order-timers-microtasks")
	for i := range n {
		p.learners = append(p.learners, p.proxy.mustLearner(t, p.app, fmt.Sprintf("%s-%d", t.Name(), i)))
	}
	return p
}

// TestReplicasSIGKILLMidBurst runs two replicas of the real binary behind HAProxy
// (deploy/haproxy.cfg) on one PostgreSQL database, sends a burst of attempts through the
// proxy and SIGKILLs one replica in the middle of it. The other keeps answering (the
// proxy sends it everything once the killed one refuses connections), and in the
// database every acknowledged attempt is there, each Idempotency-Key has exactly one
// attempt (a retry of a key the killed replica stored is replayed, not stored again),
// and each learner's attempt numbers run 1..n without a gap.
func TestReplicasSIGKILLMidBurst(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	p := startProxiedPair(t, 12)
	b := startBurst(p.proxy.URL, p.app, p.qid, p.learners)
	b.waitCount(t, 150, "150 attempts before the kill")
	require.NoError(t, p.r1.cmd.Process.Signal(syscall.SIGKILL), "kill one replica mid-burst")
	_ = p.r1.cmd.Wait()
	atKill := b.count.Load()
	b.waitCount(t, atKill+150, "150 more attempts after the kill, through the proxy")
	b.finish(t)
	direct := p.proxy.do(t, req{Method: "GET", Path: "/readyz"})
	assert.Equal(t, http.StatusOK, direct.Status)
	t.Logf("%d attempts acknowledged, %d of them after the kill", b.count.Load(), b.count.Load()-atKill)

	raw, err := sql.Open("pgx", p.db)
	require.NoError(t, err)
	defer raw.Close()
	var rows, keys int64
	require.NoError(t, raw.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT idempotency_key) FROM attempts`).Scan(&rows, &keys))
	assert.Equal(t, b.keys.Load(), rows, "one attempt per key sent: none lost, none duplicated")
	assert.Equal(t, rows, keys, "no key has two attempts")
	var acked []int64
	b.acked.Range(func(id, _ any) bool { acked = append(acked, id.(int64)); return true })
	assert.Equal(t, b.count.Load(), int64(len(acked)), "each acknowledgement names its own attempt")
	var found int64
	ids := make([]string, len(acked))
	for i, id := range acked {
		ids[i] = fmt.Sprint(id)
	}
	require.NoError(t, raw.QueryRow(`SELECT COUNT(*) FROM attempts WHERE id IN (`+strings.Join(ids, ",")+`)`).Scan(&found))
	assert.Equal(t, int64(len(acked)), found, "every acknowledged attempt is stored")
	var gaps int
	require.NoError(t, raw.QueryRow(`SELECT COUNT(*) FROM (SELECT learner_id FROM attempts GROUP BY learner_id
		HAVING COUNT(*) <> MAX(attempt_no)) g`).Scan(&gaps))
	assert.Zero(t, gaps, "attempt numbers run 1..n")
}

// TestReplicasDrain stops one of two replicas behind HAProxy gracefully (SIGTERM, with
// LOOPLAB_DRAIN_DELAY above the proxy's check interval times its fall count) in the
// middle of a burst: /readyz fails first, the proxy takes the replica out of rotation
// while it still serves, and it exits 0 once its requests are done. No request of the
// burst fails, not even once, and the other replica serves on.
func TestReplicasDrain(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	p := startProxiedPair(t, 8, "LOOPLAB_DRAIN_DELAY=3s")
	b := startBurst(p.proxy.URL, p.app, p.qid, p.learners)
	b.waitCount(t, 100, "100 attempts before the drain")
	require.NoError(t, p.r1.cmd.Process.Signal(syscall.SIGTERM))
	exited := make(chan error, 1)
	go func() { exited <- p.r1.cmd.Wait() }()
	select {
	case err := <-exited:
		require.NoError(t, err, "the drained replica exits 0")
	case <-time.After(40 * time.Second):
		t.Fatal("the drained replica did not exit")
	}
	assert.True(t, p.r1.Logged("draining: /readyz answers 503"))
	atExit := b.count.Load()
	b.waitCount(t, atExit+100, "100 more attempts after the drained replica exited")
	b.finish(t)
	assert.Zero(t, b.retries.Load(), "no request failed during the drain")
	t.Logf("%d attempts, none retried", b.count.Load())
}

// TestReplicasOutboxOwnerKilled: the replica delivering a grade to the LMS is killed
// while the platform holds the request. The other replica, started meanwhile, takes
// the message over once its lease expires (LOOPLAB_OUTBOX_LEASE) and delivers it and the
// learner's later grades: each attempt's grade reaches the emulated LMS once, in the
// order of the attempts.
func TestReplicasOutboxOwnerKilled(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	bin := looplabBinary(t)
	db := tempDB(t)
	env := []string{"LOOPLAB_OUTBOX_POLL=20ms", "LOOPLAB_OUTBOX_BACKOFF=30ms", "LOOPLAB_OUTBOX_MAX_BACKOFF=150ms",
		"LOOPLAB_OUTBOX_MAX_TRIES=1000", "LOOPLAB_OUTBOX_TIMEOUT=2s", "LOOPLAB_OUTBOX_LEASE=3s"}
	owner := runBinaryWith(t, bin, db, testAdminKey, env...)
	s := &testServer{t: t, URL: owner.URL, AdminKey: testAdminKey, client: &http.Client{Timeout: 10 * time.Second}}
	p := newPlatform(t)
	p.mu.Lock()
	p.toolJWKS = s.URL + "/lti/jwks"
	p.mu.Unlock()
	s.mustRegister(t, p)
	sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-7", "order-cjs-queues", "7")))

	held, _ := p.holdNextScore()
	answers := []attemptBody{s.answer(t, sess, cjsQueuesWrong)}
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("the first grade was not delivered")
	}
	answers = append(answers, s.answer(t, sess, cjsQueuesRight), s.answer(t, sess, cjsQueuesWrong))

	other := runBinaryWith(t, bin, db, testAdminKey, env...)
	defer func() { _ = other.cmd.Process.Signal(syscall.SIGTERM); _ = other.cmd.Wait() }()
	p.mu.Lock()
	p.toolJWKS = other.URL + "/lti/jwks" // the platform checks the new owner's token requests
	p.mu.Unlock()
	require.NoError(t, owner.cmd.Process.Signal(syscall.SIGKILL), "kill the replica during its delivery")
	_ = owner.cmd.Wait()

	waitFor(t, 30*time.Second, "three grades", func() bool { return len(p.Scores()) >= 3 })
	time.Sleep(500 * time.Millisecond) // a duplicate would come now
	scores := p.Scores()
	require.Len(t, scores, 3, "each attempt's grade once")
	var last time.Time
	for i, a := range answers {
		assert.InDelta(t, a.Score*100, scores[i].Score["scoreGiven"], 0.01, "grade %d in attempt order", i+1)
		ts, err := time.Parse(time.RFC3339Nano, scores[i].Score["timestamp"].(string))
		require.NoError(t, err)
		assert.True(t, ts.After(last), "grade %d after the one before", i+1)
		last = ts
	}
}

// TestPostgresRestartUnderLoad stops PostgreSQL (its own cluster) while clients submit
// attempts: while it is down every request that needs it is answered 503 with a
// problem+json and Retry-After, /readyz too; once it is back the same server (not
// restarted) answers 201 again.
func TestPostgresRestartUnderLoad(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	c, err := pgtest.Start()
	require.NoError(t, err)
	defer c.Stop()
	db, err := c.CreateDatabase()
	require.NoError(t, err)
	s := startServer(t, db, map[string]string{"LOOPLAB_RATE_LIMIT": "0"})
	app := s.mustKey(t, "app")
	qid := s.questionID(t, app, "order-timers-microtasks")
	learners := make([]int64, 4)
	for i := range learners {
		learners[i] = s.mustLearner(t, app, fmt.Sprintf("restart-%d", i))
	}

	var mu sync.Mutex
	statuses := map[int]int{}
	var badProblem atomic.Value
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	for _, l := range learners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"learner_id":%d,"question_id":%d,"answer":["timer A","promise of A","timer B","promise of B"]}`, l, qid)
			for {
				select {
				case <-stop:
					return
				default:
				}
				hr, _ := http.NewRequest("POST", s.URL+"/v1/attempts", strings.NewReader(body))
				hr.Header.Set("Content-Type", "application/json")
				hr.Header.Set("Authorization", "Bearer "+app)
				resp, err := client.Do(hr)
				if err != nil {
					badProblem.CompareAndSwap(nil, "transport: "+err.Error())
					return
				}
				var p struct{ Code string }
				_ = json.NewDecoder(resp.Body).Decode(&p)
				resp.Body.Close()
				if resp.StatusCode == http.StatusServiceUnavailable && (resp.Header.Get("Content-Type") != "application/problem+json" ||
					p.Code != "unavailable" || resp.Header.Get("Retry-After") == "") {
					badProblem.CompareAndSwap(nil, fmt.Sprintf("503 as %s, code %q", resp.Header.Get("Content-Type"), p.Code))
				}
				mu.Lock()
				statuses[resp.StatusCode]++
				mu.Unlock()
				time.Sleep(2 * time.Millisecond)
			}
		}()
	}
	count := func(status int) int {
		mu.Lock()
		defer mu.Unlock()
		return statuses[status]
	}
	waitFor(t, 10*time.Second, "attempts before the restart", func() bool { return count(http.StatusCreated) >= 50 })
	require.NoError(t, c.StopServer())
	waitFor(t, 10*time.Second, "503 answers while PostgreSQL is down", func() bool { return count(http.StatusServiceUnavailable) >= 20 })
	assert.Equal(t, http.StatusServiceUnavailable, s.do(t, req{Method: "GET", Path: "/readyz"}).Status)
	before := count(http.StatusCreated)
	require.NoError(t, c.StartServer())
	waitFor(t, 20*time.Second, "attempts after the restart", func() bool { return count(http.StatusCreated) >= before+50 })
	close(stop)
	wg.Wait()
	assert.Nil(t, badProblem.Load())
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/readyz"}).Status)
	mu.Lock()
	defer mu.Unlock()
	for status, n := range statuses {
		assert.Contains(t, []int{http.StatusCreated, http.StatusServiceUnavailable}, status, "%d answers with status %d", n, status)
	}
	t.Logf("answers by status: %v", statuses)
}

// TestPostgresDBCopyCommand moves a SQLite database that a server filled into a new
// PostgreSQL database with `looplab db copy`, then serves the copy: the learner and its
// attempts are there, with their ids. A second copy into the filled database fails.
func TestPostgresDBCopyCommand(t *testing.T) {
	postgresOnly(t)
	t.Parallel()
	file := filepath.Join(t.TempDir(), "from.db")
	lite := startServer(t, file, nil)
	app := lite.mustKey(t, "app")
	learner := lite.mustLearner(t, app, "moved")
	qid := lite.questionID(t, app, "order-timers-microtasks")
	for range 3 {
		r := lite.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: app,
			Body: map[string]any{"learner_id": learner, "question_id": qid, "answer": []string{"timer A", "promise of A", "timer B", "promise of B"}}})
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	}
	lite.Stop()

	url := tempDB(t)
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"db", "copy", "--from", file, "--to", url}, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" })
	require.Equal(t, 0, code, stderr.String())
	assert.Contains(t, stdout.String(), "copied and verified")
	assert.Regexp(t, `(?m)^attempts\s+3 rows$`, stdout.String())

	pg := startServer(t, url, nil)
	var list struct {
		Items []struct{ ID, LearnerID int64 }
	}
	pg.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", learner), Cred: app}).Decode(t, &list)
	assert.Len(t, list.Items, 3, "the app key, the learner and its attempts moved")
	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, 1, run(context.Background(), []string{"db", "copy", "--from", file, "--to", url}, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" }))
	assert.Contains(t, stderr.String(), "not empty")
}
