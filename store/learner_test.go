package store_test

import (
	"context"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLearnerService(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db := MustOpenDB(t)
		s := store.NewLearnerService(db)
		l := &quiz.Learner{ExternalID: " lms-42 ", Name: "Lan", Locale: "vi"}
		require.NoError(t, s.CreateLearner(ctx, l))
		assert.Positive(t, l.ID)
		assert.Equal(t, fixedNow, l.CreatedAt)
		got, err := s.FindLearnerByID(ctx, l.ID)
		require.NoError(t, err)
		assert.Equal(t, l, got)
		assert.Equal(t, "lms-42", got.ExternalID)
	})
	t.Run("ErrExternalIDTaken", func(t *testing.T) {
		t.Parallel()
		db := MustOpenDB(t)
		MustCreateLearner(t, db, "x")
		err := store.NewLearnerService(db).CreateLearner(ctx, &quiz.Learner{ExternalID: "x"})
		assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		t.Parallel()
		db := MustOpenDB(t)
		err := store.NewLearnerService(db).CreateLearner(ctx, &quiz.Learner{Locale: "fr"})
		assert.Equal(t, quiz.EINVALID, quiz.ErrorCode(err))
		assert.Len(t, quiz.ErrorFields(err), 2)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		t.Parallel()
		_, err := store.NewLearnerService(MustOpenDB(t)).FindLearnerByID(ctx, 99)
		assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
	})
	t.Run("Pages", func(t *testing.T) {
		t.Parallel()
		db := MustOpenDB(t)
		for _, id := range []string{"a", "b", "c"} {
			MustCreateLearner(t, db, id)
		}
		s := store.NewLearnerService(db)
		first, err := s.FindLearners(ctx, quiz.LearnerFilter{Limit: 2})
		require.NoError(t, err)
		require.Len(t, first, 2)
		rest, err := s.FindLearners(ctx, quiz.LearnerFilter{After: first[1].ID, Limit: 2})
		require.NoError(t, err)
		require.Len(t, rest, 1)
		assert.Equal(t, "c", rest[0].ExternalID)
		one, err := s.FindLearners(ctx, quiz.LearnerFilter{ExternalID: "b"})
		require.NoError(t, err)
		require.Len(t, one, 1)
	})
}
