package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testVisualiserDebugger is the visualiser as a debugger of the event loop, on the
// seed's all-queues snippet (the bank's order-cjs-queues), answered in the ES-module
// order: every enqueue is a step at its line (.then at line 4, queueMicrotask at line 5),
// the call stack names the .then callback while it prints, both outcomes of the race can
// be stepped through, the learner's order sits beside the console with the first
// difference a button away, a step's link opens that step, and a second press of Submit
// leaves the result on screen. On a desktop in English and on a phone in Vietnamese.
func testVisualiserDebugger(t *testing.T, s *testServer, b *browser, app string) {
	for _, tc := range []struct {
		name, lang string
		phone      bool
	}{{"phone-vi", "vi", true}, {"desktop-en", "en", false}} {
		t.Run(tc.name, func(t *testing.T) {
			tok := s.mustToken(t, app, s.mustLearner(t, app, "debugger-"+tc.name))
			p := b.open(t)
			if tc.phone {
				p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
			}
			p.load("practice", "/app/practice.html#token="+tok+"&lang="+tc.lang)
			if tc.phone {
				p.click("#qlist-toggle")
			}
			p.click(`#qlist button[data-slug="order-cjs-queues"]`)
			p.waitFor(`document.querySelectorAll('.order-item').length === 7`)
			order := func() []string {
				return p.strs(`[...document.querySelectorAll('.order-item')].map(li => li.dataset.line)`)
			}
			for i, line := range cjsQueuesWrong {
				for j := slices.Index(order(), line); j > i; j-- {
					p.eval(fmt.Sprintf(`document.querySelector('.order-item:nth-child(%d) button.up').click()`, j+1), nil)
				}
			}
			require.Equal(t, cjsQueuesWrong, order())
			p.click("#submit")
			p.waitFor(`document.querySelector('#verdict')`)
			// Answered: a second Submit changes nothing, the result stays.
			result := p.str(`document.querySelector('#result').textContent`)
			p.eval(`document.querySelector('#answer-form').requestSubmit()`, nil)
			p.settle()
			assert.Equal(t, result, p.str(`document.querySelector('#result').textContent`), "a resubmitted result stays on screen")
			p.click("#open-vis")
			p.waitFor(`document.querySelector('#vis .vis-status')`)

			vis := visualiserProbe{p}
			// Every enqueue is a step of its own, at the line that queues it.
			p.click("#vis .vis-steps summary")
			p.waitFor(`document.querySelectorAll('#vis .step-list li').length > 0`)
			thenQueued := vis.stepOf(`[data-event="microtask-queued"][data-label=".then callback"]`)
			microQueued := vis.stepOf(`[data-event="microtask-queued"][data-label="queueMicrotask callback"]`)
			assert.Equal(t, thenQueued+1, microQueued, ".then and queueMicrotask are queued at steps of their own")
			p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, thenQueued))
			assert.Equal(t, fmt.Sprint(thenQueued), p.str(`document.querySelector('#vis').dataset.step`))
			assert.Equal(t, "4", vis.currentLine(), ".then is queued at line 4")
			assert.Equal(t, []string{".then callback"}, vis.queue("microtasks"))
			assert.Equal(t, []string{".then callback"}, vis.newIn("microtasks"))
			assert.Equal(t, []string{"main:" + map[string]string{"en": "main code", "vi": "code chính"}[tc.lang]}, vis.stack())
			p.key("#vis", kb.ArrowRight)
			assert.Equal(t, "5", vis.currentLine(), "queueMicrotask is queued at line 5")
			// A screen reader hears the step and what happened in it.
			assert.Equal(t, "polite", p.str(`document.querySelector('#vis .vis-status').getAttribute('aria-live')`))
			assert.Contains(t, p.str(`document.querySelector('#vis .vis-status').textContent`), fmt.Sprint(microQueued)+"/")
			assert.Equal(t, "polite", p.str(`document.querySelector('#vis .vis-explain').getAttribute('aria-live')`))
			assert.Contains(t, p.str(`document.querySelector('#vis .vis-explain').textContent`), "queueMicrotask callback")
			assert.Equal(t, []string{".then callback", "queueMicrotask callback"}, vis.queue("microtasks"))
			assert.Equal(t, []string{"queueMicrotask callback"}, vis.newIn("microtasks"))
			if tc.phone {
				vis.assertPhone("the visualiser at an enqueue step")
			}
			p.shotOf("#vis", "visualiser-debugger-enqueue-"+tc.name)

			// The call stack names the .then callback while it prints, and the main code
			// that queued it at line 4.
			prints := vis.stepOf(`[data-event="console"][data-line="4"]`)
			p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, prints))
			assert.Equal(t, "Promise.then", vis.lastConsole())
			stack := vis.stack()
			require.Len(t, stack, 2)
			assert.Equal(t, "callback:.then callback", stack[0])
			assert.Equal(t, "async:main code", stack[1])
			assert.Contains(t, p.str(`document.querySelector('#vis .stack-frames li.async').textContent`),
				map[string]string{"en": "queued at line 4 by main code", "vi": "được xếp hàng ở dòng 4 bởi code chính"}[tc.lang])
			assert.Contains(t, p.str(`document.querySelector('#vis .running').textContent`), ".then callback")
			p.shotOf("#vis", "visualiser-debugger-stack-"+tc.name)

			// The learner's order beside the console: the first difference, line 3, is a
			// button away from the step that prints the runtime's line there.
			assert.Equal(t, "3", p.str(`document.querySelector('#vis .vis-compare tr.first-diff').dataset.line`))
			assert.Equal(t, map[string]string{"en": "First difference: line 3, where the runtime prints “nextTick”.", "vi": "Chỗ khác đầu tiên: dòng 3, nơi runtime in “nextTick”."}[tc.lang],
				p.str(`document.querySelector('#vis .vis-diff').firstChild.textContent`))
			p.click("#vis .vis-to-diff")
			assert.Equal(t, "nextTick", vis.lastConsole())
			assert.Equal(t, []string{"sync 1", "sync 2", "nextTick"}, vis.printed())

			// Both outcomes of the race: the usual timing, and the other one, whose trace
			// fires the timer before the immediate.
			assert.Equal(t, "1", p.str(`document.querySelector('#vis').dataset.outcome`))
			assert.Equal(t, "2", p.str(`String(document.querySelectorAll('#vis .vis-outcomes input[type=radio]').length)`))
			p.key("#vis", kb.End)
			assert.Equal(t, "setTimeout 0", vis.printed()[6], "outcome 1: the immediate first")
			p.click(`#vis .vis-outcomes input[value="2"]`)
			assert.Equal(t, "2", p.str(`document.querySelector('#vis').dataset.outcome`))
			assert.Equal(t, "true", p.str(`String(document.activeElement.matches('#vis .vis-outcomes input[value="2"]'))`), "the focus stays on the choice")
			fires := vis.stepOf(`[data-event="timer-fires"]`)
			runs := vis.stepOf(`[data-event="immediate-runs"]`)
			assert.Less(t, fires, runs, "outcome 2: the timer fires first")
			p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, fires))
			assert.Equal(t, "timers1", p.str(`document.querySelector('#vis .phases li.current').dataset.phase`), "the timers phase before the first iteration")
			p.key("#vis", kb.End)
			assert.Equal(t, []string{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask", "setTimeout 0", "setImmediate"}, vis.printed())
			p.key("#vis", kb.Home)
			p.key("#vis", kb.ArrowRight)
			assert.Equal(t, "2", p.str(`document.querySelector('#vis').dataset.step`), "outcome 2 steps like any trace")
			if tc.phone {
				vis.assertPhone("the visualiser on the race's other outcome")
				// Long program lines scroll sideways in their own box, not the page.
				var box struct{ Scroll, Client int }
				p.eval(`(() => { const b = document.querySelector('#vis .code-scroll'); return {scroll: b.scrollWidth, client: b.clientWidth}; })()`, &box)
				assert.Greater(t, box.Scroll, box.Client, "a long line is wider than the phone")
				assert.Equal(t, "auto", p.str(`getComputedStyle(document.querySelector('#vis .code-scroll')).overflowX`))
			}
			p.shotOf("#vis", "visualiser-debugger-outcome2-"+tc.name)

			// A step's link opens that step of that outcome, here in a new tab.
			p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, fires))
			link := p.str(`document.querySelector('#vis .vis-link').getAttribute('href')`)
			assert.Regexp(t, fmt.Sprintf(`^/app/practice\.html#attempt=\d+&outcome=2&step=%d$`, fires), link)
			q := b.open(t)
			if tc.phone {
				q.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
			}
			q.load("practice", "/app/practice.html#token="+tok) // the tab's session, as the learner's own
			q.do(chromedp.Navigate("about:blank"))
			q.do(chromedp.Navigate(s.URL + link))
			q.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#vis .vis-status') && !document.querySelector('#vis').hidden`)
			assert.Equal(t, fmt.Sprint(fires), q.str(`document.querySelector('#vis').dataset.step`))
			assert.Equal(t, "2", q.str(`document.querySelector('#vis').dataset.outcome`))
			assert.Equal(t, "partial", q.str(`document.querySelector('#verdict').dataset.verdict`), "with the attempt's result")
			assert.Equal(t, "", q.str(`location.hash`), "the link's fragment is taken")
			q.click(`button[data-lang=en]`)
			p.click(`button[data-lang=en]`)
		})
	}
}

