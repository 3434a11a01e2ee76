package main

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/looplab/looplab/content"

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

// questionTypes lists the types of a Moodle file's questions, categories left out.
func questionTypes(q moodleQuiz) []string {
	var out []string
	for _, x := range q.Questions {
		if x.Type != "category" {
			out = append(out, x.Type)
		}
	}
	return out
}

// TestCLIContentImport exports the built-in bank as Moodle XML, every kind and two
// variants of each question that has several (export's TestMoodleRoundTrip reads back
// every variant), and imports the file into an empty bank directory: the new bank is the
// built-in one, question for question. Importing again changes nothing; a bank file
// edited since is replaced only when asked.
func TestCLIContentImport(t *testing.T) {
	t.Parallel()
	code, xmlFile, errOut := runCLI("content", "export", "--format", "moodle", "--variants", "2")
	require.Equal(t, 0, code, errOut)
	file := filepath.Join(t.TempDir(), "looplab-moodle.xml")
	require.NoError(t, os.WriteFile(file, []byte(xmlFile), 0o644))
	dir := filepath.Join(t.TempDir(), "bank")

	code, out, errOut := runCLI("content", "import", "--content", dir, file)
	require.Equal(t, 0, code, errOut)
	builtin, err := content.Load(content.Bank())
	require.NoError(t, err)
	assert.Contains(t, out, fmt.Sprintf("imported %d questions into %s: %d new, 0 replaced, 0 unchanged", len(builtin), dir, len(builtin)))
	_, want, _ := runCLI("content", "export")
	code, got, errOut := runCLI("content", "--content", dir, "export")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, got, "the imported bank is the built-in one")

	code, out, _ = runCLI("content", "import", "--content", dir, file)
	require.Equal(t, 0, code)
	assert.Contains(t, out, fmt.Sprintf("0 new, 0 replaced, %d unchanged", len(builtin)))
	assert.Contains(t, out, "nothing changed")

	// Into the bank it came from (files as their authors wrote them, defaults left out):
	// a no-op, with --replace too.
	source := filepath.Join(t.TempDir(), "source")
	require.NoError(t, os.CopyFS(source, content.Bank()))
	for _, args := range [][]string{{file}, {"--replace", file}} {
		code, out, errOut = runCLI(append([]string{"content", "import", "--content", source}, args...)...)
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, fmt.Sprintf("0 new, 0 replaced, %d unchanged\nnothing changed", len(builtin)))
	}
	for _, it := range builtin {
		want, _ := fs.ReadFile(content.Bank(), it.File)
		got, _ := os.ReadFile(filepath.Join(source, it.File))
		assert.Equal(t, string(want), string(got), "%s is left as written", it.File)
	}

	edited := filepath.Join(dir, "order-io-immediate.yaml")
	data, err := os.ReadFile(edited)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(edited, bytes.Replace(data, []byte("difficulty: "), []byte("difficulty: 5\n#"), 1), 0o644))
	code, _, errOut = runCLI("content", "import", "--content", dir, file)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "order-io-immediate differs from the imported one (--replace replaces it)")
	code, out, errOut = runCLI("content", "import", "--content", dir, "--replace", file)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "1 replaced")

	code, _, errOut = runCLI("content", "import", file)
	assert.Equal(t, 2, code, "the built-in bank is read-only")
	assert.Contains(t, errOut, "--content DIR")
	code, _, errOut = runCLI("content", "import", "--content", dir, filepath.Join(dir, "order-io-immediate.yaml"))
	assert.Equal(t, 1, code, "not Moodle XML")
	assert.Contains(t, errOut, "read Moodle XML")
}

