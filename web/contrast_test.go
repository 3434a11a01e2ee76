package web_test

import (
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stylesheet reads colours out of app.css: custom properties and declarations of rules,
// with var(--name) resolved.
type stylesheet struct {
	t    *testing.T
	css  string
	vars map[string]string
}

func readStylesheet(t *testing.T) *stylesheet {
	t.Helper()
	b, err := fs.ReadFile(web.FS(), "css/app.css")
	require.NoError(t, err)
	css := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(b), "")
	vars := map[string]string{}
	for _, m := range regexp.MustCompile(`(--[\w-]+)\s*:\s*([^;]+);`).FindAllStringSubmatch(css, -1) {
		vars[m[1]] = strings.TrimSpace(m[2])
	}
	return &stylesheet{t: t, css: css, vars: vars}
}

// colour returns the first hex colour of a value, var(--name) resolved.
func (s *stylesheet) colour(value string) string {
	s.t.Helper()
	for i := 0; i < 5; i++ {
		m := regexp.MustCompile(`var\((--[\w-]+)\)`).FindStringSubmatch(value)
		if m == nil {
			break
		}
		v, ok := s.vars[m[1]]
		require.True(s.t, ok, "app.css has no %s", m[1])
		value = strings.Replace(value, m[0], v, 1)
	}
	c := regexp.MustCompile(`#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b`).FindString(value)
	require.NotEmpty(s.t, c, "no colour in %q", value)
	return c
}

// decl returns the colour of property prop in the rule whose selector is exactly sel.
func (s *stylesheet) decl(sel, prop string) string {
	s.t.Helper()
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sel) + `\s*\{([^}]*)\}`)
	m := re.FindStringSubmatch(s.css)
	require.NotNil(s.t, m, "app.css has no rule %q", sel)
	d := regexp.MustCompile(`(?:^|;)\s*` + regexp.QuoteMeta(prop) + `\s*:\s*([^;]+)`).FindStringSubmatch(m[1])
	require.NotNil(s.t, d, "rule %q has no %s", sel, prop)
	return s.colour(d[1])
}

// luminance is the WCAG 2 relative luminance of a #rgb or #rrggbb colour.
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	require.Len(t, h, 6, hex)
	var ch [3]float64
	for i := range ch {
		v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		require.NoError(t, err, hex)
		c := float64(v) / 255
		if c <= 0.04045 {
			ch[i] = c / 12.92
		} else {
			ch[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*ch[0] + 0.7152*ch[1] + 0.0722*ch[2]
}

// contrast is the WCAG 2 contrast ratio of two colours (1 to 21).
func contrast(t *testing.T, a, b string) float64 {
	t.Helper()
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func TestContrastFormula(t *testing.T) {
	t.Parallel()
	assert.InDelta(t, 21, contrast(t, "#000", "#fff"), 1e-9)
	assert.InDelta(t, 1, contrast(t, "#777777", "#777777"), 1e-9)
	assert.InDelta(t, 4.48, contrast(t, "#777777", "#ffffff"), 0.01) // the well-known near miss of AA
}

// TestContrast checks the colours WCAG 2.2 asks 3:1 of (non-text: focus indicators
// 2.4.13/1.4.11, graphical objects 1.4.11) against what they sit on.
func TestContrast(t *testing.T) {
	t.Parallel()
	s := readStylesheet(t)
	page, card, primary := s.decl("body", "background"), s.decl(".card", "background"), s.decl("button.primary", "background")
	ring := s.decl(":focus-visible", "outline")
	for name, bg := range map[string]string{"the page": page, "a card": card, "the primary button": primary} {
		r := contrast(t, ring, bg)
		assert.GreaterOrEqual(t, r, 3.0, "the focus ring %s against %s %s: %.2f:1", ring, name, bg, r)
	}
	header, headerRing := s.decl("#top", "background"), s.decl("#top :focus-visible", "outline-color")
	assert.GreaterOrEqual(t, contrast(t, headerRing, header), 3.0, "the focus ring %s in the header %s", headerRing, header)

	// Each segment kind is drawn in its colour (a pattern may add white or a lighter
	// stripe, I/O is hollow with an outline of it): the colour against the track.
	track := s.decl(".tl-track", "background")
	for _, kind := range []string{"js", "wait", "pool", "io"} {
		rule := regexp.MustCompile(`(?m)^\.seg-` + kind + ` \{[^}]*var\(--seg-` + kind + `\)`)
		assert.Regexp(t, rule, s.css, ".seg-%s is drawn in --seg-%s", kind, kind)
		c := s.colour("var(--seg-" + kind + ")")
		assert.GreaterOrEqual(t, contrast(t, c, track), 3.0, "timeline segment %s %s against its track %s: %.2f:1", kind, c, track, contrast(t, c, track))
	}
	io := s.colour("var(--seg-io)")
	t.Logf("focus ring %s: %.2f:1 on the page, %.2f:1 on a card, %.2f:1 on the primary button; I/O %s: %.2f:1 on the track",
		ring, contrast(t, ring, page), contrast(t, ring, card), contrast(t, ring, primary), io, contrast(t, io, track))
}
