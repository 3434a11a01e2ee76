package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The instructor's and the class's journeys in Chromium: a class made on the classes
// page, thirty learners behind one address who join it with its code through the join
// page and practise, the guest limit that says why and lets a learner join their class
// instead, and the class's cohort by name; each on a desktop and a phone, in English
// and Vietnamese.

// signInKey signs the tab in with an API key through the page's gate.
func (p *tab) signInKey(key string) {
	p.t.Helper()
	p.setValue("#signin-key", key)
	p.click("form.signin button[type=submit]")
}

// answerNumericThroughPage opens the numeric question numeric-timer-threshold on the
// practice page and answers it right, as a learner would type it; it returns the verdict.
func (p *tab) answerNumericThroughPage() string {
	p.t.Helper()
	if p.str(`String(getComputedStyle(document.querySelector('#qlist')).display === 'none' || document.querySelector('#qlist').hidden)`) == "true" {
		p.click("#qlist-toggle")
	}
	p.setValue("#qsearch", "numeric-timer-threshold")
	p.click(`#qlist button[data-slug="numeric-timer-threshold"]`)
	p.waitFor(`document.querySelector('#answer-number') && document.querySelector('#params')`)
	var params map[string]string
	require.NoError(p.t, json.Unmarshal([]byte(p.str(`document.querySelector('#params').dataset.params`)), &params))
	p.setValue("#answer-number", fmt.Sprint(mustAtoi(p.t, params["io"])+10))
	p.click("#submit")
	p.waitFor(`document.querySelector('#verdict')`)
	return p.str(`document.querySelector('#verdict').dataset.verdict`)
}

