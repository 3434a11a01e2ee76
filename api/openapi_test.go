package api

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenAPIDescribesEveryRoute compares the routes the server registers (with every
// integration on) with the paths of /openapi.json, both ways. The browser pages (/ and
// /app/*) are HTML, not API, and are left out of the document on purpose.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	s := New(Config{}, Deps{Integrations: &Integrations{LTI: &lti.Tool{}, Webhooks: nilWebhooks{}, Outbox: nilOutbox{}}})
	pages := map[string]bool{"GET /": true, "GET /app/*": true}
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
