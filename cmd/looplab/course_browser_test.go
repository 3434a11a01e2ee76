package main

import (
	"encoding/json"
	"fmt"
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
// instead, and the class's cohort by name. Desktop in English, phone in Vietnamese where
// the page differs.

// signInKey signs the tab in with an API key through the page's gate.
func (p *tab) signInKey(key string) {
	p.t.Helper()
	p.setValue("#signin-key", key)
	p.click("form.signin button[type=submit]")
}

// phone makes the tab a 390 × 844 touch phone.
func (p *tab) phone() {
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
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

func TestBrowserClasses(t *testing.T) {
	t.Parallel()
	// One guest an hour per address: the class must not depend on guests.
	s := startServer(t, tempDB(t), map[string]string{"LOOPLAB_GUESTS_PER_HOUR": "1"})
	b := newBrowser(t, s.URL)
	inst := s.mustKey(t, "instructor")
	start := time.Now()
	var cl classBody

	t.Run("InstructorMakesClass", func(t *testing.T) {
		p := b.open(t)
		p.load("classes", "/app/classes.html")
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
		p.shot("classes-desktop-en")
		// On a phone, in Vietnamese.
		p.phone()
		p.click(`button[data-lang=vi]`)
		assert.Equal(t, "Ngừng nhận học viên mới", p.str(`document.querySelector('#class-toggle').textContent`))
		p.assertPhone("the classes page")
		p.shot("classes-phone-vi")
		p.click(`button[data-lang=en]`)
	})
	require.NotEmpty(t, cl.Code)

	t.Run("ThirtyLearnersJoinAndPractise", func(t *testing.T) {
		// Thirty browsers of their own behind one address, five at a time: each opens the
		// join link, types a name, lands on the practice page as that learner and answers.
		names := make(chan int, 30)
		for i := range 30 {
			names <- i + 1
		}
		close(names)
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := range names {
					began := time.Now()
					p := b.isolated(t)
					name := fmt.Sprintf("Learner %02d", n)
					if n == 30 {
						p.phone()
					}
					p.do(chromedp.Navigate(s.URL + "/app/join.html#code=" + cl.Code))
					p.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#join-name')`)
					assert.Equal(t, cl.Code, p.str(`document.querySelector('#join-code').value`), "the link fills in the code")
					p.setValue("#join-name", name)
					p.click("form.signin button[type=submit]")
					p.waitFor(`location.pathname === '/app/practice.html' && document.body.dataset.ready === 'true' && !document.querySelector('#practice').hidden`)
					in := time.Since(began)
					assert.Equal(t, name+" · Node.js, autumn group", p.str(`document.querySelector('#who').textContent`))
					assert.Equal(t, "correct", p.answerNumericThroughPage(), name)
					if n == 30 {
						p.assertPhone("the practice page of a class's learner")
						p.shot("class-learner-phone")
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
		first := b.isolated(t)
		first.load("practice", "/app/practice.html")
		first.waitFor(`!document.querySelector('#practice').hidden`)
		p := b.isolated(t)
		p.allow("status of 429") // the browser logs the refused POST /v1/guests
		p.phone()
		p.do(chromedp.Navigate(s.URL + "/app/practice.html#lang=vi"))
		p.waitFor(`document.body.dataset.ready === 'true' && document.querySelector('#guest-limit')`)
		assert.Contains(t, p.str(`document.querySelector('#guest-limit h2').textContent`), "Quá nhiều khách mới")
		assert.Contains(t, p.str(`document.querySelector('#guest-limit-reason').textContent`), "made 1 guests within the last hour", "the server's reason, as it gives it")
		assert.Equal(t, "false", p.str(`String(!!document.querySelector('#as-guest'))`), "no button that only reloads the page")
		p.assertPhone("the guest limit")
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
		p := b.open(t)
		p.load("cohort", fmt.Sprintf("/app/cohort.html#class=%d", cl.ID))
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
		p.shot("cohort-class")
	})
	t.Logf("class browser tests took %s", time.Since(start).Round(time.Millisecond))
}
