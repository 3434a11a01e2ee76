package main

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fastOutbox makes the outbox poll and retry in milliseconds.
var fastOutbox = map[string]string{"LOOPLAB_OUTBOX_POLL": "20ms", "LOOPLAB_OUTBOX_BACKOFF": "30ms", "LOOPLAB_OUTBOX_MAX_BACKOFF": "150ms",
	"LOOPLAB_OUTBOX_MAX_TRIES": "1000"}

// ltiServer starts looplab with a fast outbox and registers the emulated platform.
func ltiServer(t *testing.T, db string, p *platform) *testServer {
	t.Helper()
	s := startServer(t, db, fastOutbox)
	p.mu.Lock()
	p.toolJWKS = s.URL + "/lti/jwks"
	p.mu.Unlock()
	return s
}

func (s *testServer) mustRegister(t testing.TB, p *platform) int64 {
	t.Helper()
	r := s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: s.AdminKey, Body: p.registration()})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	return int64(r.JSON(t)["id"].(float64))
}

// learnerLaunch is a learner's resource-link launch of the question slug with a line item.
func learnerLaunch(p *platform, sub, slug, lineItem string) *launchSpec {
	return &launchSpec{Sub: sub, Name: "Learner " + sub, Locale: "vi-VN", MessageType: "LtiResourceLinkRequest",
		ResourceLinkID: "link-" + slug + "-" + lineItem, Custom: map[string]string{"question": slug},
		Roles:    []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"},
		LineItem: p.lineItem(lineItem)}
}

// answer submits an answer to the session's question as the launched learner.
func (s *testServer) answer(t testing.TB, sess session, answer any) attemptBody {
	t.Helper()
	return s.answerAt(t, sess.Token, sess.Question, answer)
}

// answerAt submits an answer to a question (its id) with a learner token.
func (s *testServer) answerAt(t testing.TB, token, question string, answer any) attemptBody {
	t.Helper()
	r := s.do(t, req{Method: "GET", Path: "/v1/questions/" + question + "/variant", Cred: token})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var v struct {
		LearnerID int64 `json:"learner_id"`
		Seed      int64 `json:"seed"`
	}
	r.Decode(t, &v)
	r = s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: token,
		Body: map[string]any{"learner_id": v.LearnerID, "question_id": atoi64(t, question), "answer": answer, "seed": v.Seed}})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var a attemptBody
	r.Decode(t, &a)
	return a
}

