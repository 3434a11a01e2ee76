package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// setLaunch is a learner's resource-link launch of the link linkID with custom
// parameters, sending the AGS line item lineItem ("" sends only the container).
func setLaunch(p *platform, sub, linkID string, custom map[string]string, lineItem string) *launchSpec {
	spec := &launchSpec{Sub: sub, Name: "Learner " + sub, Locale: "en-US", MessageType: "LtiResourceLinkRequest",
		ResourceLinkID: linkID, Custom: custom, Roles: []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"},
		ContainerOnly: lineItem == ""}
	if lineItem != "" {
		spec.LineItem = p.lineItem(lineItem)
	}
	return spec
}

// ids returns the question ids of slugs, as the launch fragment writes them.
func (s *testServer) ids(t testing.TB, slugs ...string) []string {
	t.Helper()
	out := make([]string, len(slugs))
	for i, slug := range slugs {
		out[i] = fmt.Sprint(s.questionID(t, s.AdminKey, slug))
	}
	return out
}

// scoresAt returns the scores the platform accepted at a line item, in arrival order.
func scoresAt(p *platform, lineItem string) []map[string]any {
	var out []map[string]any
	for _, sc := range p.Scores() {
		if sc.LineItem == lineItem {
			out = append(out, sc.Score)
		}
	}
	return out
}

// TestLTISetGradeAcrossRestart: a link to an explicit list of questions opens the
// practice page in set mode; every attempt at one of the set's questions sends the set's
// aggregate (mean of the best credit per question, InProgress until each question has
// an attempt) through the outbox, in order and exactly once, across a gradebook outage
// and a restart; attempts at other questions send nothing to the set's line item.
func TestLTISetGradeAcrossRestart(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	db := tempDB(t)
	s := ltiServer(t, db, p)
	s.mustRegister(t, p)
	want := s.ids(t, "order-cjs-queues", "choice-warmup-first-request")

	custom := map[string]string{"questions": " order-cjs-queues, choice-warmup-first-request,, order-cjs-queues"}
	sess := mustSession(t, p.launch(t, s, setLaunch(p, "ann", "set-link", custom, "30")))
	assert.Equal(t, want, sess.Set, "the list, in order, each question once")
	assert.Empty(t, sess.Question)
	assert.Equal(t, "Event loop drill", sess.SetTitle, "a list is called by the link's title")
	again := mustSession(t, p.launch(t, s, setLaunch(p, "ann", "set-link", nil, "30")))
	assert.Equal(t, want, again.Set, "a relaunch without custom parameters keeps the set")

	p.setFailScores(true)
	a1 := s.answerAt(t, sess.Token, want[0], cjsQueuesWrong)
	a2 := s.answerAt(t, sess.Token, want[1], "c")
	s.answerAt(t, sess.Token, fmt.Sprint(s.questionID(t, s.AdminKey, "numeric-timer-threshold")), 1) // not in the set
	waitFor(t, 10*time.Second, "failed tries", func() bool { tries, _ := p.counts(); return tries >= 2 })
	s.Stop()
	require.Empty(t, p.Scores())

	s2 := ltiServer(t, db, p)
	a3 := s2.answerAt(t, again.Token, want[1], "a")
	p.setFailScores(false)
	waitFor(t, 15*time.Second, "three set scores", func() bool { return len(scoresAt(p, "30")) >= 3 })
	time.Sleep(300 * time.Millisecond) // room for a duplicate to show up
	got := scoresAt(p, "30")
	require.Len(t, got, 3, "one score per attempt at a question of the set, exactly once")
	require.Less(t, a1.Score, 1.0)
	require.Equal(t, 0.0, a2.Score)
	require.Equal(t, 1.0, a3.Score)
	expect := []struct {
		score    float64
		progress string
	}{
		{a1.Score / 2 * 100, "InProgress"},
		{(a1.Score + a2.Score) / 2 * 100, "Completed"},
		{(a1.Score + a3.Score) / 2 * 100, "Completed"},
	}
	last := ""
	for i, sc := range got {
		assert.Equal(t, "ann", sc["userId"])
		assert.InDelta(t, expect[i].score, sc["scoreGiven"], 0.01, "score %d", i)
		assert.Equal(t, 100.0, sc["scoreMaximum"])
		assert.Equal(t, expect[i].progress, sc["activityProgress"], "score %d", i)
		assert.Equal(t, "FullyGraded", sc["gradingProgress"])
		assert.Less(t, last, sc["timestamp"].(string), "in order")
		last = sc["timestamp"].(string)
	}
	assert.Contains(t, got[0]["comment"], "1 of 2 questions answered")
	assert.Contains(t, got[0]["comment"], fmt.Sprintf(`("Every queue in one CommonJS script": %s, attempt 1)`, a1.Verdict),
		"the question named by its title, in the learner's language")
	assert.Contains(t, got[2]["comment"], "2 of 2 questions answered")
}

