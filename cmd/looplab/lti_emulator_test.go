package main

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"
)

// platform is an LTI 1.3 platform emulator: its own RSA keys and JWKS, a course page
// that initiates the login with a form POST (as Moodle's launch.php does), an OIDC
// authorization endpoint that answers with the auto-posting launch form, an OAuth2
// token endpoint that checks the tool's signed client assertion against the tool's
// JWKS, the AGS line item container (GET lists, POST creates) and a line item score
// endpoint with a gradebook that follows Moodle's or Canvas's rules (agsMode), a
// deep-linking return endpoint and a membership endpoint. Access tokens carry the
// scopes they were issued for, and each service checks its scope. It listens on a
// free port.
type platform struct {
	t        testing.TB
	srv      *httptest.Server
	clientID string
	deploy   string

	mu          sync.Mutex // guards the fields below
	mode        agsMode
	key         *rsa.PrivateKey
	kid         string
	oldKeys     map[string]*rsa.PrivateKey // rotated-out keys, still published
	jwksFetches int
	toolJWKS    string                 // the tool's JWKS URL
	launches    map[string]*launchSpec // by lti_message_hint
	tokens      map[string]string      // access tokens issued, with their scopes
	tokenCalls  int
	failScores  bool
	hold        *scoreHold // holds the next score request (holdNextScore)
	loseAnswers int        // the next accepted scores answer 502 (stored, the answer lost)
	scoreTries  int
	scores      []receivedScore // the accepted scores, in order
	refusals    []refusal
	students    map[string]bool                 // the users a score may be for (launched or listed as learners)
	gradebook   map[string]map[string]heldScore // by line item id, then user
	deepLinks   []jwt.MapClaims
	// tokenAudience is the aud the token endpoint wants in the tool's assertion (Brightspace
	// names one: "Brightspace OAuth2 Audience"); empty, the token URL.
	tokenAudience string
	// authURL is where the tool was told to send the login (one of platformEndpoints' auth
	// paths); empty, /auth.
	authURL   string
	items     []emuLineItem // the container's line items; a line item's id is its index + 1
	itemGets  int
	itemPosts int
}

// agsMode picks whose Score service rules the emulated gradebook follows. Each quirk
// names its source; the tests run both where they differ.
//
// agsMoodle, as stock Moodle 5.1 (mod/lti/service/gradebookservices/classes/local/
// resources/scores.php get_json_for_post_request, .../local/service/gradebookservices.php
// save_grade_item, mod/lti/classes/local/ltiservice/response.php send):
//   - M1 userId, timestamp, gradingProgress and activityProgress are required, the
//     timestamp is ISO 8601, scoreGiven is a number and needs scoreMaximum, the user must
//     be gradable in the course: else 400 "Incorrect score received" and the body.
//   - M2 the grade keeps strtotime(timestamp): whole seconds.
//   - M3 a score whose timestamp (in seconds) is not later than the held one is refused
//     with 409, the reason in the status line ("Refusing score with an earlier timestamp
//     for item I and user U") and a body of "[]" (execute() leaves $json = '[]').
//   - M4 gradingProgress other than FullyGraded clears scoreGiven.
//   - M5 an accepted score answers 200 with an empty body.
//
// agsCanvas, as Canvas (app/controllers/lti/ims/scores_controller.rb,
// concerns/gradebook_services.rb, concerns/lti_services.rb render_error), stricter than
// Moodle in what it answers:
//   - C1 a user who is not a student of the course: 422 "User not found in course or is
//     not a student" (verify_user_in_context), errors as {"errors": {"type", "message"}}.
//   - C2 a missing userId, activityProgress, gradingProgress or timestamp: 400.
//   - C3 a timestamp earlier than the result's updated_at (kept with sub-second
//     precision) is refused with 400, not 409: "Provided timestamp of T before last
//     updated timestamp of U" (verify_valid_timestamp); an equal one is taken again.
//   - C4 scoreGiven without scoreMaximum: 422 "ScoreMaximum not supplied when ScoreGiven
//     present."; a negative scoreMaximum: 422.
//   - C5 an accepted score answers 200 {"resultUrl": …}.
type agsMode int

const (
	agsMoodle agsMode = iota
	agsCanvas
)

func (m agsMode) String() string { return [...]string{"moodle", "canvas"}[m] }

// heldScore is a gradebook entry: the score a line item holds for a user.
type heldScore struct {
	Given   *float64 // nil: no grade (M4)
	Max     float64
	Stamp   time.Time
	Comment string
}

