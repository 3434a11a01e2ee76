package main

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawGet fetches a route with a credential and the given header pairs (name, value,
// ...), reading the body as sent, without the harness's OpenAPI check.
func (s *testServer) rawGet(t testing.TB, path, cred string, header ...string) (*http.Response, []byte) {
	t.Helper()
	hr, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	require.NoError(t, err)
	hr.Header.Set("Authorization", "Bearer "+cred)
	for i := 0; i+1 < len(header); i += 2 {
		hr.Header.Set(header[i], header[i+1]) // an Accept-Encoding set here is not decompressed by the client
	}
	resp, err := s.client.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

type moodleQuiz struct {
	Questions []struct {
		Type string `xml:"type,attr"`
		Name string `xml:"name>text"`
	} `xml:"question"`
}

// TestExports exports published questions over the API and the CLI.
func TestExports(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst := s.mustKey(t, "instructor")

	resp, body := s.rawGet(t, "/v1/exports/moodle", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Equal(t, "application/xml", resp.Header.Get("Content-Type"))
	var all moodleQuiz
	require.NoError(t, xml.Unmarshal(body, &all))
	assert.Greater(t, len(all.Questions), 5)

	resp, body = s.rawGet(t, "/v1/exports/moodle?question=order-io-immediate&question=numeric-timer-threshold&language=vi", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var two moodleQuiz
	require.NoError(t, xml.Unmarshal(body, &two))
	require.Len(t, two.Questions, 3, "the category and the two questions")
	assert.ElementsMatch(t, []string{"category", "ordering", "numerical"},
		[]string{two.Questions[0].Type, two.Questions[1].Type, two.Questions[2].Type})

	resp, body = s.rawGet(t, "/v1/exports/qti?topic=timers", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	names := []string{}
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	assert.Contains(t, names, "imsmanifest.xml")

	for _, tc := range []struct {
		path, cred string
		status     int
	}{
		{"/v1/exports/moodle", s.mustKey(t, "app"), http.StatusForbidden},
		{"/v1/exports/pdf", inst, http.StatusBadRequest},
		{"/v1/exports/moodle?question=no-such-question", inst, http.StatusNotFound},
	} {
		resp, body := s.rawGet(t, tc.path, tc.cred)
		assert.Equal(t, tc.status, resp.StatusCode, "%s: %s", tc.path, body)
		assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
	}

	code, out, errOut := runCLI("content", "export", "--format", "moodle", "--language", "vi")
	require.Equal(t, 0, code, errOut)
	var cli moodleQuiz
	require.NoError(t, xml.Unmarshal([]byte(out), &cli))
	assert.Len(t, cli.Questions, len(all.Questions))
	code, out, _ = runCLI("content", "export", "--format", "qti")
	require.Equal(t, 0, code)
	_, err = zip.NewReader(strings.NewReader(out), int64(len(out)))
	assert.NoError(t, err)
	code, _, _ = runCLI("content", "export", "--format", "docx")
	assert.Equal(t, 2, code)
}

// TestCLILTI registers a platform with the CLI and lists it; the server sees it.
func TestCLILTI(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	reg := []string{"lti", "register", "--db", db, "--name", "Canvas test", "--issuer", "https://canvas.instructure.com",
		"--client-id", "10000000000001", "--deployment-id", "1:abc,2:def", "--auth-url", "https://sso.canvaslms.com/api/lti/authorize_redirect",
		"--token-url", "https://sso.canvaslms.com/login/oauth2/token", "--jwks-url", "https://sso.canvaslms.com/api/lti/security/jwks"}
	code, out, errOut := runCLI(reg...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"login_url"`)
	code, _, errOut = runCLI(reg...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "is registered")
	code, _, errOut = runCLI("lti", "register", "--db", db, "--issuer", "x")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "deployment_ids")
	code, out, _ = runCLI("lti", "list", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "1:abc,2:def")
	code, out, _ = runCLI("lti", "rotate-key", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "new signing key")
	assert.Equal(t, 2, func() int { c, _, _ := runCLI("lti"); return c }())

	s := startServer(t, db, nil)
	r := s.do(t, req{Method: "GET", Path: "/v1/lti/platforms", Cred: s.AdminKey})
	assert.Contains(t, string(r.Body), "Canvas test")
	var jwks struct{ Keys []any }
	s.do(t, req{Method: "GET", Path: "/lti/jwks"}).Decode(t, &jwks)
	assert.Len(t, jwks.Keys, 1, "the CLI-made key is the only one: the server made none")
}
