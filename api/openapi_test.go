package api

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/looplab/looplab/internal/testenv"
	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
	"github.com/looplab/looplab/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenAPIDescribesEveryRoute compares the routes the server registers (with every
// integration on) with the paths of /openapi.json, both ways. The browser pages (/,
// /app/* and the reference, /docs/api) are HTML, not API, and are left out of the
// document on purpose.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	s := New(Config{}, Deps{Integrations: &Integrations{LTI: &lti.Tool{}, Webhooks: nilWebhooks{}, Outbox: nilOutbox{}}})
	pages := map[string]bool{"GET /": true, "GET /app/*": true, "GET /docs/api": true, "GET /docs/api/*": true,
		"GET /problems": true, "GET /problems/{code}": true}
	param := regexp.MustCompile(`:([a-z_]+)`)
	var registered []string
	for _, r := range s.app.GetRoutes(true) {
		if r.Method == "HEAD" || r.Method == "USE" {
			continue
		}
		route := r.Method + " " + param.ReplaceAllString(r.Path, "{$1}")
		if !pages[route] && !slices.Contains(registered, route) {
			registered = append(registered, route)
		}
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage
	}
	require.NoError(t, json.Unmarshal(OpenAPI, &doc))
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				documented = append(documented, strings.ToUpper(method)+" "+path)
			}
		}
	}
	slices.Sort(registered)
	slices.Sort(documented)
	require.Greater(t, len(registered), 40)
	assert.Equal(t, registered, documented)
}

// nilOutbox is an outbox.Lister that is never called: it only turns the routes on.
type nilOutbox struct{ outbox.Lister }

// nilWebhooks is a webhook.Store that is never called: it only turns the routes on.
type nilWebhooks struct{ webhook.Store }

// TestOpenAPILints lints the document with Redocly's recommended ruleset, strict (every
// warning an error), plus summaries, descriptions and defined tags on every operation
// (scripts/openapi-lint/redocly.yaml). .ci/run installs the linter (npm ci --prefix
// scripts/openapi-lint); without it the test is skipped, or fails under
// LOOPLAB_REQUIRE_EXTERNAL=1 as .ci/run sets it (internal/testenv).
func TestOpenAPILints(t *testing.T) {
	t.Parallel()
	bin, err := filepath.Abs(filepath.Join("..", "scripts", "openapi-lint", "node_modules", ".bin", "redocly"))
	require.NoError(t, err)
	if _, err := os.Stat(bin); err != nil {
		testenv.Missing(t, "the OpenAPI linter is not installed: npm ci --prefix scripts/openapi-lint")
	}
	cmd := exec.Command(bin, "lint", "api/openapi.json", "--config", "scripts/openapi-lint/redocly.yaml", "--format", "stylish")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "redocly lint:\n%s", out)
	assert.NotRegexp(t, `(?m)^\s+\d+:\d+\s+(warning|error)`, string(out))
}

// TestProblemTypesResolve: every problem code the API answers with has a page at its
// type URI, and the document's list of codes is the error handler's.
func TestProblemTypesResolve(t *testing.T) {
	t.Parallel()
	s := New(Config{}, Deps{})
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct{ Enum []string }
			}
		}
	}
	require.NoError(t, json.Unmarshal(OpenAPI, &doc))
	codes := doc.Components.Schemas["Problem"].Properties["code"].Enum
	var handled []string
	for code := range statusOf {
		handled = append(handled, code)
	}
	assert.ElementsMatch(t, handled, codes, "the Problem schema lists the codes the error handler maps")
	for _, code := range codes {
		res, err := s.app.Test(httptest.NewRequest("GET", "/problems/"+code, nil))
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		assert.Equal(t, 200, res.StatusCode, code)
		assert.Contains(t, res.Header.Get("Content-Type"), "text/html")
		assert.Contains(t, string(body), `id="`+code+`"`)
	}
	res, err := s.app.Test(httptest.NewRequest("GET", "/problems/no_such_code", nil))
	require.NoError(t, err)
	assert.Equal(t, 404, res.StatusCode)
}

// TestOpenAPITraceVocabulary keeps the document's step events, frame kinds and outcome
// timings the same as the simulator's (package sim/trace, sim.Timing).
func TestOpenAPITraceVocabulary(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []string
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal(OpenAPI, &doc))
	s := doc.Components.Schemas
	assert.Equal(t, trace.Names(), s["Step"].Properties["event"].Enum)
	var kinds []string
	for _, k := range trace.FrameKinds {
		kinds = append(kinds, string(k))
	}
	assert.Equal(t, kinds, s["Frame"].Properties["kind"].Enum)
	assert.Equal(t, []string{string(sim.TimingAlways), string(sim.TimingUsual), string(sim.TimingRace)}, s["Outcome"].Properties["timing"].Enum)
}

// TestOpenAPIExamples: every operation shows an integrator what it takes and gives: an
// example of its JSON request body, if it has one, and of a successful response, if it
// answers with a body (Redocly's lint checks each example against its schema).
func TestOpenAPIExamples(t *testing.T) {
	t.Parallel()
	type media map[string]struct {
		Example  any            `json:"example"`
		Examples map[string]any `json:"examples"`
	}
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			RequestBody *struct {
				Content media `json:"content"`
			} `json:"requestBody"`
			Responses map[string]struct {
				Content media `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(OpenAPI, &doc))
	has := func(m media, ct string) bool { return m[ct].Example != nil || len(m[ct].Examples) > 0 }
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if op.OperationID == "" {
				continue // a path item's parameters, not an operation
			}
			if rb := op.RequestBody; rb != nil {
				if _, ok := rb.Content["application/json"]; ok && !has(rb.Content, "application/json") {
					t.Errorf("%s %s (%s): the JSON request body has no example", method, path, op.OperationID)
				}
			}
			bodies, shown := 0, 0
			for status, r := range op.Responses {
				if !strings.HasPrefix(status, "2") {
					continue
				}
				for ct := range r.Content {
					bodies++
					if has(r.Content, ct) {
						shown++
					}
				}
			}
			if bodies > 0 && shown == 0 {
				t.Errorf("%s %s (%s): no successful response has an example", method, path, op.OperationID)
			}
		}
	}
}