// visualiserProbe reads the visualiser of a tab (#vis).
type visualiserProbe struct{ p *tab }

// stepOf is the number of the first step the step list shows with the attributes sel.
func (v visualiserProbe) stepOf(sel string) int {
	v.p.t.Helper()
	return mustAtoi(v.p.t, v.p.str(`document.querySelector('#vis .step-list button`+sel+`').dataset.step`))
}

func (v visualiserProbe) currentLine() string {
	return v.p.str(`document.querySelector('#vis .code-lines li.current')?.dataset.line || ''`)
}

func (v visualiserProbe) queue(name string) []string {
	return v.p.strs(fmt.Sprintf(`[...document.querySelectorAll('#vis [data-queue=%q] li.item .label')].map(e => e.textContent)`, name))
}

func (v visualiserProbe) newIn(name string) []string {
	return v.p.strs(fmt.Sprintf(`[...document.querySelectorAll('#vis [data-queue=%q] li.item.new .label')].map(e => e.textContent)`, name))
}

// stack is the call stack, innermost first, as kind:label (async frames: the code that queued).
func (v visualiserProbe) stack() []string {
	return v.p.strs(`[...document.querySelectorAll('#vis .stack-frames li[data-kind]')].map(li => li.dataset.kind + ':' + (li.dataset.kind === 'main' ? li.querySelector('strong').textContent : li.dataset.label))`)
}