// TestExports exports published questions over the API and the CLI.
func TestExports(t *testing.T) {
	t.Parallel()
	s := startServer(t, tempDB(t), nil)
	inst := s.mustKey(t, "instructor")

	resp, body := s.rawGet(t, "/v1/exports/moodle?variants=1", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Equal(t, "application/xml", resp.Header.Get("Content-Type"))
	var all moodleQuiz
	require.NoError(t, xml.Unmarshal(body, &all))
	assert.Greater(t, len(all.Questions), 5)

	resp, body = s.rawGet(t, "/v1/exports/moodle?question=order-io-immediate&question=numeric-timer-threshold&language=vi&variants=1", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var two moodleQuiz
	require.NoError(t, xml.Unmarshal(body, &two))
	assert.ElementsMatch(t, []string{"ordering", "numerical"}, questionTypes(two), "one variant of each")

	resp, body = s.rawGet(t, "/v1/exports/moodle?question=numeric-timer-threshold", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var variants moodleQuiz
	require.NoError(t, xml.Unmarshal(body, &variants))
	assert.Len(t, questionTypes(variants), 8, "every variant of the question (threshold 1..8)")

	// The Moodle XML of every kind imports back into another looplab's bank, unchanged.
	resp, body = s.rawGet(t, "/v1/exports/moodle?question=trace-pool-which-thread&question=exercise-batch-logs&question=order-io-immediate&question=choice-warmup-first-request&question=numeric-timer-threshold", inst)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	empty := t.TempDir()
	b := startServer(t, tempDB(t), map[string]string{"LOOPLAB_CONTENT": empty})
	r := b.do(t, req{Method: "POST", Path: "/v1/bank/import", Cred: b.AdminKey, Body: map[string]any{"moodle_xml": string(body), "publish": true}})
	require.Equal(t, http.StatusOK, r.Status, truncate(r.Body))
	var imported struct {
		Items []struct{ Slug, Action string }
	}
	r.Decode(t, &imported)
	require.Len(t, imported.Items, 5, "one question per slug, whatever its variants")
	var original, again struct {
		Files []struct{ Path, Content string }
	}
	s.do(t, req{Method: "GET", Path: "/v1/bank/export", Cred: s.AdminKey}).Decode(t, &original)
	b.do(t, req{Method: "GET", Path: "/v1/bank/export", Cred: b.AdminKey}).Decode(t, &again)
	want := map[string]string{}
	for _, f := range original.Files {
		want[f.Path] = f.Content
	}
	require.Len(t, again.Files, 5)
	for _, f := range again.Files {
		assert.Equal(t, want[f.Path], f.Content, "%s comes back unchanged", f.Path)
	}
	r = b.do(t, req{Method: "POST", Path: "/v1/bank/import", Cred: b.AdminKey, Body: map[string]any{"moodle_xml": "<quiz><question"}})
	assert.Equal(t, http.StatusBadRequest, r.Status)
	assert.Contains(t, string(r.Body), "moodle_xml")

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
		{"/v1/exports/moodle?variants=-1", inst, http.StatusBadRequest},
		{"/v1/exports/qti?variants=some", inst, http.StatusBadRequest},
	} {
		resp, body := s.rawGet(t, tc.path, tc.cred)
		assert.Equal(t, tc.status, resp.StatusCode, "%s: %s", tc.path, body)
		assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
	}

	code, out, errOut := runCLI("content", "export", "--format", "moodle", "--language", "vi", "--variants", "1")
	require.Equal(t, 0, code, errOut)
	var cli moodleQuiz
	require.NoError(t, xml.Unmarshal([]byte(out), &cli))
	assert.Len(t, cli.Questions, len(all.Questions))
	code, out, _ = runCLI("content", "export", "--format", "qti", "--variants", "1")
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
	reg := []string{"lti", "register", "--db", db, "--public-url", "https://looplab.example.edu", "--name", "Canvas test", "--issuer", "https://canvas.instructure.com",
		"--client-id", "10000000000001", "--deployment-id", "1:abc,2:def", "--auth-url", "https://sso.canvaslms.com/api/lti/authorize_redirect",
		"--token-url", "https://sso.canvaslms.com/login/oauth2/token", "--jwks-url", "https://sso.canvaslms.com/api/lti/security/jwks"}
	code, _, errOut := runCLI(reg[:4]...)
	assert.Equal(t, 2, code, "no public URL: the tool's URLs are unknown")
	assert.Contains(t, errOut, "pass --public-url https://looplab.example.edu (or set LOOPLAB_PUBLIC_URL)")
	code, _, errOut = runCLI(append(reg[:4:4], "--public-url", "looplab.example.edu")...)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "absolute http(s) URL")
	code, out, errOut := runCLI(reg...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"login_url": "https://looplab.example.edu/lti/login"`)
	assert.NotContains(t, out, "YOUR-LOOPLAB-HOST")
	code, out, errOut = runCLI(append(slices.Clone(reg[:6]), "--client-id", "2", "--deployment-id", "1", "--issuer", "https://canvas.instructure.com",
		"--auth-url", "https://sso.canvaslms.com/a", "--token-url", "https://sso.canvaslms.com/t", "--jwks-url", "https://sso.canvaslms.com/j")...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"launch_url": "https://looplab.example.edu/lti/launch"`)
	code, _, errOut = runCLI(reg...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "is registered")
	code, _, errOut = runCLI("lti", "register", "--db", db, "--public-url", "https://looplab.example.edu", "--issuer", "x")
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
