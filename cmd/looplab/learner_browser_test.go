package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/looplab/looplab/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The learner's journeys in Chromium, desktop (1366 × 900) and phone (390 × 844), English
// and Vietnamese: a new learner's first question is the first of the path, the verdict
// is in view after Submit, feedback names choices by their text and follows a language
// switch, the editor marks a syntax error at its line. The subtests run in parallel,
// each in its own tab of TestBrowser's Chromium, each as its own new learner.

// axeSource is axe-core (scripts/web/node_modules, installed by .ci/run from the lock
// file), read once.
var axeSource = sync.OnceValues(func() ([]byte, error) {
	return os.ReadFile(filepath.Join("..", "..", "scripts", "web", "node_modules", "axe-core", "axe.min.js"))
})

// assertAxe runs axe-core in the page (WCAG 2.2 A and AA rules, colour contrast
// included) and fails on any violation, naming the rule and the first elements.
func (p *tab) assertAxe(what string) {
	p.t.Helper()
	p.assertAxeIn(what, "document")
}

// assertAxeIn is assertAxe on the part of the page scope names, an axe context (a JavaScript
// expression: document, or {include: [[selector], ...]}).
func (p *tab) assertAxeIn(what, scope string) {
	p.t.Helper()
	src, err := axeSource()
	if err != nil {
		testenv.Missing(p.t, "the accessibility check needs axe-core: npm ci --prefix scripts/web ("+err.Error()+")")
	}
	var loaded bool
	p.eval(`typeof window.axe === 'object'`, &loaded)
	if !loaded {
		p.eval(string(src)+"\n;true", nil)
	}
	var violations []struct {
		ID, Help string
		Nodes    []struct {
			Target         []any
			FailureSummary string
		}
	}
	// Colours are checked at rest: an item sliding in is half transparent for a moment.
	p.eval(`document.getAnimations().forEach(a => a.finish()); true`, nil)
	// A long page takes axe a few seconds, more on a loaded machine: a minute at most.
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`axe.run(`+scope+`, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}, resultTypes: ['violations']})
		.then(r => r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map(n => ({target: n.target, failureSummary: n.failureSummary}))})))`, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, "axe-core on %s", what)
	require.NoError(p.t, json.Unmarshal(raw, &violations))
	for _, v := range violations {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target)+": "+strings.ReplaceAll(n.FailureSummary, "\n", " "))
		}
		assert.Fail(p.t, "axe-core: "+v.ID, "%s: %s (%s)", what, v.Help, strings.Join(where, "; "))
	}
}

// device is a screen the journeys are walked on, in a language.
type device struct {
	name, lang string
	phone      bool
}

var devices = []device{{"desktop-en", "en", false}, {"phone-vi", "vi", true}, {"desktop-vi", "vi", false}, {"phone-en", "en", true}}

// openOn opens a tab sized as d, in a browser context of its own (its own storage: the
// language and the guest of one journey do not leak into another running beside it).
func (b *browser) openOn(t *testing.T, d device) *tab {
	p := b.open(t, chromedp.WithNewBrowserContext())
	p.on(d)
	return p
}

// on sizes the tab as d's screen.
func (p *tab) on(d device) {
	if d.phone {
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	} else {
		p.do(chromedp.EmulateViewport(1366, 900))
	}
}

// visit opens a page and waits until its data is shown (without load's timing, which the
// sequential tests measure: these run beside each other).
func (p *tab) visit(path string) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.b.baseURL + path))
	p.waitFor(`document.body && document.body.dataset.ready === 'true'`)
}