// printed is the runtime's lines printed so far (the console beside the learner's order).
func (v visualiserProbe) printed() []string {
	return v.p.strs(`[...document.querySelectorAll('#vis .vis-compare tr.printed td.runtime')].map(td => td.textContent)`)
}

func (v visualiserProbe) lastConsole() string {
	lines := v.printed()
	if len(lines) == 0 {
		return ""
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// assertPhone checks the page on a phone as a learner reads the visualiser: from its top,
// the list of steps scrolled to its start (the step-through's controls stay on screen
// over what scrolls under them, which is not an overlap).
func (v visualiserProbe) assertPhone(what string) {
	v.p.t.Helper()
	v.p.eval(`(() => { document.querySelector('#vis').scrollIntoView({block: 'start'}); const l = document.querySelector('#vis .step-list'); if (l) l.scrollTop = 0; return true })()`, nil)
	v.p.assertPhone(what)
}

// testPlaygroundStepLink: in the playground, the race's other outcome is a choice away,
// and the link of one of its steps, opened in a new tab, runs the program and opens that
// step of that outcome.
func testPlaygroundStepLink(t *testing.T, b *browser) {
	const snippet = "console.log('sync 1')\nsetTimeout(() => console.log('setTimeout 0'), 0)\nsetImmediate(() => console.log('setImmediate'))\n" +
		"Promise.resolve().then(() => console.log('Promise.then'))\nqueueMicrotask(() => console.log('queueMicrotask'))\n" +
		"process.nextTick(() => console.log('nextTick'))\nconsole.log('sync 2')\n"
	p := b.open(t)
	p.load("playground", "/app/play.html")
	p.setValue("#code", snippet)
	p.click("#run")
	p.waitFor(`document.querySelector('#outcomes-card') && document.querySelector('#vis .vis-outcomes')`)
	vis := visualiserProbe{p}
	p.click(`#vis .vis-outcomes input[value="2"]`)
	p.click("#vis .vis-steps summary")
	p.waitFor(`document.querySelectorAll('#vis .step-list li').length > 0`)
	fires := vis.stepOf(`[data-event="timer-fires"]`)
	p.click(fmt.Sprintf(`#vis .step-list button[data-step="%d"]`, fires))
	assert.Equal(t, []string{"callback:setTimeout callback", "async:main code"}, vis.stack())
	link := p.str(`document.querySelector('#vis .vis-link').href`)
	assert.Regexp(t, fmt.Sprintf(`/app/play\.html#m=cjs&.*c=[\w-]+&outcome=2&step=%d$`, fires), link)
	p.shotOf("#vis", "playground-step-link")
	q := b.open(t)
	q.do(chromedp.Navigate(link))
	q.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#vis .vis-status')`)
	assert.Equal(t, snippet, q.str(`document.querySelector('#code').value`))
	assert.Equal(t, fmt.Sprint(fires), q.str(`document.querySelector('#vis').dataset.step`))
	assert.Equal(t, "2", q.str(`document.querySelector('#vis').dataset.outcome`))
	assert.Equal(t, "timers1", q.str(`document.querySelector('#vis .phases li.current').dataset.phase`))
}
