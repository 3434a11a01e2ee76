package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLinkSets: a link bound to a set keeps the questions it was bound with when
// launched again with the same set (even after the topic grew) or without custom
// parameters, takes the new questions of another set, and leaves the set for a single
// question; its line item survives launches that send only the container.
func TestLinkSets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := MustOpenDB(t)
	st := store.NewLTIStore(db)
	learner := MustCreateLearner(t, db, "u1")
	p := &lti.Platform{Name: "p", Issuer: "https://lms.example", ClientID: "c", DeploymentIDs: []string{"d"}}
	require.NoError(t, st.CreatePlatform(ctx, p))
	versions := map[int64]*quiz.QuestionVersion{}
	question := func(slug, topic string, difficulty int) int64 {
		v := MustBankQuestion(t, db, slug, topic, difficulty)
		versions[v.QuestionID] = v
		return v.QuestionID
	}
	a, b, c := question("a", "alpha", 2), question("b", "alpha", 1), question("c", "gamma", 1)

	ids, err := st.TopicQuestionIDs(ctx, "alpha")
	require.NoError(t, err)
	assert.Equal(t, []int64{b, a}, ids, "easiest first")
	ref, err := st.FindQuestionRef(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, &lti.QuestionRef{ID: c, Slug: "c", Published: true}, ref)
	_, err = st.FindQuestionRef(ctx, "999")
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))

	base := lti.LinkBinding{PlatformID: p.ID, DeploymentID: "d", ResourceLinkID: "L", LearnerID: learner.ID, UserSub: "s",
		CanScore: true, LineItemsURL: "https://lms.example/lineitems"}
	bind := func(set *lti.LinkSet, qid int64) *lti.BoundLink {
		b := base
		b.Set, b.QuestionID = set, qid
		bound, err := st.BindLink(ctx, b)
		require.NoError(t, err)
		return bound
	}
	bound := bind(&lti.LinkSet{Kind: lti.SetTopic, Key: "alpha", QuestionIDs: []int64{b, a}}, 0)
	assert.Equal(t, []int64{b, a}, bound.Set)
	assert.Zero(t, bound.QuestionID)
	assert.Equal(t, []int64{b, a}, bind(nil, 0).Set, "no custom parameters: the set bound before")
	d := question("d", "alpha", 1)
	assert.Equal(t, []int64{b, a}, bind(&lti.LinkSet{Kind: lti.SetTopic, Key: "alpha", QuestionIDs: []int64{b, d, a}}, 0).Set,
		"the same topic again keeps the questions the learners started with")
	assert.Equal(t, []int64{c, a}, bind(&lti.LinkSet{Kind: lti.SetList, Key: "c,a", QuestionIDs: []int64{c, a}}, 0).Set)

	// The line item found or created for the link is kept by container-only launches.
	stored, err := st.SetLineItem(ctx, bound.LinkID, "https://lms.example/lineitems/1")
	require.NoError(t, err)
	assert.Equal(t, "https://lms.example/lineitems/1", stored)
	stored, err = st.SetLineItem(ctx, bound.LinkID, "https://lms.example/lineitems/2")
	require.NoError(t, err)
	assert.Equal(t, "https://lms.example/lineitems/1", stored, "the first one stored wins")
	bind(nil, 0)
	g, err := st.FindGradeTarget(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, "https://lms.example/lineitems/1", g.LineItemURL)
	assert.Equal(t, lti.SetList, g.SetKind)

	// Attempts at the set's questions queue set scores in their own transaction;
	// progress counts the attempts up to the one a score reports.
	attempts := store.NewAttemptService(db)
	try := func(q int64, no int, score float64) int64 {
		at := &quiz.Attempt{LearnerID: learner.ID, QuestionID: q, VersionID: versions[q].ID, AttemptNo: no, Seed: 1, Answer: json.RawMessage(`[]`),
			Grade: quiz.Grade{Score: score, Verdict: quiz.VerdictOf(score), Expected: json.RawMessage(`null`)}}
		_, err := attempts.CreateAttempt(ctx, at)
		require.NoError(t, err)
		return at.ID
	}
	first := try(a, 1, 0.5)
	try(b, 1, 1) // not in the set
	second := try(c, 1, 0.25)
	third := try(a, 2, 0.75)
	msgs, err := store.NewOutboxStore(db).Claim(ctx, fixedNow.Add(1), fixedNow.Add(1), 10)
	require.NoError(t, err)
	require.Len(t, msgs, 1, "one message at a time per learner")
	assert.Equal(t, outbox.EventSetGraded, msgs[0].Event)
	assert.Equal(t, first, msgs[0].SubjectID)
	for through, want := range map[int64]lti.SetProgress{
		first:  {Questions: 2, Answered: 1, BestSum: 0.5},
		second: {Questions: 2, Answered: 2, BestSum: 0.75},
		third:  {Questions: 2, Answered: 2, BestSum: 1},
	} {
		got, err := st.SetProgress(ctx, bound.LinkID, learner.ID, through)
		require.NoError(t, err)
		assert.Equal(t, want, got, "through attempt %d", through)
	}

	// A single question replaces the set.
	single := bind(nil, b)
	assert.Equal(t, b, single.QuestionID)
	assert.Empty(t, single.Set)
	g, err = st.FindGradeTarget(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, "b", g.QuestionSlug)
	assert.Empty(t, g.SetKind)
}