// TestLTITopicSets: deep linking offers topics and a list as one graded item each; a
// topic link opens its published questions, easiest first, keeps them on relaunch, and
// grades the mean of the best scores; broken set parameters are refused.
func TestLTITopicSets(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	s := ltiServer(t, tempDB(t), p)
	s.mustRegister(t, p)

	instructor := &launchSpec{Sub: "teacher-1", Name: "Teacher", Locale: "vi-VN", MessageType: "LtiDeepLinkingRequest",
		Roles: []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"}}
	picker := p.launch(t, s, instructor)
	require.Equal(t, http.StatusOK, picker.Status, picker.Body)
	assert.Contains(t, picker.Body, `name="topic" value="warm-up"`)
	assert.Contains(t, picker.Body, `name="as_set"`)
	assert.Contains(t, picker.Body, "Một chủ đề thành một hoạt động có điểm", "the picker speaks the launch's language")
	action, fields := form(t, picker.Body)
	fields["topic"] = []string{"warm-up"}
	fields["question"] = []string{"order-cjs-queues", "choice-warmup-first-request"}
	fields.Set("as_set", "1")
	fields.Set("set_title", "Warm-up drill")
	back := postForm(t, s.URL+action, fields)
	require.Equal(t, http.StatusOK, back.Status, back.Body)
	returnURL, jwtField := form(t, back.Body)
	require.Equal(t, http.StatusOK, postForm(t, returnURL, jwtField).Status)
	p.mu.Lock()
	items, _ := p.deepLinks[0]["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"].([]any)
	p.mu.Unlock()
	require.Len(t, items, 2, "the topic, and the two questions as one set")
	topic, list := items[0].(map[string]any), items[1].(map[string]any)
	assert.Equal(t, "ltiResourceLink", topic["type"])
	assert.Equal(t, map[string]any{"topic": "warm-up"}, topic["custom"])
	assert.Equal(t, 100.0, topic["lineItem"].(map[string]any)["scoreMaximum"])
	assert.Equal(t, "looplab: warm-up (2 questions)", topic["lineItem"].(map[string]any)["label"])
	assert.Equal(t, map[string]any{"questions": "order-cjs-queues,choice-warmup-first-request"}, list["custom"])
	assert.Equal(t, "Warm-up drill", list["title"])
	assert.Equal(t, "Warm-up drill", list["lineItem"].(map[string]any)["label"])

	// The topic link, launched with the line item container only: the set is the
	// topic's published questions (same difficulty: by id); the line item is created.
	want := s.ids(t, "choice-warmup-first-request", "multi-warmup-practice")
	spec := setLaunch(p, "bob", "topic-link", map[string]string{"topic": "warm-up"}, "")
	sess := mustSession(t, p.launch(t, s, spec))
	assert.Equal(t, want, sess.Set)
	assert.Equal(t, "warm-up", sess.SetTitle)
	spec.Custom = nil
	assert.Equal(t, want, mustSession(t, p.launch(t, s, spec)).Set)

	a1 := s.answerAt(t, sess.Token, want[1], []string{"warm"})
	a2 := s.answerAt(t, sess.Token, want[0], "a")
	waitFor(t, 10*time.Second, "two set scores", func() bool { return len(p.Scores()) >= 2 })
	created, _, posts := p.LineItems()
	require.Equal(t, 1, posts)
	assert.Equal(t, "topic:warm-up", created[0].ResourceID)
	assert.Equal(t, "topic-link", created[0].ResourceLinkID)
	got := scoresAt(p, "1")
	require.Len(t, got, 2)
	assert.InDelta(t, a1.Score/2*100, got[0]["scoreGiven"], 0.01)
	assert.Equal(t, "InProgress", got[0]["activityProgress"])
	assert.InDelta(t, (a1.Score+a2.Score)/2*100, got[1]["scoreGiven"], 0.01)
	assert.Equal(t, "Completed", got[1]["activityProgress"])

	// A link re-pointed to a single question leaves set mode.
	spec.Custom = map[string]string{"question": "order-cjs-queues"}
	single := mustSession(t, p.launch(t, s, spec))
	assert.Empty(t, single.Set)
	assert.Equal(t, fmt.Sprint(s.questionID(t, s.AdminKey, "order-cjs-queues")), single.Question)

	for _, tc := range []struct {
		custom map[string]string
		reason string
	}{
		{map[string]string{"topic": "no-such-topic"}, "empty_set"},
		{map[string]string{"questions": "order-cjs-queues,no-such-slug"}, "no_question"},
		{map[string]string{"questions": " , "}, "empty_set"},
		{map[string]string{"topic": "warm-up", "question": "order-cjs-queues"}, "malformed_request"},
	} {
		r := p.launch(t, s, setLaunch(p, "bob", "broken-"+strings.Join(mapKeys(tc.custom), "-"), tc.custom, "9"))
		assert.Equal(t, tc.reason, refusedReason(t, r), "%v", tc.custom)
		assert.Equal(t, http.StatusBadRequest, r.Status)
	}
}

func mapKeys(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+v)
	}
	return out
}