func TestBrowserCourse(t *testing.T) {
	t.Parallel()
	// One guest an hour per address: the class must not depend on guests.
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_GUESTS_PER_HOUR": "1"})
	b := newBrowser(t, s.URL)
	inst := s.mustKey(t, "instructor")
	start := time.Now()
	var cl classBody

	t.Run("InstructorMakesClass", func(t *testing.T) {
		p := b.openOn(t, devices[0])
		p.visit("/app/classes.html")
		p.signInKey(inst)
		p.waitFor(`document.body.dataset.ready === 'true' && !document.querySelector('#classes').hidden`)
		p.click("#class-create")
		assert.Equal(t, "true", p.str(`document.querySelector('#class-name').getAttribute('aria-invalid')`), "a class needs a name")
		p.setValue("#class-name", "Node.js, autumn group")
		p.click("#class-create")
		p.waitFor(`document.querySelector('#class-code')`)
		var list struct{ Items []classBody }
		s.do(t, req{Method: "GET", Path: "/v1/classes", Cred: inst}).Decode(t, &list)
		require.Len(t, list.Items, 1)
		cl = list.Items[0]
		assert.Equal(t, cl.Code, p.str(`document.querySelector('#class-code').textContent`))
		assert.Equal(t, cl.JoinURL, p.str(`document.querySelector('#class-link').value`))
		assert.Contains(t, p.str(`document.querySelector('nav').textContent`), "Classes", "instructors have their classes in the navigation")
		p.assertAxe("a class on the classes page (desktop-en)")
		p.shot("classes-desktop-en")
		// On a phone, in Vietnamese.
		p.on(devices[1])
		p.click(`button[data-lang=vi]`)
		assert.Equal(t, "Ngừng nhận học viên mới", p.str(`document.querySelector('#class-toggle').textContent`))
		p.assertPhone("the classes page")
		p.assertAxe("a class on the classes page (phone-vi)")
		p.shot("classes-phone-vi")
		p.click(`button[data-lang=en]`)
	})
	require.NotEmpty(t, cl.Code)

	t.Run("ThirtyLearnersJoinAndPractise", func(t *testing.T) {
		// Thirty browsers of their own behind one address, four at a time: each opens the
		// join link, types a name, lands on the practice page as that learner and answers;
		// learner n on devices[n % 4], so desktops and phones in English and Vietnamese.
		names := make(chan int, 30)
		for i := range 30 {
			names <- i + 1
		}
		close(names)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := range names {
					began := time.Now()
					d := devices[n%len(devices)] // the class on desktops and phones, in English and Vietnamese
					p := b.openOn(t, d)
					name := fmt.Sprintf("Learner %02d", n)
					p.do(chromedp.Navigate(s.URL + "/app/join.html#lang=" + d.lang + "&code=" + cl.Code))
					p.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#join-name')`)
					assert.Equal(t, cl.Code, p.str(`document.querySelector('#join-code').value`), "the link fills in the code")
					assert.Equal(t, d.lang, p.str(`document.documentElement.lang`), name)
					if n <= len(devices) {
						p.assertAxe("the join page (" + d.name + ")")
					}
					p.setValue("#join-name", name)
					p.click("form.signin button[type=submit]")
					p.waitFor(`location.pathname === '/app/practice.html' && document.body.dataset.ready === 'true' && !document.querySelector('#practice').hidden`)
					in := time.Since(began)
					assert.Equal(t, name+" · Node.js, autumn group", p.str(`document.querySelector('#who').textContent`))
					assert.Equal(t, "correct", p.answerNumericThroughPage(), name)
					if n <= len(devices) {
						if d.phone {
							p.assertPhone("the practice page of a class's learner")
						}
						p.assertAxe("the practice page of a class's learner (" + d.name + ")")
						p.shot("class-learner-" + d.name)
					}
					p.close()
					t.Logf("%s joined in %s, answered in %s", name, in.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
				}
			}()
		}
		wg.Wait()
		var members struct{ Items []struct{ Name string } }
		s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/classes/%d/learners", cl.ID), Cred: inst}).Decode(t, &members)
		assert.Len(t, members.Items, 30)
		assert.Equal(t, 30, s.rows(t, "attempts"), "every learner answered once")
		assert.Zero(t, s.rows(t, "learners WHERE guest = 1"), "and none of them is a guest")
	})

	t.Run("GuestLimitSaysWhyAndJoins", func(t *testing.T) {
		// The address's one guest of the hour, then a phone in Vietnamese: no guest, the
		// server's reason, and the join form, through which the learner practises.
		first := b.openOn(t, devices[0])
		first.visit("/app/practice.html")
		first.waitFor(`!document.querySelector('#practice').hidden`)
		p := b.openOn(t, devices[1])
		p.allow("status of 429") // the browser logs the refused POST /v1/guests
		p.do(chromedp.Navigate(s.URL + "/app/practice.html#lang=vi"))
		p.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#guest-limit')`)
		assert.Contains(t, p.str(`document.querySelector('#guest-limit h2').textContent`), "Quá nhiều khách mới")
		assert.Contains(t, p.str(`document.querySelector('#guest-limit-reason').textContent`), "made 1 guest within the last hour", "the server's reason, as it gives it")
		assert.Equal(t, "false", p.str(`String(!!document.querySelector('#as-guest'))`), "no button that only reloads the page")
		p.assertPhone("the guest limit")
		p.assertAxe("the guest limit (phone-vi)")
		p.shot("guest-limit-phone-vi")
		p.setValue("#gate-join-code", "nope")
		p.click("#gate-join-code ~ button[type=submit]")
		assert.Equal(t, "true", p.str(`document.querySelector('#gate-join-code').getAttribute('aria-invalid')`))
		assert.Equal(t, "true", p.str(`document.querySelector('#gate-join-name').getAttribute('aria-invalid')`))
		p.setValue("#gate-join-code", cl.Code)
		p.setValue("#gate-join-name", "Lan")
		p.click("#gate-join-code ~ button[type=submit]")
		p.waitFor(`document.body.dataset.ready === 'true' && !document.querySelector('#practice').hidden`)
		assert.Equal(t, "Lan · Node.js, autumn group", p.str(`document.querySelector('#who').textContent`))
		assert.Equal(t, "correct", p.answerNumericThroughPage())
	})

	t.Run("CohortByName", func(t *testing.T) {
		p := b.openOn(t, devices[0])
		p.visit(fmt.Sprintf("/app/cohort.html#class=%d", cl.ID))
		p.signInKey(inst)
		p.waitFor(`document.querySelector('#cohort-table tbody tr')`)
		rows := p.strs(`[...document.querySelectorAll('#cohort-table tbody th')].map(th => th.textContent)`)
		require.Len(t, rows, 31)
		assert.Contains(t, rows, "Learner 07")
		assert.Contains(t, rows, "Lan")
		for _, r := range rows {
			assert.NotContains(t, r, "class:", "names, not external ids")
		}
		// A list of ids with one that names nobody: the others are shown, and why one is not.
		p.setValue("#c-class", "")
		var members struct{ Items []struct{ ID int64 } }
		s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/classes/%d/learners", cl.ID), Cred: inst}).Decode(t, &members)
		p.setValue("#c-learners", fmt.Sprintf("%d, 99999", members.Items[0].ID))
		p.click("#c-show")
		p.waitFor(`document.querySelector('#cohort-missing')`)
		assert.Contains(t, p.str(`document.querySelector('#cohort-missing').textContent`), "99999")
		assert.Equal(t, "1", p.str(`String(document.querySelectorAll('#cohort-table tbody tr').length)`))
		p.assertAxe("a class's cohort")
		p.shot("cohort-class")
	})
	t.Run("AssessmentAndGradebook", func(t *testing.T) { testAssessmentAndGradebook(t, s, b, inst, cl) })
	t.Run("APIReference", func(t *testing.T) { testAPIReference(t, s, b) })
	t.Run("WrongKeyRefused", func(t *testing.T) { testWrongKeyRefused(t, s, b) })
	t.Run("CopyEditPreviewPublish", func(t *testing.T) { testCopyEditPreviewPublish(t, s, b, inst) })
	t.Run("UnpublishRemovesFromLearners", func(t *testing.T) { testUnpublishRemoves(t, s, b, inst) })
	t.Logf("course browser tests took %s", time.Since(start).Round(time.Millisecond))
}

