package main

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guidePublicURL is the looplab address the platform guides write.
const guidePublicURL = "https://looplab.example.edu"

// platformGuides are the guides of docs/, each with the platform whose endpoints the
// emulator serves for it and the gradebook rules it follows (Open edX and Brightspace get
// Moodle's, the stricter: whole seconds, a refusal of an equal timestamp).
// Brightspace's token endpoint wants its own audience in the tool's assertion ("Brightspace
// OAuth2 Audience", D2L's Tool registration page), not its token URL.
var platformGuides = []struct {
	file, platform string
	mode           agsMode
	tokenAudience  string
}{
	{"lti-moodle.md", "moodle", agsMoodle, ""},
	{"lti-canvas.md", "canvas", agsCanvas, ""},
	{"lti-openedx.md", "openedx", agsMoodle, ""},
	{"lti-brightspace.md", "brightspace", agsMoodle, "https://api.brightspace.com/auth/token"},
}

var (
	// annotatedRE finds a looplab value a guide names with the field of `looplab lti
	// register`'s tool object it is: `https://looplab.example.edu/lti/launch` (`tool.launch_url`).
	annotatedRE  = regexp.MustCompile("`([^`]*" + regexp.QuoteMeta(guidePublicURL) + "[^`]*)` \\(`tool\\.([a-z_]+)`")
	looplabURLRE = regexp.MustCompile(regexp.QuoteMeta(guidePublicURL) + "[^\\s`\"\\])]*")
	registerRE   = regexp.MustCompile("(?s)```sh\n(looplab lti register .*?)\n```")
)