// inView tells whether the element sel is wholly on the screen.
func (p *tab) inView(sel string) bool {
	p.t.Helper()
	var in bool
	p.eval(fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; })()`, sel), &in)
	return in
}

// testLearnerJourneys walks each journey on a desktop and a phone, one in English and the
// other in Vietnamese (the language switch then turns each into the other language), so
// both screens and both languages are seen at the cost of two walks.
func testLearnerJourneys(t *testing.T, s *testServer, b *browser) {
	for _, d := range devices[:2] {
		t.Run("PathFirstQuestion/"+d.name, func(t *testing.T) {
			t.Parallel()
			testPathFirstQuestion(t, s, b, d)
		})
	}
	for _, d := range devices[2:] {
		t.Run("EditorErrorMark/"+d.name, func(t *testing.T) {
			t.Parallel()
			testEditorErrorMark(t, b, d)
		})
	}
	t.Run("EveryPageAxe", func(t *testing.T) {
		t.Parallel()
		testEveryPageAxe(t, b)
	})
}

// testPathFirstQuestion: a new learner clicks "Start practising" and is given the first
// question of the path's first step, with its lesson; answers it wrongly and reads the
// verdict, in view without scrolling, and feedback that names the options by their text;
// a language switch turns every string without a reload.
func testPathFirstQuestion(t *testing.T, s *testServer, b *browser, d device) {
	p := b.openOn(t, d)
	p.visit("/app/#lang=" + d.lang)
	p.eval(`localStorage.removeItem('looplab.guest'); sessionStorage.clear(); true`, nil)
	p.click("#start")
	p.waitFor(`location.pathname === '/app/practice.html' && document.body.dataset.ready === 'true' && !!document.querySelector('#question:not([hidden]) #q-title')`)
	learner := p.str(`String(JSON.parse(localStorage.getItem('looplab.guest')).learner_id)`)
	tok := p.str(`sessionStorage.getItem('looplab.token')`)
	r := s.do(t, req{Method: "GET", Path: "/v1/learners/" + learner + "/next?limit=1", Cred: tok})
	require.Equal(t, 200, r.Status, string(r.Body))
	var next struct {
		Items []struct {
			QuestionID int64  `json:"question_id"`
			Topic      string `json:"topic"`
			Step       string `json:"step"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(r.Body, &next))
	require.Len(t, next.Items, 1)
	assert.Equal(t, "sync-callbacks", next.Items[0].Step, "a new learner starts at the path's first step")
	assert.Equal(t, fmt.Sprint(next.Items[0].QuestionID), p.str(`document.querySelector('#question').dataset.id`), "Start practising opens the first question of the path")
	assert.Equal(t, "sync-callbacks", p.str(`document.querySelector('#path li[aria-current=step]').dataset.step`), "the path marks the first step")
	lessonTitle := map[string]string{"en": "Synchronous code, then callbacks", "vi": "Code đồng bộ, rồi tới callback"}[d.lang]
	assert.Contains(t, p.str(`document.querySelector('#lesson summary').textContent`), lessonTitle)
	if !d.phone {
		assert.Equal(t, "true", p.str(`String(document.querySelector('#lesson').open)`), "the lesson of a step not yet tried is open")
		assert.True(t, p.inView("#q-title"), "the question is on the first screen beside the path")
	} else {
		assert.True(t, p.inView("#q-title"), "on a phone the question's title is on the first screen, the lesson folded above it")
		var header float64
		p.eval(`document.querySelector('#top').getBoundingClientRect().height`, &header)
		assert.LessOrEqual(t, header, 110.0, "a compact header on a phone")
		p.assertPhone("practice at the path's first question")
	}
	p.assertAxe("practice at the path's first question (" + d.name + ")")
	p.shot("path-first-question-" + d.name)

	// The first step's questions, answered wrongly: its choice question names the options
	// by their text, the order questions say which line came first.
	p.open1("choice-sync-callback-sees-later-value", d)
	p.waitFor(`!!document.querySelector('input[name=choice]')`)
	p.click("#" + p.str(`[...document.querySelectorAll('input[name=choice]')].find(i => i.closest('label').textContent.includes('count is 1')).id`))
	p.click("#submit")
	p.waitFor(`!document.querySelector('#result').hidden && !!document.querySelector('#verdict')`)
	p.settle()
	assert.Equal(t, "incorrect", p.str(`document.querySelector('#verdict').dataset.verdict`))
	assert.True(t, p.inView("#verdict"), "the verdict is in view after Submit (%s)", d.name)
	explanation := p.str(`document.querySelector('#result .explanation').textContent`)
	want := map[string]string{"en": "You chose “count is 1”; the answer is “count is 2”.", "vi": "Bạn chọn “count is 1”; đáp án là “count is 2”."}
	assert.Contains(t, explanation, want[d.lang])
	assert.NotRegexp(t, `\([ab]\)`, explanation, "no option ids in the feedback")
	p.assertAxe("practice with a wrong answer's result (" + d.name + ")")
	p.shot("path-choice-wrong-" + d.name)

	// The visualiser from that step: the loop as a ring whose marker follows the phase,
	// play/pause at a chosen speed, queue items and async frames linked to the step that
	// queued them, the list of steps following along.
	p.click("#open-vis")
	p.waitFor(`!!document.querySelector('#vis .loop-ring')`)
	p.click("#vis .vis-first")
	p.setValue("#vis .vis-speed", "4")
	p.click("#vis .vis-steps summary")
	// Every phase the ring's marker visits while playing, and whether the step list kept up.
	p.eval(`window.seen = {phases: [], listKept: true};
		new MutationObserver(() => {
			const ring = document.querySelector('#vis .loop-ring'), cur = document.querySelector('#vis .step-list [aria-current=step]');
			if (seen.phases.at(-1) !== ring.dataset.phase) seen.phases.push(ring.dataset.phase);
			seen.listKept &&= !!cur && cur.dataset.step === document.querySelector('#vis').dataset.step;
		}).observe(document.querySelector('#vis'), {attributes: true, attributeFilter: ['data-step']}); true`, nil)
	p.click("#vis .vis-play")
	assert.Equal(t, "true", p.str(`document.querySelector('#vis .vis-play').getAttribute('aria-pressed')`))
	p.waitFor(`document.querySelector('#vis .vis-play').getAttribute('aria-pressed') === 'false'`) // it stops at the last step
	assert.Equal(t, p.str(`String(document.querySelectorAll('#vis .step-list li').length)`), p.str(`document.querySelector('#vis').dataset.step`))
	var seen struct {
		Phases   []string
		ListKept bool
	}
	p.eval(`window.seen`, &seen)
	assert.Equal(t, []string{"main", "timers1", "exit"}, compactPhases(seen.Phases), "the marker goes round the ring with the steps")
	assert.True(t, seen.ListKept, "the list of steps follows the animation")
	// At the timer's callback, its async frame links to the step that armed the timer.
	timerStep := p.str(`String([...document.querySelectorAll('#vis .step-list button')].find(b => b.dataset.event === 'timer-fires').dataset.step)`)
	armed := p.str(`String([...document.querySelectorAll('#vis .step-list button')].find(b => b.dataset.event === 'timer-armed').dataset.step)`)
	p.click(`#vis .step-list button[data-step="` + timerStep + `"]`)
	assert.Equal(t, armed, p.str(`document.querySelector('#vis .stack-frames .frame.async .queued-at').dataset.step`))
	// Back at the step after it was armed, the timer in its queue links there too.
	p.click(`#vis .step-list button[data-step="` + fmt.Sprint(mustAtoi(t, armed)+1) + `"]`)
	assert.Equal(t, armed, p.str(`document.querySelector('#vis [data-queue=timers] .queued-at').dataset.step`))
	p.click(`#vis [data-queue=timers] .queued-at`)
	assert.Equal(t, armed, p.str(`document.querySelector('#vis').dataset.step`))
	p.assertAxe("the visualiser (" + d.name + ")")
	p.shotOf("#vis", "visualiser-ring-"+d.name)

	// Endless practice: an order question of the step, then another like it: a new
	// program of the same shape, graded the same way, its verdict in view too.
	p.open1("order-sync-then-timeout", d)
	p.click("#submit")
	p.waitFor(`!document.querySelector('#result').hidden && !!document.querySelector('#another')`)
	before := p.str(`document.querySelector('#question .code-lines').textContent`)
	p.click("#another")
	p.waitFor(`!!document.querySelector('#generated-badge') && document.querySelector('#result').hidden`)
	assert.NotEqual(t, before, p.str(`document.querySelector('#question .code-lines').textContent`), "a new program")
	p.click("#submit")
	p.waitFor(`!document.querySelector('#result').hidden && !!document.querySelector('#verdict')`)
	p.settle()
	assert.True(t, p.inView("#verdict"), "the verdict of a generated program is in view (%s)", d.name)
	p.open1("choice-sync-callback-sees-later-value", d)
	p.waitFor(`!!document.querySelector('input[name=choice]')`)
	p.click("#" + p.str(`[...document.querySelectorAll('input[name=choice]')].find(i => i.closest('label').textContent.includes('count is 1')).id`))
	p.click("#submit")
	p.waitFor(`!document.querySelector('#result').hidden && !!document.querySelector('#verdict')`)

	// The language switch: every string turns at once, the server's texts included.
	other := map[string]string{"en": "vi", "vi": "en"}[d.lang]
	p.click(`button[data-lang=` + other + `]`)
	assert.Contains(t, p.str(`document.querySelector('#result .explanation').textContent`), want[other])
	assert.Contains(t, p.str(`document.querySelector('#lesson summary').textContent`),
		map[string]string{"en": "Synchronous code, then callbacks", "vi": "Code đồng bộ, rồi tới callback"}[other])
	assert.Equal(t, map[string]string{"en": "Synchronous code, then callbacks", "vi": "Code đồng bộ, rồi tới callback"}[other],
		p.str(`document.querySelector('#path li[data-step=sync-callbacks] .path-title').textContent`))
	assert.Equal(t, map[string]string{"en": "Practice", "vi": "Luyện tập"}[other], p.str(`document.querySelector('h1').textContent`))
	p.click(`button[data-lang=` + d.lang + `]`)
}