// testWrongKeyRefused: a made-up key on the authoring page is refused at once with the
// server's reason, and so is an app key, with why; nobody is signed in after either.
func testWrongKeyRefused(t *testing.T, s *testServer, b *browser) {
	app := s.mustKey(t, "app")
	for _, tc := range []struct {
		name, lang, refused, app string
		phone                    bool
	}{
		{"desktop-en", "en", "The server refused this key: The API key is not valid.", "This is an app key", false},
		{"phone-vi", "vi", "Máy chủ từ chối key này: The API key is not valid.", "Đây là key của ứng dụng", true},
	} {
		p := b.openOn(t, devices[0])
		p.allow("status of 401") // the browser logs the refused GET /v1/me
		if tc.phone {
			p.on(devices[1])
		}
		p.visit("/app/author.html#lang=" + tc.lang)
		p.signInKey("ll_made-up-key-that-nobody-issued")
		p.waitFor(`document.querySelector('form.signin .status.error')`)
		assert.Equal(t, tc.refused, p.str(`document.querySelector('form.signin .status.error').textContent`), tc.name)
		assert.Equal(t, "true", p.str(`document.querySelector('#signin-key').getAttribute('aria-invalid')`))
		assert.Equal(t, "true", p.str(`String(document.querySelector('#authoring').hidden)`), "nothing of the authoring page shows")
		assert.Empty(t, p.str(`sessionStorage.getItem('looplab.key') || ''`), "the key is not kept")
		assert.NotContains(t, p.str(`document.querySelector('#who').textContent`), "API key", "not signed in")
		if tc.phone {
			p.assertPhone("a refused key")
		}
		p.assertAxe("a refused key (" + tc.name + ")")
		p.shot("authoring-wrong-key-" + tc.name)
		p.signInKey(app)
		p.waitFor(`document.querySelector('form.signin .status.error').textContent.includes(` + jsString(tc.app) + `)`)
		assert.Equal(t, "true", p.str(`String(document.querySelector('#authoring').hidden)`))
		p.click(`button[data-lang=en]`)
	}
}