// TestLTILineItemCreation: launches whose AGS claim has only the line item container
// (and the lineitem scope) get the link's line item found or created, once per link
// across learners, launches and a restart, and the scores arrive at it; a line item the
// gradebook has for the link already is found, not duplicated.
func TestLTILineItemCreation(t *testing.T) {
	t.Parallel()
	p := newPlatform(t)
	db := tempDB(t)
	s := ltiServer(t, db, p)
	s.mustRegister(t, p)
	p.seedLineItem(emuLineItem{ScoreMaximum: 10, Label: "Another tool's column", ResourceLinkID: "someone-else"})
	existing := p.seedLineItem(emuLineItem{ScoreMaximum: 100, Label: "Made in the gradebook", ResourceLinkID: "link-existing"})

	q := map[string]string{"question": "order-cjs-queues"}
	ann := mustSession(t, p.launch(t, s, setLaunch(p, "ann", "link-new", q, "")))
	bob := mustSession(t, p.launch(t, s, setLaunch(p, "bob", "link-new", nil, "")))
	ann = mustSession(t, p.launch(t, s, setLaunch(p, "ann", "link-new", nil, "")))
	s.answer(t, ann, cjsQueuesWrong)
	s.answer(t, bob, cjsQueuesRight)
	s.answer(t, ann, cjsQueuesRight)
	s.answer(t, bob, cjsQueuesWrong)
	waitFor(t, 10*time.Second, "four scores", func() bool { return len(p.Scores()) >= 4 })
	items, gets, posts := p.LineItems()
	require.Equal(t, 1, posts, "one line item for the link, whatever the learners and launches")
	assert.GreaterOrEqual(t, gets, 1, "looked for before creating")
	require.Len(t, items, 3)
	made := items[2]
	assert.Equal(t, "link-new", made.ResourceLinkID)
	assert.Equal(t, "Event loop drill", made.Label, "labelled with the link's title")
	assert.Equal(t, 100.0, made.ScoreMaximum)
	assert.Equal(t, "order-cjs-queues", made.ResourceID)
	assert.Equal(t, "looplab", made.Tag)
	assert.Equal(t, "application/vnd.ims.lis.v2.lineitem+json", made.ContentType)
	got := scoresAt(p, "3")
	require.Len(t, got, 4, "every score went to the created line item")
	perUser := map[string]int{}
	for _, sc := range got {
		perUser[sc["userId"].(string)]++
	}
	assert.Equal(t, map[string]int{"ann": 2, "bob": 2}, perUser)

	// A link the gradebook has a line item for already: it is found, not created.
	cat := mustSession(t, p.launch(t, s, setLaunch(p, "cat", "link-existing", q, "")))
	s.answer(t, cat, cjsQueuesRight)
	waitFor(t, 10*time.Second, "cat's score", func() bool { return len(scoresAt(p, existing)) == 1 })

	// After a restart the link still knows its line item.
	s.Stop()
	s2 := ltiServer(t, db, p)
	dan := mustSession(t, p.launch(t, s2, setLaunch(p, "dan", "link-new", nil, "")))
	s2.answer(t, dan, cjsQueuesRight)
	waitFor(t, 10*time.Second, "dan's score", func() bool { return len(scoresAt(p, "3")) == 5 })
	_, _, posts = p.LineItems()
	assert.Equal(t, 1, posts, "still one line item created")

	// A launch with no AGS claim at all grades nothing.
	plain := setLaunch(p, "eve", "link-plain", q, "")
	plain.ContainerOnly = false
	eve := mustSession(t, p.launch(t, s2, plain))
	s2.answer(t, eve, cjsQueuesRight)
	time.Sleep(300 * time.Millisecond)
	assert.Len(t, p.Scores(), 6, "no score without AGS")
}