// compactPhases drops the poll waits between phases (the loop idles in poll).
func compactPhases(ps []string) []string {
	var out []string
	for _, p := range ps {
		if p != "poll" && (len(out) == 0 || out[len(out)-1] != p) {
			out = append(out, p)
		}
	}
	return out
}

// open1 opens a question of the bank by its slug from the list (unfolded on a phone).
func (p *tab) open1(slug string, d device) {
	p.t.Helper()
	p.setValue("#topic", "__all")
	if d.phone && p.str(`document.querySelector('#qlist-toggle').getAttribute('aria-expanded')`) == "false" {
		p.click("#qlist-toggle")
	}
	id := p.str(fmt.Sprintf(`document.querySelector('#qlist button[data-slug=%q]').dataset.id`, slug))
	p.eval(`document.querySelector('#question').dataset.id = ''; true`, nil)
	p.eval(fmt.Sprintf(`document.querySelector('#qlist button[data-slug=%q]').click(); true`, slug), nil)
	p.waitFor(fmt.Sprintf(`document.querySelector('#question').dataset.id === %q`, id))
}

// testEditorErrorMark: the playground's program with a syntax error: Run marks the line
// and column the simulator names, and brings the results into view.
func testEditorErrorMark(t *testing.T, b *browser, d device) {
	p := b.openOn(t, d)
	p.visit("/app/play.html#lang=" + d.lang)
	p.waitFor(`!!document.querySelector('#play .cm-editor .cm-content')`)
	assert.Equal(t, "true", p.str(`String(document.querySelector('#code').hidden)`), "the editor replaces the textarea")
	assert.Positive(t, len(p.str(`document.querySelector('#play .cm-content').getAttribute('aria-labelledby')`)), "the editor is named by its label")
	assert.NotEmpty(t, p.strs(`[...document.querySelectorAll('#play .cm-content span[class]')].map(s => s.className)`), "the program is highlighted")
	p.setValue("#code", "console.log('one')\nconst x = (;\nconsole.log('two')\n")
	p.click("#run")
	p.waitFor(`!!(document.querySelector('#outcomes-card') && document.querySelector('#play .cm-lintRange-error'))`)
	var mark struct {
		Line int
		Text string
	}
	p.eval(`(() => { const m = document.querySelector('#play .cm-lintRange-error');
		const line = m.closest('.cm-line');
		return {line: [...document.querySelectorAll('#play .cm-line')].indexOf(line) + 1, text: m.textContent}; })()`, &mark)
	assert.Equal(t, 2, mark.Line, "the error is marked at the line the simulator names")
	assert.Equal(t, ";", mark.Text, "at the column of Node's caret")
	assert.Equal(t, "1", p.str(`String(document.querySelectorAll('#play .cm-lint-marker-error').length)`), "and in the gutter")
	assert.True(t, p.inView("#outcomes-card h2"), "the results are scrolled into view after Run")
	p.assertAxe("playground with a syntax error (" + d.name + ")")
	p.shot("editor-error-" + d.name)
	// Fixed, the mark goes.
	p.setValue("#code", "console.log('one')\n")
	p.click("#run")
	p.waitFor(`!document.querySelector('#play .cm-lintRange-error')`)
}

// testEveryPageAxe runs axe-core on every page of web/static, desktop and phone.
func testEveryPageAxe(t *testing.T, b *browser) {
	entries, err := os.ReadDir(filepath.Join("..", "..", "web", "static"))
	require.NoError(t, err)
	var pages []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".html") {
			pages = append(pages, e.Name())
		}
	}
	require.GreaterOrEqual(t, len(pages), 6)
	for _, d := range []device{devices[0], devices[1]} {
		p := b.openOn(t, d)
		p.allow("status of 401") // pages that ask for a key say so
		for _, page := range pages {
			p.do(chromedp.Navigate(b.baseURL + "/app/" + page + "#lang=" + d.lang))
			p.waitFor(`document.body && document.body.dataset.ready === 'true'`)
			p.assertAxe(page + " (" + d.name + ")")
		}
	}
}
