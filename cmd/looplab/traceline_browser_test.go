package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// twoChains is the shared corpus's case 109 (held back; our x2200): two chains of three
// .then. The step that runs a2 said line 4, the line that resolved its promise.
const twoChains = `// Two promise chains of three steps each: the callbacks interleave.
Promise.resolve()
  .then(() => console.log('a1'))
  .then(() => console.log('a2'))
  .then(() => console.log('a3'));
Promise.resolve()
  .then(() => console.log('b1'))
  .then(() => console.log('b2'))
  .then(() => console.log('b3'));
console.log('sync');
`

// testVisualiserCallbackLine: in the playground, the step that runs a promise callback
// highlights the callback's own line. On two chains of three .then (twoChains), the step
// that runs a2 shows line 4, a2's, which is also its .then call; on a chain whose
// callback is defined away from its .then, the step highlights the callback and says
// which line registered it. A screenshot of each goes to screenshotDir (out of git).
func testVisualiserCallbackLine(t *testing.T, b *browser) {
	const apart = "function second() {\n  console.log('second');\n}\n" +
		"Promise.resolve()\n  .then(() => console.log('first'))\n  .then(second);\n"
	for _, tc := range []struct {
		name, code, prints string
		runs, registered   string // the highlighted line of the step that prints, and its .then's
	}{
		{"109-a2", twoChains, "a2", "4", "4"},
		{"callback-apart", apart, "second", "1", "6"},
	} {
		p := b.open(t)
		p.load("playground", "/app/play.html")
		p.setValue("#code", tc.code)
		p.click("#run")
		p.waitFor(`document.querySelector('#outcomes-card') && document.querySelector('#vis .vis-status')`)
		vis := visualiserProbe{p}
		p.click("#vis .vis-steps summary")
		p.waitFor(`document.querySelectorAll('#vis .step-list li').length > 0`)
		// The step that runs the callback is the one just before the line it prints.
		printed := mustAtoi(t, p.str(fmt.Sprintf(`[...document.querySelectorAll('#vis .step-list button[data-event="console"]')].find(b => b.textContent.includes(': ' + %q + ' ')).dataset.step`, tc.prints)))
		runs := printed - 1
		p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, runs))
		assert.Equal(t, "microtask-runs", p.str(`document.querySelector('#vis .event-kind').textContent`), tc.name)
		assert.Equal(t, tc.runs, vis.currentLine(), "%s: the code view highlights the callback that runs", tc.name)
		meta := p.str(`document.querySelector('#vis .vis-explain .meta').textContent`)
		if tc.runs != tc.registered {
			assert.Contains(t, meta, "registered on line "+tc.registered, tc.name)
		} else {
			assert.Contains(t, meta, "line "+tc.registered, tc.name)
		}
		p.shotOf("#vis", "visualiser-callback-line-"+tc.name)
	}
}