// refusal is a score the gradebook refused.
type refusal struct {
	Status int
	Reason string
}

// emuLineItem is a line item of the emulated gradebook, as posted or seeded, with the
// media type it was posted with.
type emuLineItem struct {
	ScoreMaximum   float64 `json:"scoreMaximum"`
	Label          string  `json:"label"`
	ResourceLinkID string  `json:"resourceLinkId,omitempty"`
	ResourceID     string  `json:"resourceId,omitempty"`
	Tag            string  `json:"tag,omitempty"`
	ContentType    string  `json:"-"`
}

// launchSpec is what the next launch for a message hint carries.
type launchSpec struct {
	Sub, Name, Locale, MessageType, ResourceLinkID string
	Custom                                         map[string]string
	Roles                                          []string
	LineItem                                       string // AGS line item URL; "" for none
	// ContainerOnly sends an AGS claim with the line item container and the lineitem
	// and score scopes but no line item (when LineItem is "").
	ContainerOnly bool
	DeepLinkData  string
	// PostLogin initiates the login with a form POST, as Moodle and Canvas do (else GET).
	PostLogin bool
	// Tamper changes the claims before signing; SignWith signs with another key.
	Tamper   func(jwt.MapClaims)
	SignWith *rsa.PrivateKey
}

type receivedScore struct {
	LineItem    string
	ContentType string
	Score       map[string]any
}

func newPlatform(t testing.TB) *platform {
	t.Helper()
	p := &platform{t: t, clientID: "looplab-client-1", deploy: "deploy-1", oldKeys: map[string]*rsa.PrivateKey{},
		launches: map[string]*launchSpec{}, tokens: map[string]string{}, students: map[string]bool{},
		gradebook: map[string]map[string]heldScore{}}
	p.key, p.kid = mustRSA(t), "platform-key-1"
	mux := http.NewServeMux()
	mux.HandleFunc("GET /course/launch", p.handleCourseLaunch)
	mux.HandleFunc("GET /jwks", p.handleJWKS)
	mux.HandleFunc("GET /auth", p.handleAuth)
	mux.HandleFunc("POST /token", p.handleToken)
	mux.HandleFunc("POST /lineitems/{id}/lineitem/scores", p.handleScore)
	mux.HandleFunc("GET /lineitems", p.handleLineItems)
	mux.HandleFunc("POST /lineitems", p.handleLineItemCreate)
	mux.HandleFunc("POST /deeplink/return", p.handleDeepLinkReturn)
	mux.HandleFunc("GET /memberships", p.handleMemberships)
	for _, e := range platformEndpoints {
		mux.HandleFunc("GET "+e.auth, p.handleAuth)
		mux.HandleFunc("POST "+e.token, p.handleToken)
		mux.HandleFunc("GET "+e.jwks, p.handleJWKS)
	}
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

// platformEndpoints are the paths at which each platform serves its OIDC authorization
// endpoint, its OAuth2 token endpoint and its JWKS; the emulator answers at all of them,
// so the register commands of docs/lti-*.md run against it unchanged but for the host.
var platformEndpoints = map[string]struct{ auth, token, jwks string }{
	// mod/lti/auth.php, token.php, certs.php (Moodle's "Tool configuration details")
	"moodle": {"/mod/lti/auth.php", "/mod/lti/token.php", "/mod/lti/certs.php"},
	// Instructure's lti_dev_key_config.md: sso.canvaslms.com/api/lti/authorize_redirect, ...
	"canvas": {"/api/lti/authorize_redirect", "/login/oauth2/token", "/api/lti/security/jwks"},
	// xblock-lti-consumer's LTI 1.3 endpoints; the last part is the component's config id
	"openedx": {"/api/lti_consumer/v1/launch/", "/api/lti_consumer/v1/token/{config}", "/api/lti_consumer/v1/public_keysets/{config}"},
	// Brightspace: /d2l/lti/authenticate, auth.brightspace.com/core/connect/token, /d2l/.well-known/jwks
	"brightspace": {"/d2l/lti/authenticate", "/core/connect/token", "/d2l/.well-known/jwks"},
}

var testKeys struct {
	sync.Mutex
	n    int
	keys []*rsa.PrivateKey
}

// mustRSA returns a 2048-bit RSA key; a few are made once and shared by the tests.
func mustRSA(t testing.TB) *rsa.PrivateKey {
	testKeys.Lock()
	defer testKeys.Unlock()
	if len(testKeys.keys) < 3 {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		require.NoError(t, err)
		testKeys.keys = append(testKeys.keys, k)
		return k
	}
	testKeys.n++
	return testKeys.keys[testKeys.n%len(testKeys.keys)]
}

func (p *platform) URL() string { return p.srv.URL }

// registration is the body of POST /v1/lti/platforms for this platform.
func (p *platform) registration() map[string]any {
	return map[string]any{"name": "Emulated LMS", "issuer": p.URL(), "client_id": p.clientID,
		"deployment_ids": []string{p.deploy}, "auth_login_url": p.URL() + "/auth", "token_url": p.URL() + "/token",
		"jwks_url": p.URL() + "/jwks"}
}

// lineItem returns the URL of a line item (with a query, as Moodle's have).
func (p *platform) lineItem(id string) string {
	return p.URL() + "/lineitems/" + id + "/lineitem?type_id=1"
}

// rotateKey replaces the signing key (the old one stays in the JWKS).
func (p *platform) rotateKey(kid string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.oldKeys[p.kid] = p.key
	p.key, p.kid = mustRSA(p.t), kid
}

// replaceKey signs with a new key under the same kid (a platform that regenerated its
// key pair and kept the kid).
func (p *platform) replaceKey() {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := mustRSA(p.t)
	for k.N.Cmp(p.key.N) == 0 {
		k = mustRSA(p.t)
	}
	p.key = k
}

func (p *platform) handleJWKS(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	p.jwksFetches++
	keys := []map[string]string{jwk(p.kid, &p.key.PublicKey)}
	for kid, k := range p.oldKeys {
		keys = append(keys, jwk(kid, &k.PublicKey))
	}
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"keys": keys})
}