// jsString quotes s as a JavaScript string.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// testCopyEditPreviewPublish: the instructor opens a bank question (read-only: every
// field disabled), copies it, adds one console.log to the program and previews: the
// copied misconception no longer fits, and the error is on its field; fixed there, the
// preview runs, the student view shows the question as a learner gets it, an edit left
// unsaved is not dropped without asking, and the copy is published.
func testCopyEditPreviewPublish(t *testing.T, s *testServer, b *browser, inst string) {
	for _, tc := range []struct {
		name, lang string
		phone      bool
	}{{"desktop-en", "en", false}, {"phone-vi", "vi", true}} {
		p := b.openOn(t, devices[0])
		p.allow("status of 400") // the browser logs the preview the misconception makes invalid
		if tc.phone {
			p.on(devices[1])
		}
		p.visit("/app/author.html#lang=" + tc.lang)
		p.signInKey(inst)
		p.waitFor(`document.body.dataset.ready === 'true' && !document.querySelector('#authoring').hidden`)
		p.setValue("#asearch", "order-cjs-queues")
		p.click(`#qlist button[data-slug="order-cjs-queues"]`)
		p.waitFor(`document.querySelector('#f-slug').value === 'order-cjs-queues'`)
		assert.Equal(t, "true", p.str(`String(document.querySelector('#f-program').matches(':disabled') && document.querySelector('#f-misconceptions-0-tag').matches(':disabled') && document.querySelector('#f-params-add').matches(':disabled'))`), "a bank question is read-only, every field")
		assert.Equal(t, "true", p.str(`String(document.querySelector('#save').hidden)`))
		assert.False(t, p.str(`document.querySelector('#readonly-note').textContent`) == "", "and says why")
		assert.Equal(t, "esm-cjs-order", p.str(`document.querySelector('#f-misconceptions-0-tag').value`), "every field is in the form")
		assert.Equal(t, "24", p.str(`document.querySelector('#f-node').value`))
		assert.Equal(t, "event-loop.vi.txt", p.str(`document.querySelector('#f-source-seed').value`))
		p.assertAxe("a bank question, read-only (" + tc.name + ")")
		p.click("#copy")
		p.waitFor(`document.querySelector('#f-slug').value.startsWith('order-cjs-queues-copy') && document.querySelector('#status.ok')`)
		slug := p.str(`document.querySelector('#f-slug').value`)
		assert.Equal(t, "false", p.str(`String(document.querySelector('#f-program').matches(':disabled'))`), "the copy is the instructor's to edit")
		p.setValue("#f-program", p.str(`document.querySelector('#f-program').value`)+"console.log('sync 3')\n")
		p.click("#preview")
		p.waitFor(`document.querySelector('#f-misconceptions-0-answer[aria-invalid=true]')`)
		assert.Contains(t, p.str(`document.querySelector('#f-misconceptions-0-answer-err').textContent`), "all 8 presented lines, not 7")
		assert.Equal(t, "f-misconceptions-0-answer", p.str(`document.activeElement.id`), "the field at fault has the focus")
		p.assertAxe("a field marked by the server (" + tc.name + ")")
		p.shot("authoring-copy-error-" + tc.name)
		// The unsaved edit is not lost by opening another question.
		p.setValue("#f-misconceptions-0-answer", `["sync 1","sync 2","sync 3","Promise.then","queueMicrotask","nextTick","setImmediate","setTimeout 0"]`)
		p.setValue("#asearch", "")
		p.click(`#qlist button[data-slug="order-cjs-queues"]`)
		p.waitFor(`document.querySelector('#confirm').open`)
		p.click("#confirm-no")
		assert.Equal(t, slug, p.str(`document.querySelector('#f-slug').value`), "kept editing")
		assert.Contains(t, p.str(`document.querySelector('#f-misconceptions-0-answer').value`), "sync 3")
		p.click("#preview")
		p.waitFor(`document.querySelector('#preview-card') && !document.querySelector('#vis').hidden`)
		assert.Equal(t, "false", p.str(`String(!!document.querySelector('#form [aria-invalid=true]'))`))
		p.click("#student")
		p.waitFor(`(() => { const d = document.querySelector('#student-frame').contentDocument; return d && d.body && d.body.dataset.ready === 'true' && d.querySelectorAll('.order-item').length === 8; })()`)
		assert.Equal(t, "true", p.str(`String(document.querySelector('#student-frame').contentDocument.querySelector('#submit').disabled)`), "nobody answers a preview")
		if tc.phone {
			p.assertPhone("authoring a copy, seen as a student")
		}
		p.assertAxe("a preview and the student view (" + tc.name + ")")
		p.shot("authoring-student-view-" + tc.name)
		p.click("#publish")
		p.waitFor(`document.querySelector('#status.ok') && document.querySelector('#qstatus').textContent.includes('1')`)
		var q struct{ Status string }
		s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/questions/%d", s.questionID(t, inst, slug)), Cred: inst}).Decode(t, &q)
		assert.Equal(t, "published", q.Status)
		p.click(`button[data-lang=en]`)
	}
}