func atoi64(t testing.TB, s string) int64 {
	var n int64
	_, err := fmt.Sscan(s, &n)
	require.NoError(t, err)
	return n
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var cjsQueuesRight = []string{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask", "setTimeout 0", "setImmediate"}
var cjsQueuesWrong = []string{"sync 1", "sync 2", "Promise.then", "queueMicrotask", "nextTick", "setImmediate", "setTimeout 0"}

// TestLTILaunchAndGradePassback drives an emulated platform through the OIDC login, the
// launch and the grade passback, end to end: the learner is created from the platform
// user, the launch lands on the practice page with a learner token, and each graded
// attempt reaches the platform's line item as an AGS score.
func TestLTILaunchAndGradePassback(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)

	first := learnerLaunch(p, "user-42", "order-cjs-queues", "7")
	first.PostLogin = true // login initiation by form POST, as Moodle and Canvas send it
	sess := mustSession(t, p.launch(t, s, first))
	assert.NotEmpty(t, sess.Token)
	assert.Equal(t, "vi", sess.Lang, "the launch locale picks the page language")
	assert.Equal(t, fmt.Sprint(s.questionID(t, s.AdminKey, "order-cjs-queues")), sess.Question)

	r := s.do(t, req{Method: "GET", Path: "/v1/learners?external_id=" + url.QueryEscape(p.URL()+"#user-42"), Cred: s.AdminKey})
	var learners struct{ Items []map[string]any }
	r.Decode(t, &learners)
	require.Len(t, learners.Items, 1, "the platform user is a learner with external id issuer#sub")
	assert.Equal(t, "Learner user-42", learners.Items[0]["name"])
	assert.Equal(t, "vi", learners.Items[0]["locale"])

	a1 := s.answer(t, sess, cjsQueuesWrong)
	a2 := s.answer(t, sess, cjsQueuesRight)
	waitFor(t, 10*time.Second, "two scores", func() bool { return len(p.Scores()) == 2 })
	scores := p.Scores()
	for i, a := range []attemptBody{a1, a2} {
		got := scores[i]
		assert.Equal(t, "7", got.LineItem)
		assert.Equal(t, "application/vnd.ims.lis.v1.score+json", got.ContentType)
		assert.Equal(t, "user-42", got.Score["userId"])
		assert.InDelta(t, a.Score*100, got.Score["scoreGiven"], 0.01)
		assert.Equal(t, 100.0, got.Score["scoreMaximum"])
		assert.Equal(t, "Completed", got.Score["activityProgress"])
		assert.Equal(t, "FullyGraded", got.Score["gradingProgress"])
		ts, err := time.Parse(time.RFC3339Nano, got.Score["timestamp"].(string))
		require.NoError(t, err)
		assert.WithinDuration(t, time.Now(), ts, time.Minute)
	}
	_, tokenCalls := p.counts()
	assert.Equal(t, 1, tokenCalls, "the access token is cached until it expires")

	// A second launch by the same user is the same learner; another user is another.
	again := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-42", "order-cjs-queues", "7")))
	assert.Equal(t, learnerOf(t, s, sess), learnerOf(t, s, again))
	other := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-43", "order-cjs-queues", "7")))
	assert.NotEqual(t, learnerOf(t, s, sess), learnerOf(t, s, other))

	// The tool's JWKS shows public keys only.
	r = s.do(t, req{Method: "GET", Path: "/lti/jwks"})
	require.Equal(t, http.StatusOK, r.Status)
	assert.NotContains(t, string(r.Body), `"d"`)
	assert.NotContains(t, string(r.Body), "PRIVATE")
}

func learnerOf(t testing.TB, s *testServer, sess session) int64 {
	t.Helper()
	var v struct {
		LearnerID int64 `json:"learner_id"`
	}
	s.do(t, req{Method: "GET", Path: "/v1/questions/" + sess.Question + "/variant", Cred: sess.Token}).Decode(t, &v)
	require.Positive(t, v.LearnerID)
	return v.LearnerID
}

// TestLTILaunchRefusals sends launches that break one rule each: every one is refused
// with an HTML page naming the reason, and none yields a session.
func TestLTILaunchRefusals(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	stranger, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	base := func() *launchSpec { return learnerLaunch(p, "user-1", "order-cjs-queues", "1") }
	with := func(f func(jwt.MapClaims)) *launchSpec { l := base(); l.Tamper = f; return l }
	cases := []struct {
		name   string
		spec   *launchSpec
		post   func(action string, fields url.Values) page
		reason string
	}{
		{"BadSignature", func() *launchSpec { l := base(); l.SignWith = stranger; return l }(), nil, "bad_signature"},
		{"WrongAudience", with(func(c jwt.MapClaims) { c["aud"] = "another-tool" }), nil, "wrong_audience"},
		{"WrongAZP", with(func(c jwt.MapClaims) { c["aud"] = []string{p.clientID, "x"}; c["azp"] = "x" }), nil, "wrong_audience"},
		{"Expired", with(func(c jwt.MapClaims) {
			c["iat"] = time.Now().Add(-10 * time.Minute).Unix()
			c["exp"] = time.Now().Add(-2 * time.Minute).Unix()
		}), nil, "expired_token"},
		{"IssuedInTheFuture", with(func(c jwt.MapClaims) { c["iat"] = time.Now().Add(5 * time.Minute).Unix() }), nil, "token_not_yet_valid"},
		{"UnknownDeployment", with(func(c jwt.MapClaims) { c["https://purl.imsglobal.org/spec/lti/claim/deployment_id"] = "deploy-x" }), nil, "unknown_deployment"},
		{"WrongVersion", with(func(c jwt.MapClaims) { c["https://purl.imsglobal.org/spec/lti/claim/version"] = "1.1" }), nil, "bad_version"},
		{"UnknownMessageType", with(func(c jwt.MapClaims) {
			c["https://purl.imsglobal.org/spec/lti/claim/message_type"] = "LtiSubmissionReviewRequest"
		}), nil, "bad_message_type"},
		{"NoResourceLink", with(func(c jwt.MapClaims) { delete(c, "https://purl.imsglobal.org/spec/lti/claim/resource_link") }), nil, "missing_claim"},
		{"UnknownIssuer", with(func(c jwt.MapClaims) { c["iss"] = "https://evil.example" }), nil, "unknown_platform"},
		{"NonceNotFromThisLogin", with(func(c jwt.MapClaims) { c["nonce"] = "a-nonce-never-issued" }), nil, "nonce_mismatch"},
		{"WrongState", base(), func(action string, f url.Values) page {
			f.Set("state", "forged-state")
			return postForm(t, action, f)
		}, "bad_state"},
		{"ForeignTargetLinkURI", with(func(c jwt.MapClaims) {
			c["https://purl.imsglobal.org/spec/lti/claim/target_link_uri"] = "https://evil.example/lti/launch"
		}), nil, "wrong_target_link"},
		{"TargetLinkURIOnAnotherPort", with(func(c jwt.MapClaims) {
			c["https://purl.imsglobal.org/spec/lti/claim/target_link_uri"] = "http://127.0.0.1:1/lti/launch"
		}), nil, "wrong_target_link"},
		{"NoTargetLinkURI", with(func(c jwt.MapClaims) { delete(c, "https://purl.imsglobal.org/spec/lti/claim/target_link_uri") }), nil, "missing_claim"},
		{"NoQuestion", func() *launchSpec { l := base(); l.Custom = nil; l.ResourceLinkID = "unbound"; return l }(), nil, "no_question"},
		{"UnknownQuestion", func() *launchSpec { l := base(); l.Custom = map[string]string{"question": "no-such-slug"}; return l }(), nil, "no_question"},
	}
	for _, tc := range cases {
		action, fields := p.login(t, s, tc.spec)
		var r page
		if tc.post != nil {
			r = tc.post(action, fields)
		} else {
			r = postForm(t, action, fields)
		}
		require.Contains(t, r.Body, "data-reason", "%s: %d %s", tc.name, r.Status, r.Location)
		assert.Equal(t, tc.reason, refusedReason(t, r), tc.name)
		assert.Equal(t, http.StatusBadRequest, r.Status, tc.name)
		assert.Empty(t, r.Location, "%s: no redirect, no session", tc.name)
		assert.NotContains(t, r.Body, "lt1.", "%s: no learner token", tc.name)
	}

	// A replayed launch (the same form posted twice) is refused the second time.
	action, fields := p.login(t, s, base())
	mustSession(t, postForm(t, action, fields))
	r := postForm(t, action, fields)
	assert.Equal(t, "nonce_replayed", refusedReason(t, r))
	// So is the same id_token with the state of a fresh login.
	_, fresh := p.login(t, s, base())
	replay := url.Values{"id_token": {fields.Get("id_token")}, "state": {fresh.Get("state")}}
	assert.Equal(t, "nonce_replayed", refusedReason(t, postForm(t, action, replay)))
	// The fresh login itself still completes with its own token, once.
	mustSession(t, postForm(t, action, fresh))
	assert.Equal(t, "nonce_replayed", refusedReason(t, postForm(t, action, fresh)))

	// An unknown login is refused at once; so is a login for an unregistered deployment.
	r = get(t, s.URL+"/lti/login?"+url.Values{"iss": {"https://nobody.example"}, "login_hint": {"u"}, "target_link_uri": {s.URL + "/lti/launch"}}.Encode())
	assert.Equal(t, "unknown_platform", refusedReason(t, r))
	r = get(t, s.URL+"/lti/login?"+url.Values{"iss": {p.URL()}, "login_hint": {"u"}, "target_link_uri": {s.URL + "/lti/launch"}, "lti_deployment_id": {"nope"}}.Encode())
	assert.Equal(t, "unknown_deployment", refusedReason(t, r))
	r = postForm(t, s.URL+"/lti/launch", url.Values{"state": {"x"}})
	assert.Equal(t, "malformed_request", refusedReason(t, r))
	// A login whose target link is not looplab is refused before any state is made.
	for _, target := range []string{"https://evil.example/lti/launch", "https://" + strings.TrimPrefix(s.URL, "http://") + "/lti/launch", "/lti/launch"} {
		r = get(t, s.URL+"/lti/login?"+url.Values{"iss": {p.URL()}, "login_hint": {"u"}, "target_link_uri": {target}}.Encode())
		assert.Equal(t, "wrong_target_link", refusedReason(t, r), target)
	}

	// The platform rotates its key: the tool fetches the JWKS again for the new kid (at
	// most once a second, so forged kids cannot make it hammer the platform).
	p.rotateKey("platform-key-2")
	time.Sleep(1100 * time.Millisecond)
	mustSession(t, p.launch(t, s, base()))
}

// TestLTIDeepLinking: an instructor's deep-linking launch opens the picker; the choice
// goes back to the platform as a signed LtiDeepLinkingResponse with a resource link and
// a line item per question, and launching a created link opens that question.
func TestLTIDeepLinking(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	instructor := &launchSpec{Sub: "teacher-1", Name: "Teacher", Locale: "en-US", MessageType: "LtiDeepLinkingRequest",
		Roles: []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"}, DeepLinkData: "opaque-123"}

	picker := p.launch(t, s, instructor)
	require.Equal(t, http.StatusOK, picker.Status, picker.Body)
	assert.Contains(t, picker.Body, `value="order-cjs-queues"`)
	assert.Contains(t, picker.Body, `value="numeric-timer-threshold"`)
	assert.NotContains(t, picker.Body, "<script src", "no external assets")
	action, fields := form(t, picker.Body)
	require.Equal(t, "/lti/deep-link", action)
	fields["question"] = []string{"order-cjs-queues", "numeric-timer-threshold"}
	back := postForm(t, s.URL+action, fields)
	require.Equal(t, http.StatusOK, back.Status, back.Body)
	returnURL, jwtField := form(t, back.Body)
	require.Equal(t, p.URL()+"/deeplink/return", returnURL)
	r := postForm(t, returnURL, jwtField)
	require.Equal(t, http.StatusOK, r.Status, r.Body)

	p.mu.Lock()
	require.Len(t, p.deepLinks, 1)
	c := p.deepLinks[0]
	p.mu.Unlock()
	assert.Equal(t, "LtiDeepLinkingResponse", c["https://purl.imsglobal.org/spec/lti/claim/message_type"])
	assert.Equal(t, "1.3.0", c["https://purl.imsglobal.org/spec/lti/claim/version"])
	assert.Equal(t, p.deploy, c["https://purl.imsglobal.org/spec/lti/claim/deployment_id"])
	assert.Equal(t, "opaque-123", c["https://purl.imsglobal.org/spec/lti-dl/claim/data"])
	assert.NotEmpty(t, c["nonce"])
	items, _ := c["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"].([]any)
	require.Len(t, items, 2)
	first := items[0].(map[string]any)
	assert.Equal(t, "ltiResourceLink", first["type"])
	assert.Equal(t, s.URL+"/lti/launch", first["url"])
	assert.Equal(t, map[string]any{"question": "order-cjs-queues"}, first["custom"])
	li := first["lineItem"].(map[string]any)
	assert.Equal(t, 100.0, li["scoreMaximum"])
	assert.NotEmpty(t, li["label"])

	// The session is single use.
	again := postForm(t, s.URL+action, fields)
	assert.Equal(t, "deep_link_session", refusedReason(t, again))
	// A learner cannot deep link.
	student := *instructor
	student.Roles = []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"}
	r = p.launch(t, s, &student)
	assert.Equal(t, http.StatusForbidden, r.Status)
	assert.Equal(t, "not_instructor", refusedReason(t, r))

	// The platform launches the created link with its custom parameter: the question
	// opens, and the link remembers it for launches without the parameter.
	spec := learnerLaunch(p, "user-9", "numeric-timer-threshold", "3")
	spec.ResourceLinkID = "created-by-deep-link"
	sess := mustSession(t, p.launch(t, s, spec))
	assert.Equal(t, fmt.Sprint(s.questionID(t, s.AdminKey, "numeric-timer-threshold")), sess.Question)
	spec.Custom = nil
	assert.Equal(t, sess.Question, mustSession(t, p.launch(t, s, spec)).Question)
}

// TestLTIAdmin covers registrations over the API, key rotation and the roster sync.
func TestLTIAdmin(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	app := s.mustKey(t, "app")
	bad := p.registration()
	bad["jwks_url"] = "http://example.com/jwks"
	bad["deployment_ids"] = []string{}
	r := s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: s.AdminKey, Body: bad})
	require.Equal(t, http.StatusBadRequest, r.Status)
	assert.Contains(t, string(r.Body), "deployment_ids")
	assert.Contains(t, string(r.Body), "https")
	r = s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: app, Body: p.registration()})
	assert.Equal(t, http.StatusForbidden, r.Status)
	id := s.mustRegister(t, p)
	r = s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: s.AdminKey, Body: p.registration()})
	assert.Equal(t, http.StatusConflict, r.Status)
	r = s.do(t, req{Method: "GET", Path: "/v1/lti/platforms", Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status)
	assert.Contains(t, string(r.Body), `"login_url":"`+s.URL+`/lti/login"`)
	other := p.registration()
	other["client_id"] = "another-course-tool"
	r = s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: s.AdminKey, Body: other})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	var page struct {
		Items      []struct{ ID int64 }
		NextCursor *string `json:"next_cursor"`
	}
	s.do(t, req{Method: "GET", Path: "/v1/lti/platforms?limit=1", Cred: s.AdminKey}).Decode(t, &page)
	require.Len(t, page.Items, 1)
	assert.Equal(t, id, page.Items[0].ID)
	require.NotNil(t, page.NextCursor)
	s.do(t, req{Method: "GET", Path: "/v1/lti/platforms?limit=1&cursor=" + *page.NextCursor, Cred: s.AdminKey}).Decode(t, &page)
	require.Len(t, page.Items, 1)
	assert.Greater(t, page.Items[0].ID, id)
	assert.Nil(t, page.NextCursor)
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/lti/platforms/%d", page.Items[0].ID), Cred: s.AdminKey})
	require.Equal(t, http.StatusNoContent, r.Status)
	r = s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/lti/platforms/%d", id), Cred: s.AdminKey})
	assert.Equal(t, http.StatusOK, r.Status)

	// Rotation: the new key signs, the old one stays published.
	var before struct{ Keys []struct{ KID string } }
	s.do(t, req{Method: "GET", Path: "/lti/jwks"}).Decode(t, &before)
	require.Len(t, before.Keys, 1)
	r = s.do(t, req{Method: "POST", Path: "/v1/lti/keys/rotate", Cred: s.AdminKey})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	newKID := r.JSON(t)["kid"].(string)
	var after struct{ Keys []struct{ KID string } }
	s.do(t, req{Method: "GET", Path: "/lti/jwks"}).Decode(t, &after)
	require.Len(t, after.Keys, 2)
	assert.Equal(t, newKID, after.Keys[0].KID)
	assert.Equal(t, before.Keys[0].KID, after.Keys[1].KID)

	// Roster sync over NRPS (two pages): the active learners become learners.
	mustSession(t, p.launch(t, s, learnerLaunch(p, "user-1", "order-cjs-queues", "1")))
	var contexts struct {
		Items []struct {
			ID        int64
			ContextID string `json:"context_id"`
			Title     string
		}
	}
	s.do(t, req{Method: "GET", Path: "/v1/lti/contexts", Cred: s.AdminKey}).Decode(t, &contexts)
	require.Len(t, contexts.Items, 1)
	assert.Equal(t, "course-7", contexts.Items[0].ContextID)
	assert.Equal(t, "Node.js internals", contexts.Items[0].Title)
	r = s.do(t, req{Method: "POST", Path: fmt.Sprintf("/v1/lti/contexts/%d/roster-sync", contexts.Items[0].ID), Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	m := r.JSON(t)
	assert.Equal(t, 4.0, m["members"])
	assert.Equal(t, 2.0, m["learners"])
	assert.Equal(t, 2.0, m["created"])
	r = s.do(t, req{Method: "GET", Path: "/v1/learners?external_id=" + url.QueryEscape(p.URL()+"#roster-2"), Cred: s.AdminKey})
	assert.Contains(t, string(r.Body), "Roster Two")

	// A session is a learner, not staff.
	sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-1", "order-cjs-queues", "1")))
	assert.Equal(t, http.StatusForbidden, s.do(t, req{Method: "GET", Path: "/v1/learners", Cred: sess.Token}).Status)

	// Without its registration, the platform's logins are refused.
	r = s.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/v1/lti/platforms/%d", id), Cred: s.AdminKey})
	assert.Equal(t, http.StatusNoContent, r.Status)
	lr := get(t, s.URL+"/lti/login?"+url.Values{"iss": {p.URL()}, "login_hint": {"u"}, "target_link_uri": {s.URL + "/lti/launch"}}.Encode())
	assert.Equal(t, "unknown_platform", refusedReason(t, lr))
}

// TestLTIGradeTargetsOnlyForLearners: only launches with a learner role get a grade
// target. An instructor (or a teaching assistant) previewing a graded link practises
// like anyone, but no score is queued for them (Canvas refuses scores for non-students,
// which would count as failed deliveries); the learner's scores go through.
func TestLTIGradeTargetsOnlyForLearners(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	for sub, roles := range map[string][]string{
		"teacher-1": {"http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"},
		"ta-1":      {"http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"},
		"staff-1":   {"http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student", "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"},
		"nobody-1":  {},
	} {
		spec := learnerLaunch(p, sub, "order-cjs-queues", "5")
		spec.Roles = roles
		sess := mustSession(t, p.launch(t, s, spec))
		s.answer(t, sess, cjsQueuesRight)
	}
	learner := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-5", "order-cjs-queues", "5")))
	s.answer(t, learner, cjsQueuesWrong)
	// The worker records a delivery after the platform has answered: wait for the record.
	waitFor(t, 10*time.Second, "the learner's score delivered", func() bool {
		return s.metric(t, `looplab_outbox_messages{kind="ags.score",status="delivered"}`) >= 1
	})
	// Every attempt queues its scores in its own transaction: the earlier attempts of
	// the others would be in the outbox by now.
	assert.Equal(t, 1.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="delivered"}`))
	assert.Equal(t, 0.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="pending"}`))
	assert.Equal(t, 0.0, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="failed"}`))
	scores := p.Scores()
	require.Len(t, scores, 1)
	assert.Equal(t, "user-5", scores[0].Score["userId"])
}

// TestLTIRefusedLaunchCreatesNothing: a launch refused for what its link points to (an
// unknown question id or slug, a draft question, a set with a draft or no question, a
// link never bound) creates no learner and no context, link or grade target; the same
// user's first good launch then creates them.
func TestLTIRefusedLaunchCreatesNothing(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	draft := map[string]any{"slug": "lti-draft", "topic": "timers", "kind": "order", "difficulty": 1,
		"title": map[string]string{"en": "Draft"}, "prompt": map[string]string{"en": "Order them"},
		"program": "console.log('a')\nsetImmediate(() => console.log('b'))\n", "explanation": map[string]string{"en": "Because."}}
	r := s.do(t, req{Method: "POST", Path: "/v1/questions", Cred: s.AdminKey, Body: draft})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	draftID := fmt.Sprint(int64(r.JSON(t)["id"].(float64)))

	learners := func(sub string) int {
		var page struct{ Items []map[string]any }
		s.do(t, req{Method: "GET", Path: "/v1/learners?external_id=" + url.QueryEscape(p.URL()+"#"+sub), Cred: s.AdminKey}).Decode(t, &page)
		return len(page.Items)
	}
	contexts := func() int {
		var page struct{ Items []map[string]any }
		s.do(t, req{Method: "GET", Path: "/v1/lti/contexts", Cred: s.AdminKey}).Decode(t, &page)
		return len(page.Items)
	}
	cases := []struct {
		name   string
		custom map[string]string
		reason string
	}{
		{"UnknownID", map[string]string{"question": "999999"}, "no_question"},
		{"UnknownSlug", map[string]string{"question": "no-such-question"}, "no_question"},
		{"DraftByID", map[string]string{"question": draftID}, "no_question"},
		{"DraftBySlug", map[string]string{"question": "lti-draft"}, "no_question"},
		{"SetWithDraft", map[string]string{"questions": "order-cjs-queues,lti-draft"}, "no_question"},
		{"EmptyTopic", map[string]string{"topic": "no-such-topic"}, "empty_set"},
		{"UnboundLink", nil, "no_question"},
	}
	for _, tc := range cases {
		sub := "refused-" + tc.name
		spec := learnerLaunch(p, sub, "x", "1")
		spec.ResourceLinkID, spec.Custom = "link-"+tc.name, tc.custom
		assert.Equal(t, tc.reason, refusedReason(t, p.launch(t, s, spec)), tc.name)
		assert.Zero(t, learners(sub), "%s: no learner", tc.name)
		assert.Zero(t, contexts(), "%s: no context (nor link)", tc.name)
		// The link was not bound by the refused launch.
		spec.Custom = nil
		assert.Equal(t, "no_question", refusedReason(t, p.launch(t, s, spec)), tc.name)
		assert.Zero(t, learners(sub), tc.name)
	}
	assert.Zero(t, contexts())

	spec := learnerLaunch(p, "refused-UnboundLink", "order-cjs-queues", "1")
	mustSession(t, p.launch(t, s, spec))
	assert.Equal(t, 1, learners("refused-UnboundLink"))
	assert.Equal(t, 1, contexts())
}

// TestLTITargetLinkURIPublicURL: with a public URL set, the target link must be on it,
// not on the address the request came to.
func TestLTITargetLinkURIPublicURL(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	env := map[string]string{"LOOPLAB_PUBLIC_URL": "https://looplab.example.edu/"}
	s := startServer(t, tempDB(t), env)
	s.mustRegister(t, p)
	login := func(target string) page {
		return get(t, s.URL+"/lti/login?"+url.Values{"iss": {p.URL()}, "login_hint": {"u"}, "target_link_uri": {target}}.Encode())
	}
	r := login("https://looplab.example.edu/lti/launch")
	require.Equal(t, http.StatusFound, r.Status, r.Body)
	u, err := url.Parse(r.Location)
	require.NoError(t, err)
	assert.Equal(t, "https://looplab.example.edu/lti/launch", u.Query().Get("redirect_uri"))
	assert.Equal(t, "wrong_target_link", refusedReason(t, login(s.URL+"/lti/launch")))
}

// TestLTIPlatformUpdate: PATCH /v1/lti/platforms/{id} changes a registration in place.
// A deployment added to it is accepted at once, and the links, courses and grade targets
// made before keep working (deleting and registering again would have dropped them).
// The patch is validated as a registration is, and the issuer cannot change.
func TestLTIPlatformUpdate(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	id := s.mustRegister(t, p)
	path := fmt.Sprintf("/v1/lti/platforms/%d", id)
	patch := func(cred string, body any) *response {
		return s.do(t, req{Method: "PATCH", Path: path, Cred: cred, Body: body})
	}

	before := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-1", "order-cjs-queues", "1")))
	s.answer(t, before, cjsQueuesWrong)
	waitFor(t, 10*time.Second, "the first score", func() bool { return len(scoresAt(p, "1")) == 1 })
	fromDeploy2 := func(sub string) *launchSpec {
		spec := learnerLaunch(p, sub, "order-cjs-queues", "2")
		spec.Tamper = func(c jwt.MapClaims) { c["https://purl.imsglobal.org/spec/lti/claim/deployment_id"] = "deploy-2" }
		return spec
	}
	assert.Equal(t, "unknown_deployment", refusedReason(t, p.launch(t, s, fromDeploy2("user-2"))))

	// Refused patches change nothing.
	for name, tc := range map[string]struct {
		cred   string
		body   any
		status int
		field  string
	}{
		"NotAdmin":        {s.mustKey(t, "app"), map[string]any{"name": "x"}, http.StatusForbidden, ""},
		"NoDeployment":    {s.AdminKey, map[string]any{"deployment_ids": []string{}}, http.StatusBadRequest, "deployment_ids"},
		"NullDeployments": {s.AdminKey, map[string]any{"deployment_ids": nil}, http.StatusBadRequest, "deployment_ids"},
		"PlainHTTP":       {s.AdminKey, map[string]any{"jwks_url": "http://example.com/jwks"}, http.StatusBadRequest, "jwks_url"},
		"NewIssuer":       {s.AdminKey, map[string]any{"issuer": "https://other.example"}, http.StatusBadRequest, "issuer"},
		"UnknownField":    {s.AdminKey, map[string]any{"id": 7}, http.StatusBadRequest, "id"},
		"WrongType":       {s.AdminKey, map[string]any{"deployment_ids": "deploy-2"}, http.StatusBadRequest, "deployment_ids"},
		"NoClientID":      {s.AdminKey, map[string]any{"client_id": ""}, http.StatusBadRequest, "client_id"},
		"UnknownPlatform": {s.AdminKey, map[string]any{"name": "x"}, http.StatusNotFound, ""},
		"NotAnObject":     {s.AdminKey, []string{"x"}, http.StatusBadRequest, ""},
	} {
		r := s.do(t, req{Method: "PATCH", Path: path, Cred: tc.cred, Body: tc.body})
		if name == "UnknownPlatform" {
			r = s.do(t, req{Method: "PATCH", Path: "/v1/lti/platforms/999", Cred: tc.cred, Body: tc.body})
		}
		assert.Equal(t, tc.status, r.Status, "%s: %s", name, r.Body)
		if tc.field != "" {
			assert.Contains(t, string(r.Body), `"`+tc.field+`"`, name)
		}
	}
	other := p.registration()
	other["client_id"] = "another-client"
	r := s.do(t, req{Method: "POST", Path: "/v1/lti/platforms", Cred: s.AdminKey, Body: other})
	require.Equal(t, http.StatusCreated, r.Status, string(r.Body))
	assert.Equal(t, http.StatusConflict, patch(s.AdminKey, map[string]any{"client_id": "another-client"}).Status)

	// Add a deployment (the list is replaced as a whole), rename, clear nothing else.
	r = patch(s.AdminKey, map[string]any{"deployment_ids": []string{"deploy-1", " deploy-2 ", "deploy-2"}, "name": "Moodle (two deployments)",
		"issuer": p.URL()})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var got struct {
		ID            int64
		Name          string
		Issuer        string
		ClientID      string   `json:"client_id"`
		DeploymentIDs []string `json:"deployment_ids"`
		JWKSURL       string   `json:"jwks_url"`
		CreatedAt     string   `json:"created_at"`
	}
	r.Decode(t, &got)
	assert.Equal(t, id, got.ID)
	assert.Equal(t, "Moodle (two deployments)", got.Name)
	assert.Equal(t, []string{"deploy-1", "deploy-2"}, got.DeploymentIDs)
	assert.Equal(t, p.clientID, got.ClientID, "not in the patch: kept")
	assert.Equal(t, p.URL()+"/jwks", got.JWKSURL)
	assert.NotEmpty(t, got.CreatedAt)
	s.do(t, req{Method: "GET", Path: path, Cred: s.AdminKey}).Decode(t, &got)
	assert.Equal(t, []string{"deploy-1", "deploy-2"}, got.DeploymentIDs, "stored")
	r = s.do(t, req{Method: "PATCH", Path: path, Cred: s.AdminKey, Body: map[string]any{"name": nil}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "", r.JSON(t)["name"], "null clears")

	// The new deployment launches; the earlier link and its grade target still send.
	after := mustSession(t, p.launch(t, s, fromDeploy2("user-2")))
	s.answer(t, after, cjsQueuesRight)
	s.answer(t, before, cjsQueuesRight)
	waitFor(t, 10*time.Second, "scores from both deployments", func() bool {
		return len(scoresAt(p, "2")) == 1 && len(scoresAt(p, "1")) == 2
	})
	assert.Equal(t, "user-2", scoresAt(p, "2")[0]["userId"])
	assert.Equal(t, "user-1", scoresAt(p, "1")[1]["userId"])
	mustSession(t, p.launch(t, s, learnerLaunch(p, "user-1", "order-cjs-queues", "1")))
	var contexts struct {
		Items []struct {
			DeploymentID string `json:"deployment_id"`
		}
	}
	s.do(t, req{Method: "GET", Path: "/v1/lti/contexts", Cred: s.AdminKey}).Decode(t, &contexts)
	require.Len(t, contexts.Items, 2, "the course, once per deployment")
	assert.Equal(t, "deploy-1", contexts.Items[0].DeploymentID)
	assert.Equal(t, "deploy-2", contexts.Items[1].DeploymentID)
	assert.Zero(t, s.metric(t, `looplab_outbox_messages{kind="ags.score",status="failed"}`))

	// Dropping a deployment refuses its launches.
	r = patch(s.AdminKey, map[string]any{"deployment_ids": []string{"deploy-1"}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Equal(t, "unknown_deployment", refusedReason(t, p.launch(t, s, fromDeploy2("user-2"))))
}

// TestCLILTIUpdate: `looplab lti update ID` changes the flags given, as the PATCH does.
func TestCLILTIUpdate(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	code, _, errOut := runCLI("lti", "register", "--db", db, "--public-url", "http://localhost:8080", "--name", "Canvas", "--issuer", "https://canvas.instructure.com",
		"--client-id", "10000000000001", "--deployment-id", "1:abc", "--auth-url", "https://sso.canvaslms.com/api/lti/authorize_redirect",
		"--token-url", "https://sso.canvaslms.com/login/oauth2/token", "--jwks-url", "https://sso.canvaslms.com/api/lti/security/jwks")
	require.Equal(t, 0, code, errOut)
	code, out, errOut := runCLI("lti", "update", "--db", db, "1", "--deployment-ids", "1:abc,2:def", "--token-audience", "https://canvas.example/aud")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"2:def"`)
	assert.Contains(t, out, `"token_audience": "https://canvas.example/aud"`)
	assert.Contains(t, out, `"name": "Canvas"`, "flags not given are kept")
	code, out, errOut = runCLI("lti", "update", "--name", "Canvas prod", "--db", db, "1")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"name": "Canvas prod"`)
	assert.Contains(t, out, `"2:def"`)
	code, _, errOut = runCLI("lti", "update", "--db", db, "1", "--issuer", "https://sso.canvaslms.com")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "issuer")
	code, _, errOut = runCLI("lti", "update", "--db", db, "1", "--jwks-url", "http://example.com/jwks")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "jwks_url")
	code, _, errOut = runCLI("lti", "update", "--db", db, "7", "--name", "x")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "not found")
	for _, args := range [][]string{{"lti", "update", "--db", db}, {"lti", "update", "--db", db, "x"}, {"lti", "update", "--db", db, "1", "2"}} {
		code, _, _ = runCLI(args...)
		assert.Equal(t, 2, code, args)
	}
	code, out, _ = runCLI("lti", "list", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Canvas prod")
	assert.Contains(t, out, "1:abc,2:def")
}

// TestLTIGradesStayInTheirLink: one learner launched from two links to the same question
// (two courses). An attempt made with one launch's token is graded in that link's
// gradebook only; an attempt made without a launch (an app's own front end) goes to
// both.
func TestLTIGradesStayInTheirLink(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	inA := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-7", "order-cjs-queues", "course-a")))
	inB := mustSession(t, p.launch(t, s, learnerLaunch(p, "user-7", "order-cjs-queues", "course-b")))
	require.Equal(t, learnerOf(t, s, inA), learnerOf(t, s, inB))

	s.answer(t, inA, cjsQueuesRight)
	waitFor(t, 10*time.Second, "course A's score", func() bool { return len(p.Scores()) == 1 })
	time.Sleep(300 * time.Millisecond) // several outbox polls: nothing more may come
	scores := p.Scores()
	require.Len(t, scores, 1, "course B's gradebook gets nothing from course A's launch")
	assert.Equal(t, "course-a", scores[0].LineItem)

	app := s.mustKey(t, "app")
	s.answerAt(t, s.mustToken(t, app, learnerOf(t, s, inA)), inA.Question, cjsQueuesRight)
	waitFor(t, 10*time.Second, "both courses' scores", func() bool { return len(p.Scores()) == 3 })
	var items []string
	for _, sc := range p.Scores()[1:] {
		items = append(items, sc.LineItem)
	}
	assert.ElementsMatch(t, []string{"course-a", "course-b"}, items, "an attempt from no launch goes to every link")
}