func jwk(kid string, k *rsa.PublicKey) map[string]string {
	return map[string]string{"kty": "RSA", "kid": kid, "alg": "RS256", "use": "sig",
		"n": base64.RawURLEncoding.EncodeToString(k.N.Bytes()), "e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.E)).Bytes())}
}

// handleAuth is the OIDC authorization endpoint: it checks the tool's authentication
// request and answers with the auto-posting form that carries the id_token.
func (p *platform) handleAuth(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for k, want := range map[string]string{"scope": "openid", "response_type": "id_token", "response_mode": "form_post",
		"prompt": "none", "client_id": p.clientID} {
		if q.Get(k) != want {
			http.Error(w, fmt.Sprintf("%s=%q, want %q", k, q.Get(k), want), http.StatusBadRequest)
			return
		}
	}
	p.mu.Lock()
	spec := p.launches[q.Get("lti_message_hint")]
	p.mu.Unlock()
	if spec == nil || q.Get("login_hint") != spec.Sub || q.Get("state") == "" || q.Get("nonce") == "" {
		http.Error(w, "unknown launch or missing state/nonce", http.StatusBadRequest)
		return
	}
	token := p.idToken(spec, q.Get("nonce"))
	if slices.Contains(spec.Roles, learnerRole) {
		p.mu.Lock()
		p.students[spec.Sub] = true
		p.mu.Unlock()
	}
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprintf(w, `<form method="post" name="ltiAuthForm" action="%s"><input type="hidden" name="id_token" value="%s"><input type="hidden" name="state" value="%s"></form>
<script>document.ltiAuthForm.submit()</script>`, html.EscapeString(q.Get("redirect_uri")), token, html.EscapeString(q.Get("state")))
}

const learnerRole = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"

// prepare registers what the launch with a new message hint carries and returns the hint.
func (p *platform) prepare(spec *launchSpec) string {
	hint := fmt.Sprintf("hint-%d", time.Now().UnixNano())
	p.mu.Lock()
	p.launches[hint] = spec
	p.mu.Unlock()
	return hint
}

// loginParams are the parameters of the third-party initiated login of a prepared launch.
func (p *platform) loginParams(toolURL, hint string) url.Values {
	p.mu.Lock()
	spec := p.launches[hint]
	p.mu.Unlock()
	return url.Values{"iss": {p.URL()}, "login_hint": {spec.Sub}, "target_link_uri": {toolURL + "/lti/launch"},
		"lti_message_hint": {hint}, "client_id": {p.clientID}, "lti_deployment_id": {p.deploy}}
}

// handleCourseLaunch is the course page's link to the tool (GET /course/launch?hint=H&tool=URL):
// a page that posts the login initiation to the tool at once, as Moodle's
// mod/lti/launch.php does, for a browser to follow.
func (p *platform) handleCourseLaunch(w http.ResponseWriter, r *http.Request) {
	toolURL, hint := r.URL.Query().Get("tool"), r.URL.Query().Get("hint")
	p.mu.Lock()
	_, ok := p.launches[hint]
	p.mu.Unlock()
	if !ok {
		http.Error(w, "unknown launch", http.StatusNotFound)
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<!doctype html><title>Course</title><form method="post" name="ltiInitiateLoginForm" action="%s">`, html.EscapeString(toolURL+"/lti/login"))
	for k, vs := range p.loginParams(toolURL, hint) {
		fmt.Fprintf(&b, `<input type="hidden" name="%s" value="%s">`, html.EscapeString(k), html.EscapeString(vs[0]))
	}
	b.WriteString(`</form><script>document.ltiInitiateLoginForm.submit()</script>`)
	w.Header().Set("Content-Type", "text/html")
	_, _ = io.WriteString(w, b.String())
}

// toolLaunchURL is the tool's launch URL, next to its JWKS.
func (p *platform) toolLaunchURL() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.TrimSuffix(p.toolJWKS, "/lti/jwks") + "/lti/launch"
}

// idToken signs the launch's claims.
func (p *platform) idToken(spec *launchSpec, nonce string) string {
	now := time.Now()
	c := jwt.MapClaims{
		"iss": p.URL(), "aud": p.clientID, "sub": spec.Sub, "iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(),
		"nonce": nonce, "name": spec.Name, "locale": spec.Locale,
		"https://purl.imsglobal.org/spec/lti/claim/message_type":    spec.MessageType,
		"https://purl.imsglobal.org/spec/lti/claim/version":         "1.3.0",
		"https://purl.imsglobal.org/spec/lti/claim/deployment_id":   p.deploy,
		"https://purl.imsglobal.org/spec/lti/claim/target_link_uri": p.toolLaunchURL(),
		"https://purl.imsglobal.org/spec/lti/claim/roles":           spec.Roles,
		"https://purl.imsglobal.org/spec/lti/claim/context":         map[string]any{"id": "course-7", "label": "NODE101", "title": "Node.js internals"},
		"https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": map[string]any{
			"context_memberships_url": p.URL() + "/memberships", "service_versions": []string{"2.0"}},
	}
	if spec.MessageType == "LtiResourceLinkRequest" {
		c["https://purl.imsglobal.org/spec/lti/claim/resource_link"] = map[string]any{"id": spec.ResourceLinkID, "title": "Event loop drill"}
	}
	if spec.Custom != nil {
		c["https://purl.imsglobal.org/spec/lti/claim/custom"] = spec.Custom
	}
	if spec.LineItem != "" || spec.ContainerOnly {
		ags := map[string]any{
			"scope":     []string{scopeLineItem, scopeScore},
			"lineitems": p.container()}
		if spec.LineItem != "" {
			ags["lineitem"] = spec.LineItem
		}
		c["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] = ags
	}
	if spec.MessageType == "LtiDeepLinkingRequest" {
		c["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] = map[string]any{
			"deep_link_return_url": p.URL() + "/deeplink/return", "accept_types": []string{"link", "ltiResourceLink"},
			"accept_presentation_document_targets": []string{"iframe", "window"}, "accept_multiple": true, "data": spec.DeepLinkData}
	}
	if spec.Tamper != nil {
		spec.Tamper(c)
	}
	p.mu.Lock()
	key, kid := p.key, p.kid
	p.mu.Unlock()
	if spec.SignWith != nil {
		key = spec.SignWith
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, c)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	require.NoError(p.t, err)
	return s
}

// toolKeyFunc verifies a JWT signed by the tool, with the tool's JWKS fetched now.
func (p *platform) toolKeyFunc(tok *jwt.Token) (any, error) {
	p.mu.Lock()
	u := p.toolJWKS
	p.mu.Unlock()
	resp, err := http.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var set struct{ Keys []map[string]string }
	if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
		return nil, err
	}
	for _, k := range set.Keys {
		if k["kid"] == tok.Header["kid"] {
			n, _ := base64.RawURLEncoding.DecodeString(k["n"])
			e, _ := base64.RawURLEncoding.DecodeString(k["e"])
			if _, ok := k["d"]; ok {
				return nil, fmt.Errorf("the tool's JWKS leaks a private key")
			}
			return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}, nil
		}
	}
	return nil, fmt.Errorf("kid %v not in the tool's JWKS", tok.Header["kid"])
}

// handleToken is the OAuth2 token endpoint (client credentials with a JWT assertion).
func (p *platform) handleToken(w http.ResponseWriter, r *http.Request) {
	if r.FormValue("grant_type") != "client_credentials" ||
		r.FormValue("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" {
		http.Error(w, `{"error":"unsupported_grant_type"}`, http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	aud := p.tokenAudience
	p.mu.Unlock()
	if aud == "" {
		aud = p.URL() + r.URL.Path // the token URL itself, as Moodle and Canvas want it
	}
	var c jwt.RegisteredClaims
	_, err := jwt.ParseWithClaims(r.FormValue("client_assertion"), &c, p.toolKeyFunc, jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithAudience(aud), jwt.WithIssuer(p.clientID), jwt.WithSubject(p.clientID), jwt.WithExpirationRequired())
	if err != nil || c.ID == "" {
		http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
		return
	}
	tok := "at-" + base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprint(time.Now().UnixNano())))
	p.mu.Lock()
	p.tokens[tok] = r.FormValue("scope")
	p.tokenCalls++
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 3600, "scope": r.FormValue("scope")})
}

// scoreHold is a score request held on its way in.
type scoreHold struct{ held, release chan struct{} }

// holdNextScore makes the next score request wait before it is taken: held is closed
// when it arrives; closing release lets it through, but a request whose client went
// away meanwhile is dropped (not stored), as a platform drops a cut request.
func (p *platform) holdNextScore() (held, release chan struct{}) {
	h := &scoreHold{held: make(chan struct{}), release: make(chan struct{})}
	p.mu.Lock()
	p.hold = h
	p.mu.Unlock()
	return h.held, h.release
}

// waitHeld holds r if holdNextScore asked for it, and reports whether r goes on.
func (p *platform) waitHeld(r *http.Request) bool {
	p.mu.Lock()
	h := p.hold
	p.hold = nil
	p.mu.Unlock()
	if h == nil {
		return true
	}
	close(h.held)
	select {
	case <-h.release:
	case <-r.Context().Done():
	}
	return r.Context().Err() == nil
}

// handleScore is the AGS score endpoint of a line item: it keeps the gradebook by the
// rules of the platform's agsMode.
func (p *platform) handleScore(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if !p.waitHeld(r) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.scoreTries++
	if !p.tokenHas(r, scopeScore) {
		http.Error(w, "bad token", http.StatusUnauthorized)
		return
	}
	if r.URL.Query().Get("type_id") != "1" {
		http.Error(w, "the line item's query was lost", http.StatusNotFound)
		return
	}
	if p.failScores {
		http.Error(w, "gradebook down", http.StatusServiceUnavailable)
		return
	}
	item := r.PathValue("id")
	var s map[string]any
	_ = json.Unmarshal(body, &s)
	held, stamp, status, reason := p.judgeScore(item, s, body)
	if status != http.StatusOK {
		p.refusals = append(p.refusals, refusal{status, reason})
		p.refuse(w, status, reason)
		return
	}
	if p.gradebook[item] == nil {
		p.gradebook[item] = map[string]heldScore{}
	}
	held.Stamp = stamp
	p.gradebook[item][s["userId"].(string)] = held
	p.scores = append(p.scores, receivedScore{LineItem: item, ContentType: r.Header.Get("Content-Type"), Score: s})
	if p.loseAnswers > 0 {
		p.loseAnswers--
		http.Error(w, "upstream timed out", http.StatusBadGateway)
		return
	}
	w.Header().Set("Content-Type", "application/vnd.ims.lis.v1.score+json")
	if p.mode == agsCanvas {
		_ = json.NewEncoder(w).Encode(map[string]string{"resultUrl": p.lineItem(item) + "/results/1"}) // C5
		return
	}
	w.WriteHeader(http.StatusOK) // M5
}

// judgeScore applies the mode's rules to a score for a line item: the entry to hold and
// its timestamp as the platform keeps it, or the refusal's status and reason. The
// caller holds p.mu.
func (p *platform) judgeScore(item string, s map[string]any, body []byte) (heldScore, time.Time, int, string) {
	user, _ := s["userId"].(string)
	ts, _ := s["timestamp"].(string)
	stamp, terr := time.Parse(time.RFC3339Nano, ts)
	given, hasGiven := s["scoreGiven"].(float64)
	max, hasMax := s["scoreMaximum"].(float64)
	comment, _ := s["comment"].(string)
	cur, hasCur := p.gradebook[item][user]
	h := heldScore{Max: max, Comment: comment}
	if hasGiven && s["gradingProgress"] == "FullyGraded" {
		h.Given = &given
	}
	if p.mode == agsCanvas {
		switch {
		case user == "" || s["activityProgress"] == nil || s["gradingProgress"] == nil || ts == "": // C2
			return h, stamp, http.StatusBadRequest, "param is missing or the value is empty"
		case !p.students[user]: // C1
			return h, stamp, http.StatusUnprocessableEntity, "User not found in course or is not a student"
		case terr != nil:
			return h, stamp, http.StatusBadRequest, "Provided timestamp of " + ts + " not a valid timestamp"
		case hasCur && cur.Stamp.After(stamp): // C3
			return h, stamp, http.StatusBadRequest, "Provided timestamp of " + ts + " before last updated timestamp of " + cur.Stamp.UTC().Format("2006-01-02T15:04:05.000Z07:00")
		case hasGiven && !hasMax: // C4
			return h, stamp, http.StatusUnprocessableEntity, "ScoreMaximum not supplied when ScoreGiven present."
		case hasMax && max < 0:
			return h, stamp, http.StatusUnprocessableEntity, "ScoreMaximum must be greater than or equal to 0"
		}
		return h, stamp.UTC(), http.StatusOK, ""
	}
	if user == "" || ts == "" || s["gradingProgress"] == nil || s["activityProgress"] == nil || terr != nil ||
		s["scoreGiven"] != nil && !hasGiven || hasGiven && !hasMax || !p.students[user] { // M1
		return h, stamp, http.StatusBadRequest, "Incorrect score received" + string(body)
	}
	stamp = time.Unix(stamp.Unix(), 0).UTC() // M2
	if hasCur && !stamp.After(cur.Stamp) {   // M3
		return h, stamp, http.StatusConflict, "Refusing score with an earlier timestamp for item " + item + " and user " + user
	}
	return h, stamp, http.StatusOK, ""
}

// refuse answers a refused score as the mode's platform does: Moodle with the reason
// in the status line (and, for a 409, a body of "[]"; else its JSON error object),
// Canvas with {"errors": {"type", "message"}}.
func (p *platform) refuse(w http.ResponseWriter, status int, reason string) {
	if p.mode == agsCanvas {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]any{"errors": map[string]any{"type": strings.ToLower(strings.ReplaceAll(http.StatusText(status), " ", "_")), "message": reason}})
		return
	}
	body := "[]"
	if status != http.StatusConflict {
		b, _ := json.Marshal(map[string]any{"status": status, "reason": reason, "request": map[string]string{"method": "POST"}})
		body = string(b)
	}
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		p.t.Errorf("hijack: %v", err)
		return
	}
	defer conn.Close()
	fmt.Fprintf(buf, "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		status, reason, len(body), body)
	_ = buf.Flush()
}

// held returns what a line item holds for a user.
func (p *platform) held(item, user string) (heldScore, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	h, ok := p.gradebook[item][user]
	return h, ok
}

// Refusals returns a copy of the refused scores.
func (p *platform) Refusals() []refusal {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]refusal(nil), p.refusals...)
}

// setMode picks whose rules the gradebook follows.
func (p *platform) setMode(m agsMode) {
	p.mu.Lock()
	p.mode = m
	p.mu.Unlock()
}

// loseNextAnswers makes the next n accepted scores answer 502: stored, the answer lost.
func (p *platform) loseNextAnswers(n int) {
	p.mu.Lock()
	p.loseAnswers = n
	p.mu.Unlock()
}

// unenroll makes a user no longer a student of the course.
func (p *platform) unenroll(user string) {
	p.mu.Lock()
	delete(p.students, user)
	p.mu.Unlock()
}

const (
	scopeLineItem = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
	scopeScore    = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
)

// lineItems is the URL of the line item container (with a query, as Moodle's has).
func (p *platform) container() string { return p.URL() + "/lineitems?type_id=1" }

// tokenHas reports whether the request's bearer token was issued with the scope. The
// caller holds p.mu.
func (p *platform) tokenHas(r *http.Request, scope string) bool {
	scopes, ok := p.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	return ok && slices.Contains(strings.Fields(scopes), scope)
}

// handleLineItems lists the container's line items (AGS 2.0 §3.2.5), filtered by
// resource_link_id, two per page with a rel="next" Link.
func (p *platform) handleLineItems(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.itemGets++
	switch {
	case !p.tokenHas(r, scopeLineItem):
		http.Error(w, "bad token", http.StatusUnauthorized)
		return
	case r.Header.Get("Accept") != "application/vnd.ims.lis.v2.lineitemcontainer+json":
		http.Error(w, "bad accept", http.StatusNotAcceptable)
		return
	case r.URL.Query().Get("type_id") != "1":
		http.Error(w, "the container's query was lost", http.StatusNotFound)
		return
	}
	link := r.URL.Query().Get("resource_link_id")
	var all []map[string]any
	for i, li := range p.items {
		if link == "" || li.ResourceLinkID == link {
			all = append(all, map[string]any{"id": p.lineItem(fmt.Sprint(i + 1)), "scoreMaximum": li.ScoreMaximum, "label": li.Label,
				"resourceLinkId": li.ResourceLinkID, "resourceId": li.ResourceID, "tag": li.Tag})
		}
	}
	page := 0
	_, _ = fmt.Sscan(r.URL.Query().Get("page"), &page)
	from, to := min(2*page, len(all)), min(2*page+2, len(all))
	if to < len(all) {
		q := r.URL.Query()
		q.Set("page", fmt.Sprint(page+1))
		w.Header().Set("Link", `<`+p.URL()+`/lineitems?`+q.Encode()+`>; rel="next"`)
	}
	w.Header().Set("Content-Type", "application/vnd.ims.lis.v2.lineitemcontainer+json")
	_ = json.NewEncoder(w).Encode(append([]map[string]any{}, all[from:to]...))
}

// handleLineItemCreate creates a line item (AGS 2.0 §3.2.6) and answers with it and its id.
func (p *platform) handleLineItemCreate(w http.ResponseWriter, r *http.Request) {
	var li emuLineItem
	err := json.NewDecoder(r.Body).Decode(&li)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.itemPosts++
	switch {
	case !p.tokenHas(r, scopeLineItem):
		http.Error(w, "bad token", http.StatusUnauthorized)
		return
	case r.Header.Get("Content-Type") != "application/vnd.ims.lis.v2.lineitem+json":
		http.Error(w, "bad content type", http.StatusUnsupportedMediaType)
		return
	case err != nil || li.Label == "" || li.ScoreMaximum <= 0:
		http.Error(w, "a line item needs a label and a positive scoreMaximum", http.StatusBadRequest)
		return
	}
	li.ContentType = r.Header.Get("Content-Type")
	p.items = append(p.items, li)
	w.Header().Set("Content-Type", "application/vnd.ims.lis.v2.lineitem+json")
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]any{"id": p.lineItem(fmt.Sprint(len(p.items))), "scoreMaximum": li.ScoreMaximum,
		"label": li.Label, "resourceLinkId": li.ResourceLinkID, "resourceId": li.ResourceID, "tag": li.Tag})
}

// seedLineItem adds a line item as if an instructor had made it in the gradebook, and
// returns its id.
func (p *platform) seedLineItem(li emuLineItem) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.items = append(p.items, li)
	return fmt.Sprint(len(p.items))
}

// LineItems returns a copy of the container's line items and the GET and POST counts.
func (p *platform) LineItems() (items []emuLineItem, gets, posts int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]emuLineItem(nil), p.items...), p.itemGets, p.itemPosts
}

func (p *platform) handleDeepLinkReturn(w http.ResponseWriter, r *http.Request) {
	c := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(r.FormValue("JWT"), c, p.toolKeyFunc, jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithAudience(p.URL()), jwt.WithIssuer(p.clientID), jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.deepLinks = append(p.deepLinks, c)
	p.mu.Unlock()
	fmt.Fprint(w, "content added")
}

func (p *platform) handleMemberships(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Accept") != "application/vnd.ims.lti-nrps.v2.membershipcontainer+json" {
		http.Error(w, "bad accept", http.StatusNotAcceptable)
		return
	}
	w.Header().Set("Content-Type", "application/vnd.ims.lti-nrps.v2.membershipcontainer+json")
	learner, teacher := "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner", "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
	if r.URL.Query().Get("page") == "" {
		w.Header().Set("Link", `<`+p.URL()+`/memberships?page=2>; rel="next"`)
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "m", "members": []map[string]any{
			{"user_id": "roster-1", "name": "Roster One", "status": "Active", "roles": []string{learner}},
			{"user_id": "teacher-1", "name": "Teacher", "status": "Active", "roles": []string{teacher}}}})
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"id": "m", "members": []map[string]any{
		{"user_id": "roster-2", "name": "Roster Two", "status": "Active", "roles": []string{learner}},
		{"user_id": "roster-3", "status": "Inactive", "roles": []string{learner}}}})
}

// Scores returns a copy of the accepted scores.
func (p *platform) Scores() []receivedScore {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]receivedScore(nil), p.scores...)
}

func (p *platform) setFailScores(v bool) {
	p.mu.Lock()
	p.failScores = v
	p.mu.Unlock()
}

func (p *platform) counts() (tries, tokenCalls int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.scoreTries, p.tokenCalls
}

// ---- the browser side ----

// noRedirect is a client that does not follow redirects (the test reads each hop).
var noRedirect = &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
	return http.ErrUseLastResponse
}}

var hiddenRE = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
var actionRE = regexp.MustCompile(`<form[^>]* action="([^"]+)"`)

// form parses the action and hidden fields of the first form of a page.
func form(t testing.TB, page string) (string, url.Values) {
	t.Helper()
	m := actionRE.FindStringSubmatch(page)
	require.NotNil(t, m, "no form in %s", page)
	v := url.Values{}
	for _, f := range hiddenRE.FindAllStringSubmatch(page, -1) {
		v.Set(html.UnescapeString(f[1]), html.UnescapeString(f[2]))
	}
	return html.UnescapeString(m[1]), v
}

type page struct {
	Status   int
	Location string
	Body     string
}

func get(t testing.TB, u string) page {
	t.Helper()
	resp, err := noRedirect.Get(u)
	require.NoError(t, err)
	return readPage(t, resp)
}

func postForm(t testing.TB, u string, v url.Values) page {
	t.Helper()
	resp, err := noRedirect.PostForm(u, v)
	require.NoError(t, err)
	return readPage(t, resp)
}

func readPage(t testing.TB, resp *http.Response) page {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return page{resp.StatusCode, resp.Header.Get("Location"), string(b)}
}

// login runs the OIDC login against the tool and returns the platform's launch form
// (action and fields) for spec.
func (p *platform) login(t testing.TB, tool *testServer, spec *launchSpec) (string, url.Values) {
	t.Helper()
	q := p.loginParams(tool.URL, p.prepare(spec))
	var r page
	if spec.PostLogin {
		r = postForm(t, tool.URL+"/lti/login", q)
	} else {
		r = get(t, tool.URL+"/lti/login?"+q.Encode())
	}
	require.Equal(t, http.StatusFound, r.Status, r.Body)
	p.mu.Lock()
	authURL := p.authURL
	p.mu.Unlock()
	if authURL == "" {
		authURL = p.URL() + "/auth"
	}
	require.True(t, strings.HasPrefix(r.Location, authURL+"?"), "%s is not the authorization endpoint %s", r.Location, authURL)
	auth := get(t, r.Location)
	require.Equal(t, http.StatusOK, auth.Status, auth.Body)
	return form(t, auth.Body)
}

// launch runs login and launch, and returns the tool's answer to the launch post.
func (p *platform) launch(t testing.TB, tool *testServer, spec *launchSpec) page {
	t.Helper()
	action, fields := p.login(t, tool, spec)
	require.Equal(t, tool.URL+"/lti/launch", action)
	return postForm(t, action, fields)
}

// session is what a successful resource-link launch hands the practice page: the token,
// the language, and the question or the set (ids and title).
type session struct {
	Token    string
	Question string
	Lang     string
	Set      []string
	SetTitle string
}

func mustSession(t testing.TB, r page) session {
	t.Helper()
	require.Equal(t, http.StatusSeeOther, r.Status, r.Body)
	path, frag, ok := strings.Cut(r.Location, "#")
	require.True(t, ok, r.Location)
	require.Equal(t, "/app/practice", path)
	v, err := url.ParseQuery(frag)
	require.NoError(t, err)
	sess := session{Token: v.Get("token"), Question: v.Get("question"), Lang: v.Get("lang"), SetTitle: v.Get("set_title")}
	if set := v.Get("set"); set != "" {
		sess.Set = strings.Split(set, ",")
	}
	return sess
}

// refusedReason returns the reason code on an LTI error page.
func refusedReason(t testing.TB, r page) string {
	t.Helper()
	m := regexp.MustCompile(`data-reason="([^"]+)"`).FindStringSubmatch(r.Body)
	require.NotNil(t, m, "not an error page: %d %s", r.Status, r.Body)
	return m[1]
}
