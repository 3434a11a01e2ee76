package web_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/looplab/looplab/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func files(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, fs.WalkDir(web.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.FS(), p)
		out[p] = string(b)
		return err
	}))
	return out
}

// TestAssetsSelfContained checks that every page and module refers only to files that
// are embedded, and nothing on another origin (no CDN, nothing from the internet).
func TestAssetsSelfContained(t *testing.T) {
	t.Parallel()
	fsys := files(t)
	for _, page := range []string{"index.html", "practice.html", "author.html", "play.html"} {
		require.Contains(t, fsys, page)
	}
	ref := regexp.MustCompile(`(?:src|href)="(/app/[^"#?]+)"`)
	imp := regexp.MustCompile(`(?m)^import .* from '\./([\w.-]+)'`)
	dyn := regexp.MustCompile(`https?://`)
	svgNS := "http://www.w3.org/2000/svg" // a namespace, not a request
	total, vendor := 0, 0
	for name, body := range fsys {
		if strings.HasPrefix(name, "vendor/") {
			vendor += len(body)
		} else {
			total += len(body)
		}
		body := strings.ReplaceAll(body, svgNS, "")
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			target := strings.TrimPrefix(m[1], "/app/")
			if target == "" {
				target = "index.html"
			}
			assert.Contains(t, fsys, target, "%s refers to %s", name, m[1])
		}
		for _, m := range imp.FindAllStringSubmatch(body, -1) {
			assert.Contains(t, fsys, "js/"+m[1], "%s imports %s", name, m[1])
		}
		if strings.HasSuffix(name, ".svg") {
			continue // the SVG namespace URI is not a request
		}
		assert.False(t, dyn.MatchString(body), "%s must not refer to another origin", name)
		if strings.HasSuffix(name, ".html") {
			assert.NotContains(t, body, "<script>", "%s: no inline script (the CSP forbids it)", name)
			assert.NotContains(t, body, "style=", "%s: no inline style (the CSP forbids it)", name)
		}
	}
	// 195 KB before the visualiser became a debugger (call stack, outcomes, step list,
	// the learner's order beside the console) and the trace's vocabulary (events.js): 216 KB;
	// the comparison across Node releases (compare.js, issue 13) adds about 10 KB; the
	// learning path, the lessons, the loop's ring and the editor's glue (issue 27) about 20;
	// the classes, join and assessment pages, a question's life and every field in the
	// authoring form, with their texts in both languages (issue 27), about 64 more.
	assert.Less(t, total, 330_000, "all the pages' files together stay small")
	// The code editor (CodeMirror, built by scripts/web/build-editor.sh), loaded on demand:
	// 355 KB, 116 KB as sent gzipped.
	assert.Less(t, vendor, 370_000, "the vendored editor stays small")
}

// TestTranslations checks that every text key the pages use exists in English and that
// Vietnamese has every English key (except language-neutral ones).
func TestTranslations(t *testing.T) {
	t.Parallel()
	fsys := files(t)
	keyRE := regexp.MustCompile(`(?m)^\s+'([\w.-]+)':`)
	entryRE := regexp.MustCompile(`(?m)^\s+'([\w.-]+)':\s*'((?:[^'\\]|\\.)*)',?$`)
	en, vi := map[string]bool{}, map[string]bool{}
	enPH, viPH := map[string]string{}, map[string]string{}
	// The dictionaries: i18n.js, and the pages' own parts of it (i18n-*.js), each an
	// English object followed by a Vietnamese one.
	for name, src := range fsys {
		if name != "js/i18n.js" && !(strings.HasPrefix(name, "js/i18n-") && strings.HasSuffix(name, ".js")) {
			continue
		}
		enStart, viStart := strings.Index(src, "const en = {"), strings.Index(src, "const vi = {")
		require.Positive(t, enStart, name)
		require.Greater(t, viStart, enStart, name)
		for part, sets := range map[string]struct {
			keys map[string]bool
			ph   map[string]string
		}{src[enStart:viStart]: {en, enPH}, src[viStart:]: {vi, viPH}} {
			for _, k := range keyRE.FindAllStringSubmatch(part, -1) {
				assert.False(t, sets.keys[k[1]], "%s: the text key %q is defined twice", name, k[1])
				sets.keys[k[1]] = true
			}
			// Every template takes the same placeholders in both languages, so no
			// sentence shows a raw {name} or loses a value.
			for _, e := range entryRE.FindAllStringSubmatch(part, -1) {
				ph := regexp.MustCompile(`\{(\w+)\}`).FindAllString(e[2], -1)
				slices.Sort(ph)
				sets.ph[e[1]] = strings.Join(slices.Compact(ph), " ")
			}
		}
	}
	neutral := map[string]bool{"app.name": true, "common.ms": true, "play.cjs": true, "play.esm": true}
	for k := range en {
		if !neutral[k] {
			assert.True(t, vi[k], "Vietnamese lacks %q", k)
		}
	}
	for k := range vi {
		assert.True(t, en[k], "English lacks %q", k)
	}
	require.Greater(t, len(enPH), 300)
	for k, ph := range viPH {
		if want, ok := enPH[k]; ok {
			assert.Equal(t, want, ph, "the placeholders of %q differ between English and Vietnamese", k)
		}
	}
	use := regexp.MustCompile(`\bt\('([\w.-]+)'\s*[,)]|data-i18n="([\w.-]+)"`)
	for name, body := range fsys {
		if strings.HasPrefix(name, "js/i18n") || !(strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".html")) {
			continue
		}
		for _, m := range use.FindAllStringSubmatch(body, -1) {
			k := m[1] + m[2]
			if strings.Contains(k, ".") {
				assert.True(t, en[k], "%s uses the unknown text key %q", name, k)
			}
		}
	}
}
