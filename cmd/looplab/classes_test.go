package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classBody is a class as the API returns it.
type classBody struct {
	ID          int64
	Name        string
	Code        string
	JoinOpen    bool   `json:"join_open"`
	MaxLearners int    `json:"max_learners"`
	Learners    int    `json:"learners"`
	JoinURL     string `json:"join_url"`
}

// joinedBody is a learner who joined a class.
type joinedBody struct {
	Class   struct{ ID int64 }
	Learner struct {
		ID    int64
		Name  string
		Guest bool
	}
	Token string
}

func (s *testServer) mustClass(t testing.TB, cred, name string) classBody {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/classes", Cred: cred, Body: map[string]any{"name": name}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var c classBody
	r.Decode(t, &c)
	return c
}

func (s *testServer) mustJoin(t testing.TB, code, name string) joinedBody {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": code, "name": name, "locale": "vi"}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var j joinedBody
	r.Decode(t, &j)
	return j
}

// TestCourse runs the instructor's journeys through the API on one server: classes,
// a question's life, assessments and the gradebook.
func TestCourse(t *testing.T) {
	t.Parallel()
	metricsAddr := freeAddr(t)
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_GUESTS_PER_HOUR": "2",
		"LOOPLAB_METRICS_KEY": "metrics-key-0123456789", "LOOPLAB_METRICS_ADDR": metricsAddr})
	inst := s.mustKey(t, "instructor")
	t.Run("Classes", func(t *testing.T) { testClasses(t, s, inst) })
	t.Run("QuestionLifecycle", func(t *testing.T) { testQuestionLifecycle(t, s, inst) })
	t.Run("Assessments", func(t *testing.T) { testAssessments(t, s, inst) })
	t.Run("MetricsAndLimits", func(t *testing.T) { testMetricsAndLimits(t, s, metricsAddr) }) // last: it spends the address's failures
}

// freeAddr returns a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// testMetricsAndLimits: /metrics is for an admin key or the metrics key, and served with
// no credential on its own address; a 413 says the route's limit, a 429 the limit and
// when to retry.
func testMetricsAndLimits(t *testing.T, s *testServer, metricsAddr string) {
	r := s.do(t, req{Method: "GET", Path: "/metrics"})
	assert.Equal(t, http.StatusUnauthorized, r.Status)
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: "/metrics", Cred: s.mustKey(t, "app")}).Status)
	for _, cred := range []string{s.AdminKey, "metrics-key-0123456789"} {
		r = s.do(t, req{Method: "GET", Path: "/metrics", Cred: cred})
		require.Equal(t, http.StatusOK, r.Status)
		assert.Contains(t, string(r.Body), "looplab_http_requests_total")
	}
	res, err := http.Get("http://" + metricsAddr + "/metrics")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), "looplab_http_requests_total", "no credential on the metrics address")

	big := `{"code":"AAAA-AAAA","name":"` + strings.Repeat("a", 70_000) + `"}`
	r = s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: big})
	require.Equal(t, http.StatusRequestEntityTooLarge, r.Status)
	assert.Equal(t, "The request body is too large: this route takes at most 65536 bytes (LOOPLAB_SMALL_BODY_LIMIT).", r.JSON(t)["detail"])

	for i := 0; ; i++ {
		r = s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": "AAAA-AAAA", "name": "Guess"}})
		if r.Status == http.StatusTooManyRequests || i == 40 {
			break
		}
	}
	require.Equal(t, http.StatusTooManyRequests, r.Status, "wrong codes are limited")
	assert.Contains(t, r.JSON(t)["detail"], "The limit is 5 invalid credentials a second and 20 at once per address")
	assert.Equal(t, "1", r.Header.Get("Retry-After"))
}