// TestLTIGuides keeps docs/lti-*.md true. Every looplab value a guide tells the admin to
// enter in the platform is one `looplab lti register` prints (login, launch and keyset URL
// all named); the guide's register command, run as written with the emulator's address in
// place of the platform's host and its client and deployment ids in place of the
// placeholders, registers the emulator serving that platform's endpoint paths; and a
// student launched through that registration is signed in and their score reaches the
// emulated gradebook.
func TestLTIGuides(t *testing.T) {
	t.Parallel()
	tool := printedToolURLs(t)
	for _, g := range platformGuides {
		t.Run(g.file, func(t *testing.T) {
			t.Parallel()
			doc, err := os.ReadFile(filepath.Join("..", "..", "docs", g.file))
			require.NoError(t, err)
			text := string(doc)

			named := map[string]bool{}
			for _, m := range annotatedRE.FindAllStringSubmatch(text, -1) {
				got := looplabURLRE.FindString(m[1])
				assert.Equal(t, tool[m[2]], got, "%s names %s as tool.%s", g.file, got, m[2])
				named[m[2]] = true
			}
			for _, k := range []string{"login_url", "launch_url", "jwks_url"} {
				assert.True(t, named[k], "%s tells where tool.%s goes", g.file, k)
			}
			for _, u := range looplabURLRE.FindAllString(text, -1) {
				if u != guidePublicURL {
					assert.Contains(t, slices.Collect(maps.Values(tool)), u, "%s: %s is none of looplab's URLs", g.file, u)
				}
			}

			m := registerRE.FindStringSubmatch(text)
			require.NotNil(t, m, "%s has a ```sh block with the register command", g.file)
			p := newPlatform(t)
			p.setMode(g.mode)
			p.tokenAudience = g.tokenAudience
			db := tempDB(t)
			args := guideArgs(t, m[1], p, db)
			code, out, errOut := runCLI(args...)
			require.Equal(t, 0, code, "%s: %v\n%s", g.file, args, errOut)
			var reg struct {
				AuthLoginURL string `json:"auth_login_url"`
				TokenURL     string `json:"token_url"`
				JWKSURL      string `json:"jwks_url"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &reg))
			ends := platformEndpoints[g.platform]
			for _, c := range []struct{ url, pattern string }{{reg.AuthLoginURL, ends.auth}, {reg.TokenURL, ends.token}, {reg.JWKSURL, ends.jwks}} {
				assert.True(t, pathMatches(c.url, p.URL(), c.pattern), "%s: %s is at %s's path %s", g.file, c.url, g.platform, c.pattern)
			}

			s := ltiServer(t, db, p)
			sub := "guide-student-" + g.platform
			sess := mustSession(t, p.launch(t, s, learnerLaunch(p, sub, "order-cjs-queues", "1")))
			s.answer(t, sess, cjsQueuesRight)
			waitFor(t, 15*time.Second, "the score in the "+g.platform+" gradebook", func() bool {
				h, ok := p.held("1", sub)
				return ok && h.Given != nil && *h.Given == 100
			})
		})
	}
}

// printedToolURLs registers a platform with `looplab lti register --public-url` and
// returns the tool object it prints: the URLs to enter in the platform.
func printedToolURLs(t *testing.T) map[string]string {
	t.Helper()
	code, out, errOut := runCLI("lti", "register", "--db", tempDB(t), "--public-url", guidePublicURL, "--issuer", "https://lms.example.edu",
		"--client-id", "c", "--deployment-id", "1", "--auth-url", "https://lms.example.edu/auth", "--token-url", "https://lms.example.edu/token",
		"--jwks-url", "https://lms.example.edu/jwks")
	require.Equal(t, 0, code, errOut)
	var printed struct{ Tool map[string]string }
	require.NoError(t, json.Unmarshal([]byte(out), &printed))
	require.NotEmpty(t, printed.Tool)
	return printed.Tool
}

// guideArgs turns a guide's register command into CLI arguments against the emulator:
// the database is db, the platform's URLs move to the emulator's host (their paths
// stay), and the placeholders become the emulator's ids; a --token-audience stays as
// written.
func guideArgs(t *testing.T, command string, p *platform, db string) []string {
	t.Helper()
	fields := shellWords(strings.ReplaceAll(command, "\\\n", " "))
	require.Equal(t, []string{"looplab", "lti", "register"}, fields[:3])
	args := fields[1:]
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "--db":
			args[i+1] = db
		case "--issuer", "--auth-url", "--token-url", "--jwks-url":
			u, err := url.Parse(args[i+1])
			require.NoError(t, err)
			args[i+1] = p.URL() + u.EscapedPath()
			if args[i] == "--auth-url" {
				p.mu.Lock()
				p.authURL = args[i+1]
				p.mu.Unlock()
			}
		case "--client-id":
			require.Equal(t, "CLIENT_ID", args[i+1])
			args[i+1] = p.clientID
		case "--deployment-id":
			require.Equal(t, "DEPLOYMENT_ID", args[i+1])
			args[i+1] = p.deploy
		}
	}
	return args
}

// pathMatches reports whether u is on base at a path the emulator's route pattern
// matches (a {name} segment matches any one segment).
func pathMatches(u, base, pattern string) bool {
	path, ok := strings.CutPrefix(u, base)
	if !ok {
		return false
	}
	mux := http.NewServeMux()
	mux.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
	r, err := http.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		return false
	}
	_, matched := mux.Handler(r)
	return matched == pattern
}

// shellWords splits a command line as a POSIX shell would for plain words and double-
// or single-quoted strings (all the guides use).
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// TestLTIMoodleGuide follows docs/lti-moodle.md's steps past the first registration
// against the emulated Moodle. Step 3's command, run as written but without
// --public-url and LOOPLAB_PUBLIC_URL, stops and says how to set it. Step 6: a second
// tool card (its own client ID and deployment ID) is refused while only the first card is
// registered, also after the first registration's deployments are widened (the guide's
// warning), and launches and grades once registered with a second `looplab lti register`.
func TestLTIMoodleGuide(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "lti-moodle.md"))
	require.NoError(t, err)
	m := registerRE.FindStringSubmatch(string(doc))
	require.NotNil(t, m)
	p := newPlatform(t)
	db := tempDB(t)
	args := guideArgs(t, m[1], p, db)
	i := slices.Index(args, "--public-url")
	require.Positive(t, i, "step 3 names the public URL")
	code, _, errOut := runCLI(slices.Delete(slices.Clone(args), i, i+2)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "pass --public-url")
	code, _, errOut = runCLI(args...)
	require.Equal(t, 0, code, errOut)
	s := ltiServer(t, db, p)
	mustSession(t, p.launch(t, s, learnerLaunch(p, "first-card", "order-cjs-queues", "1")))

	p.clientID, p.deploy = "second-card-client", "2" // the second card's launches
	code, _, errOut = runCLI("lti", "update", "--db", db, "1", "--deployment-id", "1,2")
	require.Equal(t, 0, code, errOut)
	login := get(t, s.URL+"/lti/login?"+p.loginParams(s.URL, p.prepare(learnerLaunch(p, "second-card", "order-cjs-queues", "2"))).Encode())
	assert.Equal(t, "unknown_platform", refusedReason(t, login), "another client ID is another registration")
	second := guideArgs(t, m[1], p, db)
	second[slices.Index(second, "--name")+1] = "Moodle (new window)"
	code, _, errOut = runCLI(second...)
	require.Equal(t, 0, code, errOut)
	sess := mustSession(t, p.launch(t, s, learnerLaunch(p, "second-card", "order-cjs-queues", "2")))
	s.answer(t, sess, cjsQueuesRight)
	waitFor(t, 15*time.Second, "the second card's score in the gradebook", func() bool {
		h, ok := p.held("2", "second-card")
		return ok && h.Given != nil && *h.Given == 100
	})
	code, out, _ := runCLI("lti", "list", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "second-card-client")
}