// testUnpublishRemoves: a learner lists the instructor's published question on the
// practice page; the instructor unpublishes it on the authoring page; the learner's page
// no longer lists it, and their past attempt is still theirs. Archived, it leaves the
// instructor's list, and the versions stay readable.
func testUnpublishRemoves(t *testing.T, s *testServer, b *browser, inst string) {
	app := s.mustKey(t, "app")
	lid := s.mustLearner(t, app, "unpublish-1")
	tok := s.mustToken(t, app, lid)
	id := s.questionID(t, inst, "order-cjs-queues-copy")
	r := s.do(t, req{Method: "POST", Path: "/v1/attempts", Cred: tok, Body: map[string]any{"learner_id": lid, "question_id": id,
		"answer": []string{"sync 1", "sync 2", "sync 3", "nextTick", "Promise.then", "queueMicrotask", "setTimeout 0", "setImmediate"}}})
	require.Equal(t, 201, r.Status, string(r.Body))
	learner := b.openOn(t, devices[0])
	learner.do(chromedp.Navigate(s.URL + "/app/practice.html#token=" + tok))
	listed := func() bool {
		learner.do(chromedp.Reload())
		learner.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#qlist button')`)
		learner.setValue("#qsearch", "order-cjs-queues-copy")
		return learner.str(`String(!!document.querySelector('#qlist button[data-slug="order-cjs-queues-copy"]'))`) == "true"
	}
	require.True(t, listed())

	p := b.openOn(t, devices[0])
	p.on(devices[1])
	p.visit("/app/author.html#lang=vi")
	p.signInKey(inst)
	p.waitFor(`document.body.dataset.ready === 'true' && !document.querySelector('#authoring').hidden`)
	p.setValue("#asearch", "order-cjs-queues-copy")
	p.click(`#qlist button[data-slug="order-cjs-queues-copy"]`)
	p.waitFor(`!document.querySelector('#unpublish').hidden`)
	p.click("#unpublish")
	p.waitFor(`document.querySelector('#status.ok') && document.querySelector('#qstatus').textContent.includes('đã ngừng xuất bản')`)
	assert.Contains(t, p.str(`document.querySelector('#status').textContent`), "điểm của họ được giữ")
	p.assertPhone("an unpublished question")
	p.assertAxe("an unpublished question (phone-vi)")
	p.shot("authoring-unpublished-phone-vi")
	assert.False(t, listed(), "the learner's list no longer has it")
	assert.Equal(t, 200, s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts/%d", int64(r.JSON(t)["id"].(float64))), Cred: tok}).Status, "the learner's attempt is kept")

	// Archived: out of the list, found with "show archived", read-only; its versions readable.
	p.click(`button[data-lang=en]`)
	p.click("#archive")
	p.waitFor(`document.querySelector('#status.ok') && !document.querySelector('#restore').hidden`)
	assert.Equal(t, "true", p.str(`String(document.querySelector('#f-title-en').matches(':disabled'))`))
	assert.Equal(t, "false", p.str(`String(!!document.querySelector('#qlist button[data-slug="order-cjs-queues-copy"]'))`))
	p.click("#show-archived")
	p.waitFor(`!!document.querySelector('#qlist button[data-slug="order-cjs-queues-copy"]')`)
	p.click("#versions-show")
	p.waitFor(`document.querySelector('#versions-list button[data-version="1"]')`)
	p.click(`#versions-list button[data-version="1"]`)
	p.waitFor(`document.querySelector('#readonly-note').textContent.includes('Version 1')`)
	p.assertAxe("an old version, read-only (phone-en)")
	p.click("#versions-back")
	p.waitFor(`!document.querySelector('#restore').hidden`)
	p.click("#restore")
	p.waitFor(`document.querySelector('#status.ok') && document.querySelector('#f-title-en').matches(':enabled')`)
	learner.close()
}

// testAssessmentAndGradebook: the instructor gives the class an assessment on the
// classes page (one question, one attempt); a learner of the class finds it on their
// assessments page, answers it through the practice page, is refused a second attempt
// with the reason, and sees their score; the instructor's gradebook shows it.
func testAssessmentAndGradebook(t *testing.T, s *testServer, b *browser, inst string, cl classBody) {
	p := b.openOn(t, devices[0])
	p.visit(fmt.Sprintf("/app/classes.html#class=%d", cl.ID))
	p.signInKey(inst)
	p.waitFor(`document.querySelector('#assessment-form')`)
	p.click("#a-create")
	assert.Equal(t, "true", p.str(`document.querySelector('#a-title').getAttribute('aria-invalid')`), "a title is needed")
	p.setValue("#a-title", "Week 1: timers")
	p.setValue("#a-attempts", "1")
	p.setValue("#a-search", "numeric-timer-threshold")
	id := s.questionID(t, inst, "numeric-timer-threshold")
	p.click(fmt.Sprintf("#aq-%d", id))
	p.click("#a-create")
	p.waitFor(`document.querySelector('#assessment-list li')`)
	assert.Contains(t, p.str(`document.querySelector('#assessment-list').textContent`), "Week 1: timers")

	l := b.openOn(t, devices[0])
	l.on(devices[1])
	l.do(chromedp.Navigate(s.URL + "/app/join.html#lang=vi&code=" + cl.Code))
	l.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#join-name')`)
	l.setValue("#join-name", "Minh")
	l.click("form.signin button[type=submit]")
	l.waitFor(`location.pathname === '/app/practice.html' && document.body.dataset.ready === 'true'`)
	l.click(`nav a[href="/app/class.html"]`) // a class's learner has their assessments in the navigation
	l.waitFor(`location.pathname === '/app/class.html' && document.querySelector('[data-start]')`)
	assert.Contains(t, l.str(`document.querySelector('.assessment').textContent`), "đang mở")
	l.assertPhone("a learner's assessments")
	l.assertAxe("a learner's assessments (phone-vi)")
	l.shot("class-assessments-phone-vi")
	l.click("[data-start]")
	l.waitFor(`location.pathname === '/app/practice.html' && document.querySelector('#answer-number') && document.querySelector('#params')`)
	var params map[string]string
	require.NoError(t, json.Unmarshal([]byte(l.str(`document.querySelector('#params').dataset.params`)), &params))
	l.setValue("#answer-number", fmt.Sprint(mustAtoi(t, params["io"])+10))
	l.click("#submit")
	l.waitFor(`document.querySelector('#verdict')`)
	assert.Equal(t, "correct", l.str(`document.querySelector('#verdict').dataset.verdict`))
	l.allow("status of 409") // the second attempt, refused
	l.click("#retry")
	l.waitFor(`document.querySelector('#answer-number') && !document.querySelector('#submit').disabled`)
	l.setValue("#answer-number", "1")
	l.click("#submit")
	l.waitFor(`document.querySelector('#status.error')`)
	assert.Contains(t, l.str(`document.querySelector('#status').textContent`), "All 1 attempts allowed")
	l.do(chromedp.Navigate(s.URL + "/app/class.html"))
	l.waitFor(`document.querySelector('.assessment .score')`)
	assert.Contains(t, l.str(`document.querySelector('.assessment .score').textContent`), "100%")
	l.close()

	p.do(chromedp.Reload())
	p.waitFor(`document.querySelector('#gradebook tbody tr')`)
	row := p.str(`[...document.querySelectorAll('#gradebook tbody tr')].find(tr => tr.querySelector('th').textContent === 'Minh').textContent`)
	assert.Contains(t, row, "100%")
	p.click("#gradebook-csv")
	p.settle()
	assert.Equal(t, "false", p.str(`String(!!document.querySelector('#status.error'))`))
	p.assertAxe("assessments and the gradebook (desktop-en)")
	p.shot("classes-gradebook")
}

// testAPIReference: the binary serves the API reference, Redoc rendering /openapi.json
// from the server itself (nothing from elsewhere), every operation with its example, and
// Redoc's licences beside it.
func testAPIReference(t *testing.T, s *testServer, b *browser) {
	for _, d := range []struct {
		name  string
		phone bool
	}{{"desktop", false}, {"phone", true}} {
		p := b.openOn(t, devices[0])
		if d.phone {
			p.on(devices[1])
		}
		var external []string
		p.do(chromedp.Navigate(s.URL + "/docs/api")) // not load: this page is made of /openapi.json
		for range 3 {                                // Redoc renders the whole document: on a loaded machine, more than one wait
			if p.str(`String(document.body.dataset.ready === 'true')`) == "true" {
				break
			}
			time.Sleep(10 * time.Second)
		}
		p.waitFor(`document.body.dataset.ready === 'true' && !!document.querySelector('[data-section-id="tag/classes/operation/joinClass"]')`)
		assert.Contains(t, p.str(`document.querySelector('[data-section-id="tag/classes/operation/joinClass"]').textContent`), "Join a class with its code")
		p.eval(`performance.getEntriesByType('resource').map(r => r.name).filter(u => !u.startsWith(location.origin) && !u.startsWith('blob:') && !u.startsWith('data:'))`, &external)
		assert.Empty(t, external, "nothing is fetched from another origin")
		// The whole reference takes axe more than a minute: its menu, its opening and the
		// operations of one tag, samples included, stand for the rest; on the phone (the
		// same markup in one column) the menu, the opening and one operation, which took
		// axe more than a minute at load 40 with the whole tag.
		scope := `{include: [['.menu-content'], ['.api-info'], ['[id="tag/classes"]'], ['[data-section-id="tag/classes/operation/joinClass"]']]}`
		if d.phone {
			scope = `{include: [['.menu-content'], ['.api-info'], ['[data-section-id="tag/classes/operation/joinClass"]']]}`
		}
		began := time.Now()
		p.assertAxeIn("the API reference ("+d.name+")", scope)
		t.Logf("axe-core on the API reference (%s): %s", d.name, time.Since(began).Round(time.Millisecond))
		img, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()) // the screen only: the whole reference is a very long page
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(screenshotDir, "api-reference-"+d.name+".png"), img, 0o644))
	}
	for _, f := range []string{"/docs/api/LICENSE.redoc.txt", "/docs/api/redoc.standalone.js.LICENSE.txt"} {
		res, body := s.rawGet(t, f, "")
		assert.Equal(t, 200, res.StatusCode, f)
		assert.Contains(t, string(body), "MIT", f)
	}
}