// testClasses: an instructor makes a class; 30 learners behind one address join it with
// its code and a name (more than the address's guests per hour), each practises with the
// token the join gave, and renews it; the cohort lists them by name. A wrong code is
// refused with the reason and counts as an invalid credential; a closed or full class
// says so, with its limit; another instructor's class does not exist for them.
func testClasses(t *testing.T, s *testServer, inst string) {
	other := s.mustKey(t, "instructor")
	cl := s.mustClass(t, inst, "Node.js, autumn group")
	assert.Regexp(t, `^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$`, cl.Code)
	assert.True(t, cl.JoinOpen)
	assert.Equal(t, 200, cl.MaxLearners)
	assert.True(t, strings.HasSuffix(cl.JoinURL, "/app/join.html#code="+cl.Code), cl.JoinURL)

	// Thirty learners at once, from one address, the code typed loosely.
	typed := strings.ToLower(strings.ReplaceAll(cl.Code, "-", " "))
	joined := make([]joinedBody, 30)
	var wg sync.WaitGroup
	for i := range joined {
		wg.Add(1)
		go func() {
			defer wg.Done()
			joined[i] = s.mustJoin(t, typed, fmt.Sprintf("Learner %02d", i+1))
		}()
	}
	wg.Wait()
	qid := s.questionID(t, joined[0].Token, "order-cjs-queues")
	for i, j := range joined {
		require.NotZero(t, j.Learner.ID, i)
		assert.False(t, j.Learner.Guest)
		assert.Equal(t, cl.ID, j.Class.ID)
		r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: j.Token, Body: map[string]any{"learner_id": j.Learner.ID, "question_id": qid, "answer": cjsQueuesRight}})
		require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	}
	// Guests from the same address are still limited, and the refusal says why and what to do.
	s.mustGuest(t, "en")
	s.mustGuest(t, "en")
	over := s.do(t, req{Method: "POST", Path: "/v1/guests"})
	require.Equal(t, http.StatusTooManyRequests, over.Status)
	detail := over.JSON(t)["detail"].(string)
	assert.Contains(t, detail, "made 2 guests within the last hour")
	assert.Contains(t, detail, "Join your class with the code")
	assert.Regexp(t, `in \d+ minutes\.$`, detail)

	// A class's learner renews its own token.
	renew := s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/learners/%d/tokens", joined[0].Learner.ID), Cred: joined[0].Token})
	require.Equal(t, http.StatusCreated, renew.Status, string(renew.Body))
	assert.Equal(t, http.StatusOK, s.do(t, req{Method: "GET", Path: "/v1/attempts", Cred: renew.JSON(t)["token"].(string)}).Status)

	// The instructor sees the learners by name, and the cohort of the class.
	var members struct {
		Items []struct {
			ID   int64
			Name string
		}
	}
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/classes/%d/learners", cl.ID), Cred: inst}).Decode(t, &members)
	require.Len(t, members.Items, 30)
	var cohort struct {
		Learners []struct {
			Name     string
			Guest    bool
			MeanBest float64 `json:"mean_best"`
		}
		Missing []int64
	}
	r := s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?class=%d", cl.ID), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &cohort)
	require.Len(t, cohort.Learners, 30)
	for _, l := range cohort.Learners {
		assert.Regexp(t, `^Learner \d\d$`, l.Name)
		assert.Equal(t, 1.0, l.MeanBest)
	}
	// A list of ids with one that names nobody: the others, and the missing one.
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?learners=%d,999999", joined[1].Learner.ID), Cred: inst})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.Decode(t, &cohort)
	assert.Len(t, cohort.Learners, 1)
	assert.Equal(t, []int64{999999}, cohort.Missing)

	// Another instructor's class does not exist for them.
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/classes/%d", cl.ID), Cred: other}).Status)
	assert.Equal(t, http.StatusNotFound, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/cohort?class=%d", cl.ID), Cred: other}).Status)
	var mine struct{ Items []classBody }
	s.do(t, req{Method: "GET", Path: "/v1/classes", Cred: other}).Decode(t, &mine)
	assert.Empty(t, mine.Items)
	s.do(t, req{Method: "GET", Path: "/v1/classes", Cred: s.AdminKey}).Decode(t, &mine)
	assert.Len(t, mine.Items, 1, "an admin sees every class")

	// A wrong code: refused with the reason, and counted as an invalid credential.
	wrong := s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": "AAAA-AAAA", "name": "Mallory"}})
	require.Equal(t, http.StatusNotFound, wrong.Status)
	assert.Contains(t, wrong.JSON(t)["detail"], "No class has this join code")
	bad := s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": "??", "name": ""}})
	require.Equal(t, http.StatusBadRequest, bad.Status)
	assert.Contains(t, string(bad.Body), `"field":"code"`)
	assert.Contains(t, string(bad.Body), `"field":"name"`)

	// Closed, then full: each refusal says which, with the limit.
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/classes/%d", cl.ID), Cred: inst, Body: map[string]any{"join_open": false}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	closed := s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": cl.Code, "name": "Late"}})
	require.Equal(t, http.StatusConflict, closed.Status)
	assert.Contains(t, closed.JSON(t)["detail"], "closed to new learners")
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/classes/%d", cl.ID), Cred: inst, Body: map[string]any{"join_open": true, "max_learners": 29}})
	require.Equal(t, http.StatusBadRequest, r.Status, "fewer seats than learners")
	r = s.do(t, req{Method: "PATCH", Path: fmt.Sprintf("/v1/classes/%d", cl.ID), Cred: inst, Body: map[string]any{"join_open": true, "max_learners": 30}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	full := s.do(t, req{Method: "POST", Path: "/v1/classes/join", Body: map[string]string{"code": cl.Code, "name": "Late"}})
	require.Equal(t, http.StatusConflict, full.Status)
	assert.Contains(t, full.JSON(t)["detail"], "is full: it takes 30 learners")
}
