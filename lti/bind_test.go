package lti_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBindLinkWritesNothingRefused: BindLink of a link that ends up bound to nothing
// (or to a question that does not exist) rolls back, leaving no context, link or grade
// target; an ungraded binding records the link but no grade target.
func TestBindLinkWritesNothingRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openDB(t)
	st := store.NewLTIStore(db)
	p := &lti.Platform{Name: "p", Issuer: "https://lms.example", ClientID: "c", DeploymentIDs: []string{"d"}}
	require.NoError(t, st.CreatePlatform(ctx, p))
	l := &quiz.Learner{ExternalID: "https://lms.example#u", Name: "u"}
	require.NoError(t, store.NewLearnerService(db).CreateLearner(ctx, l))
	b := lti.LinkBinding{PlatformID: p.ID, DeploymentID: "d", ResourceLinkID: "L", ContextID: "course", LearnerID: l.ID, UserSub: "u"}

	_, err := st.BindLink(ctx, b)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "a link bound to nothing")
	b.QuestionID = 987654
	_, err = st.BindLink(ctx, b)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "a question that does not exist")
	_, err = st.FindLink(ctx, p.ID, "d", "L")
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "no link")
	cs, err := st.FindContexts(ctx, 0, 10)
	require.NoError(t, err)
	assert.Empty(t, cs, "no context")

	b.QuestionID, b.Set, b.Ungraded = 0, &lti.LinkSet{Kind: lti.SetTopic, Key: "t"}, true
	bound, err := st.BindLink(ctx, b)
	require.NoError(t, err)
	link, err := st.FindLink(ctx, p.ID, "d", "L")
	require.NoError(t, err)
	assert.Equal(t, &lti.BoundLink{LinkID: bound.LinkID, SetKind: lti.SetTopic, SetKey: "t"}, link)
	_, err = st.FindGradeTarget(ctx, 1)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err), "an ungraded launch makes no grade target")
	b.Set, b.Ungraded = nil, false
	_, err = st.BindLink(ctx, b)
	require.NoError(t, err)
	g, err := st.FindGradeTarget(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, bound.LinkID, g.LinkID)
}

// openDB opens a migrated database in a file under t.TempDir(), closed at cleanup.
func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lti.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}
