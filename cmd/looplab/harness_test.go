package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/looplab/looplab/api"
	"github.com/looplab/looplab/store"
	"github.com/looplab/looplab/store/pgtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testServer is a real `looplab serve` running in-process on a free port, with a real
// SQLite file.
type testServer struct {
	t        testing.TB
	URL      string
	DB       string
	AdminKey string
	stop     context.CancelFunc
	done     chan int
	client   *http.Client
}

// startServer runs `looplab serve` on 127.0.0.1:0 with the database file db and extra
// LOOPLAB_* variables, and waits until it listens.
func startServer(t testing.TB, db string, env map[string]string) *testServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	getenv := func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		switch k {
		case "LOOPLAB_ADMIN_KEY":
			return testAdminKey
		case "LOOPLAB_ACCESS_LOG":
			return "false"
		}
		return ""
	}
	ready := make(chan string, 1)
	var logMu sync.Mutex
	var errLines []string
	stderr := &lineWatcher{t: t, onLine: func(line string) {
		if strings.Contains(line, `"level":"ERROR"`) {
			logMu.Lock()
			errLines = append(errLines, line)
			logMu.Unlock()
		}
		var m struct{ Msg, Addr string }
		if json.Unmarshal([]byte(line), &m) == nil && m.Msg == "listening" {
			ready <- m.Addr
		}
	}}
	s := &testServer{t: t, DB: db, AdminKey: testAdminKey, stop: cancel, done: make(chan int, 1),
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}}
	go func() {
		s.done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, strings.NewReader(""), io.Discard, stderr, getenv)
	}()
	select {
	case addr := <-ready:
		s.URL = "http://" + addr
	case code := <-s.done:
		logMu.Lock()
		defer logMu.Unlock()
		t.Fatalf("looplab serve exited with %d before listening: %s", code, strings.Join(errLines, "\n"))
	case <-time.After(serveStartTimeout):
		t.Fatalf("looplab serve did not start in %v", serveStartTimeout)
	}
	t.Cleanup(func() { s.Stop() })
	return s
}

const testAdminKey = "test-admin-key-0123456789"

// serveStartTimeout is how long a test waits for the server to listen: a guard against a
// hang, not a speed check. Start validates the bank through the simulator, which took over
// 10 s at load 20 while other packages' tests ran beside.
const serveStartTimeout = 60 * time.Second

// Stop sends the equivalent of SIGTERM and waits for a clean exit.
func (s *testServer) Stop() {
	if s.stop == nil {
		return
	}
	s.client.CloseIdleConnections()
	s.stop()
	s.stop = nil
	select {
	case code := <-s.done:
		assert.Equal(s.t, 0, code, "looplab serve exit code")
	case <-time.After(30 * time.Second):
		s.t.Error("looplab serve did not stop in 30 s")
	}
}

// tempDB returns a new empty database of the pass's engine: a SQLite file under
// t.TempDir(), or (in TestMain's PostgreSQL pass) a new database of the test cluster.
func tempDB(t testing.TB) string {
	if testEngine == store.Postgres {
		return pgtest.NewDatabase(t)
	}
	return filepath.Join(t.TempDir(), "looplab.db")
}

// testEngine is the engine of the pass: TestMain runs the package's tests on SQLite,
// then the end-to-end suite (postgresSuite) again on PostgreSQL.
var testEngine = store.SQLite

// postgresSuite selects the tests that run on PostgreSQL too: every test that goes
// through the HTTP API of a real server over its database (the browser, crash and CLI
// tests are about the process and the SQLite file).
const postgresSuite = `^(TestFlow|TestAuthorization|TestKeyRevocation|TestQuestionFilters|TestRateLimit|TestIdempotency|` +
	`TestIdempotencyExpiry|TestBadInput|TestAuthoring|TestRestart|TestExerciseEndToEnd|TestPracticeNextAndProgress|` +
	`TestAuthoringPreviewStatsAndBankRoundTrip|TestLostUpdateIs412|TestInstructorCopiesBankQuestion|TestCohort.*|TestCORS|TestLTI.*|TestOutbox.*|TestWebhooks|TestExports|TestGuest.*|TestCourse|TestReplicas.*|TestPostgres.*)$`

