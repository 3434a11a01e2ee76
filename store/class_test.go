package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClassJoin: a class takes learners by its code up to its size, new ones (made here,
// with a class external id) and existing ones (once); closed or full, it refuses with
// the reason; concurrent joins never overfill it.
func TestClassJoin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := MustOpenDB(t)
	cs := store.NewClassService(db)
	c := &quiz.Class{Name: "  Autumn  ", OwnerKeyID: 7, MaxLearners: 5}
	require.NoError(t, cs.CreateClass(ctx, c))
	assert.Equal(t, "Autumn", c.Name)
	code, ok := quiz.JoinCode(c.Code)
	require.True(t, ok)
	assert.Equal(t, c.Code, code)

	_, err := cs.JoinClass(ctx, "ZZZZ-ZZZZ", &quiz.Learner{Name: "x", Locale: "en"})
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))

	ann := &quiz.Learner{Name: "Ann", Locale: "vi"}
	got, err := cs.JoinClass(ctx, c.Code, ann)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Learners)
	assert.Regexp(t, fmt.Sprintf(`^class:%d:[0-9a-f]{18}$`, c.ID), ann.ExternalID)
	lms := MustCreateLearner(t, db, "lms-1")
	for range 2 { // an existing learner joins once
		_, err = cs.JoinClass(ctx, c.Code, lms)
		require.NoError(t, err)
	}
	// Three seats left, eight learners at once: three get in.
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := cs.JoinClass(ctx, c.Code, &quiz.Learner{Name: fmt.Sprint("L", i), Locale: "en"})
			if err != nil {
				assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err), err)
				assert.Contains(t, quiz.ErrorMessage(err), "it takes 5 learners")
				mu.Lock()
				refused++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 5, refused)
	members, err := cs.ClassMembers(ctx, c.ID)
	require.NoError(t, err)
	require.Len(t, members, 5)
	assert.Equal(t, "Ann", members[0].Name)
	assert.Equal(t, lms.ID, members[1].ID)
	again, err := cs.FindClassByID(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, 5, again.Learners)

	again.JoinOpen, again.MaxLearners = false, 10
	require.NoError(t, cs.UpdateClass(ctx, again))
	_, err = cs.JoinClass(ctx, c.Code, &quiz.Learner{Name: "Late", Locale: "en"})
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	assert.Contains(t, quiz.ErrorMessage(err), "closed to new learners")

	other := &quiz.Class{Name: "Spring", OwnerKeyID: 8, MaxLearners: 5}
	require.NoError(t, cs.CreateClass(ctx, other))
	_, err = cs.JoinClass(ctx, other.Code, lms)
	require.NoError(t, err)
	classes, err := cs.LearnerClasses(ctx, lms.ID)
	require.NoError(t, err)
	require.Len(t, classes, 2)
	mine, err := cs.FindClasses(ctx, quiz.ClassFilter{OwnerKeyID: 8})
	require.NoError(t, err)
	require.Len(t, mine, 1)
	assert.Equal(t, "Spring", mine[0].Name)
	all, err := cs.FindClasses(ctx, quiz.ClassFilter{All: true})
	require.NoError(t, err)
	assert.Len(t, all, 2)
}
