package main

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLTIBrowserLaunch drives a real launch in headless Chromium, as a Moodle student's
// browser goes: the course page posts the login initiation to /lti/login, looplab
// redirects to the platform's authorization endpoint, whose page posts the id_token
// (signed by the emulator) to /lti/launch, which redirects to the practice page with a
// launch token. The page must sign the learner in with that token (it asks the server
// whom the token belongs to) and name them as the launch did (not "Learner #1"), show
// the launched question, and, answered wrong then
// right within one second, the Moodle-mode gradebook must end with the right score.
func TestLTIBrowserLaunch(t *testing.T) {
	t.Parallel()
	p := newPlatform(t) // agsMoodle: whole-second timestamps, 409 on an equal one
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)
	b := newBrowser(t, s.URL)
	slug := "choice-warmup-first-request" // option a is right, b is wrong (content/bank)
	qid := s.questionID(t, s.AdminKey, slug)

	for try := 1; ; try++ {
		sub := fmt.Sprintf("browser-student-%d", try)
		spec := learnerLaunch(p, sub, slug, "7")
		spec.Locale = "en-US"
		tab := b.open(t)
		tab.do(chromedp.Navigate(p.URL() + "/course/launch?" + url.Values{"tool": {s.URL}, "hint": {p.prepare(spec)}}.Encode()))
		tab.waitFor(`location.pathname === '/app/practice' && document.body.dataset.ready === 'true' && document.querySelector('input[name=choice][value=b]')`)
		assert.Equal(t, "", tab.str(`location.hash`), "the token leaves the address bar")
		assert.NotEmpty(t, tab.str(`sessionStorage.getItem('looplab.token')`))
		learner := learnerOfSub(t, s, p, sub)
		assert.Equal(t, spec.Name, tab.str(`document.querySelector('#who').textContent`), "signed in by the launch token, named as the launch named them")
		assert.Equal(t, fmt.Sprint(qid), tab.str(`document.querySelector('#question').dataset.id`), "the launched question")
		assert.Equal(t, "false", tab.str(`String(document.querySelector('#practice').hidden)`))

		startOfSecond()
		var res struct {
			First, Second string
			MS            float64
		}
		tab.eval(`(async () => {
			const until = (f) => new Promise((ok, fail) => {
				const t0 = performance.now();
				const tick = () => f() ? ok() : performance.now() - t0 > 10000 ? fail(new Error('timed out')) : setTimeout(tick, 2);
				tick();
			});
			const $ = (s) => document.querySelector(s);
			const t0 = performance.now();
			$('input[name=choice][value=b]').click();
			$('#submit').click();
			await until(() => !$('#result').hidden && $('#verdict'));
			const first = $('#verdict').dataset.verdict;
			$('#retry').click();
			await until(() => $('#result').hidden && $('input[name=choice][value=a]'));
			$('input[name=choice][value=a]').click();
			$('#submit').click();
			await until(() => !$('#result').hidden && $('#verdict'));
			return {first, second: $('#verdict').dataset.verdict, ms: performance.now() - t0};
		})()`, &res)
		require.Equal(t, "incorrect", res.First)
		require.Equal(t, "correct", res.Second)
		attempts := attemptsOf(t, s, learner)
		require.Len(t, attempts, 2)
		sameSecond := attempts[0].CreatedAt.Unix() == attempts[1].CreatedAt.Unix()
		t.Logf("try %d: wrong then right in %.0f ms, same second: %t", try, res.MS, sameSecond)
		if !sameSecond && try < 3 {
			continue // the second turned over between the two: again, with another student
		}
		require.True(t, sameSecond, "both answers within one second")
		waitFor(t, 10*time.Second, "the right score in the gradebook", func() bool {
			h, ok := p.held("7", sub)
			return ok && h.Given != nil && *h.Given == 100
		})
		assert.Empty(t, p.Refusals(), "no score refused")
		tab.shot("lti-launch-practice")
		return
	}
}

// learnerOfSub finds the learner a platform user became (external id issuer#sub).
func learnerOfSub(t *testing.T, s *testServer, p *platform, sub string) int64 {
	t.Helper()
	r := s.do(t, req{Method: "GET", Path: "/v1/learners?external_id=" + url.QueryEscape(p.URL()+"#"+sub), Cred: s.AdminKey})
	require.Equal(t, http.StatusOK, r.Status)
	var l struct{ Items []struct{ ID int64 } }
	r.Decode(t, &l)
	require.Len(t, l.Items, 1)
	return l.Items[0].ID
}

// attemptsOf lists a learner's attempts, oldest first.
func attemptsOf(t *testing.T, s *testServer, learner int64) []attemptBody {
	t.Helper()
	var l struct{ Items []attemptBody }
	s.do(t, req{Method: "GET", Path: fmt.Sprintf("/v1/attempts?learner=%d", learner), Cred: s.AdminKey}).Decode(t, &l)
	for i, j := 0, len(l.Items)-1; i < j; i, j = i+1, j-1 {
		l.Items[i], l.Items[j] = l.Items[j], l.Items[i]
	}
	return l.Items
}