// runPostgresPass runs the end-to-end suite again on PostgreSQL (see postgresSuite; an
// explicit -run is kept as it is) unless PostgreSQL is absent and not required.
func runPostgresPass(m *testing.M) int {
	if _, withPostgres := pgtest.Engines(); !withPostgres {
		return 0
	}
	if !pgtest.Available() && !pgtest.Required() {
		fmt.Println("looplab: PostgreSQL is not installed: the PostgreSQL pass is skipped")
		return 0
	}
	if f := flag.Lookup("test.run"); f != nil && f.Value.String() == "" {
		_ = f.Value.Set(postgresSuite)
	}
	fmt.Println("looplab: the end-to-end suite on PostgreSQL")
	testEngine = store.Postgres
	return m.Run()
}

// lineWatcher is an io.Writer that hands every complete line to onLine.
type lineWatcher struct {
	t      testing.TB
	mu     sync.Mutex
	buf    bytes.Buffer
	onLine func(string)
}

func (w *lineWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		line, err := w.buf.ReadString('\n')
		if err != nil {
			w.buf.WriteString(line)
			return len(p), nil
		}
		w.onLine(strings.TrimSpace(line))
	}
}

// response is one HTTP response, read fully.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r *response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(r.Body, &m), "body: %s", r.Body)
	return m
}

func (r *response) Decode(t testing.TB, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(r.Body, v), "body: %s", r.Body)
}

// req describes a request for do.
type req struct {
	Method, Path, Cred string
	Body               any // marshalled to JSON unless it is a string or []byte
	Header             map[string]string
}

// do sends a request and validates the response against /openapi.json (every response
// of a documented route; a problem for any other).
func (s *testServer) do(t testing.TB, r req) *response {
	t.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		require.NoError(t, err)
		body = bytes.NewReader(data)
	}
	hr, err := http.NewRequest(r.Method, s.URL+r.Path, body)
	require.NoError(t, err)
	if body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	if r.Cred != "" {
		hr.Header.Set("Authorization", "Bearer "+r.Cred)
	}
	for k, v := range r.Header {
		hr.Header.Set(k, v)
	}
	resp, err := s.client.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	out := &response{Status: resp.StatusCode, Header: resp.Header}
	out.Body, err = io.ReadAll(resp.Body)
	require.NoError(t, err)
	validateResponse(t, hr, out)
	return out
}

var (
	specOnce   sync.Once
	specRouter routers.Router
	specErr    error
)

// validateResponse checks a response against the OpenAPI document with kin-openapi.
func validateResponse(t testing.TB, hr *http.Request, resp *response) {
	t.Helper()
	documented, err := checkResponse(hr, resp)
	require.NoError(t, specErr, "openapi.json")
	if !documented {
		// Not a documented route or method: it must still be a problem.
		assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"), "%s %s", hr.Method, hr.URL.Path)
		return
	}
	assert.NoError(t, err, "%s %s -> %d %s", hr.Method, hr.URL.Path, resp.Status, truncate(resp.Body))
}

// checkResponse validates a response against the OpenAPI document; documented is false
// when the document has no such route.
func checkResponse(hr *http.Request, resp *response) (documented bool, err error) {
	specOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(api.OpenAPI)
		if err == nil {
			err = doc.Validate(context.Background())
		}
		if err == nil {
			specRouter, err = legacy.NewRouter(doc)
		}
		specErr = err
	})
	if specErr != nil {
		return true, specErr
	}
	u, _ := url.Parse(hr.URL.String())
	u.Host, u.Scheme = "", ""
	probe := hr.Clone(context.Background())
	probe.URL = u
	route, params, err := specRouter.FindRoute(probe)
	if err != nil {
		return false, nil
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route,
			Options: &openapi3filter.Options{ExcludeRequestBody: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: resp.Status, Header: resp.Header, Body: io.NopCloser(bytes.NewReader(resp.Body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	return true, openapi3filter.ValidateResponse(context.Background(), in)
}

func truncate(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
}

// scanLines returns the lines of a text.
func scanLines(s string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
