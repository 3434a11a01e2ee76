package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// orderContent is a valid order question's content (topic timers, difficulty 1).
func orderContent(title string) quiz.Content {
	return quiz.Content{Topic: "timers", Kind: "order", Difficulty: 1, Title: quiz.Text{EN: title},
		Prompt: quiz.Text{EN: "?"}, Module: "cjs", Program: "console.log(1)\nconsole.log(2)\n"}
}

// TestImportQuestionsAllOrNothing checks that an import stores every question or none:
// a slug that names another question than the one checked makes the whole import fail,
// the questions before it included.
func TestImportQuestionsAllOrNothing(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	qs := store.NewQuestionService(db)
	taken := &quiz.Question{Slug: "taken", OwnerID: 1, Content: orderContent("taken")}
	require.NoError(t, qs.CreateQuestion(ctx, taken))

	_, err := qs.ImportQuestions(ctx, 1, []quiz.QuestionImport{
		{Slug: "fresh", Content: orderContent("fresh")},
		{Slug: "taken", Content: orderContent("taken again")}, // checked as new, but it exists
	}, true)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	all, err := qs.FindQuestions(ctx, quiz.QuestionFilter{AllDrafts: true, Limit: 10})
	require.NoError(t, err)
	require.Len(t, all, 1, "the first question of the failed import is not stored")
	assert.Equal(t, "taken", all[0].Content.Title.EN)

	done, err := qs.ImportQuestions(ctx, 1, []quiz.QuestionImport{
		{Slug: "fresh", Content: orderContent("fresh")},
		{Slug: "taken", Content: orderContent("taken again"), ID: taken.ID},
	}, true)
	require.NoError(t, err)
	require.Len(t, done, 2)
	assert.Equal(t, quiz.QuestionImported{QuestionID: done[0].QuestionID, Action: "created", Version: 1, Published: true}, done[0])
	assert.Equal(t, quiz.QuestionImported{QuestionID: taken.ID, Action: "updated", Version: 1, Published: true}, done[1])
	again, err := qs.ImportQuestions(ctx, 1, []quiz.QuestionImport{{Slug: "fresh", Content: orderContent("fresh"), ID: done[0].QuestionID}}, true)
	require.NoError(t, err)
	assert.Equal(t, quiz.QuestionImported{QuestionID: done[0].QuestionID, Action: "unchanged", Version: 1}, again[0])
}

// TestPublishChecksContent checks that a question is published only as it was checked:
// an edit between the check and the publish is a conflict, not an unchecked version.
// TestUpdateIsACompareAndSet: an edit made on a copy read before another edit is
// refused (EPRECONDITION) and stores nothing; one made on the latest copy is stored.
func TestUpdateIsACompareAndSet(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	qs := store.NewQuestionService(db)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { clock = clock.Add(time.Millisecond); return clock }
	q := &quiz.Question{Slug: "cas", OwnerID: 1, Content: orderContent("first")}
	require.NoError(t, qs.CreateQuestion(ctx, q))
	a, err := qs.UpdateQuestionContent(ctx, q.ID, orderContent("second"), q.UpdatedAt)
	require.NoError(t, err)
	_, err = qs.UpdateQuestionContent(ctx, q.ID, orderContent("lost"), q.UpdatedAt)
	assert.Equal(t, quiz.EPRECONDITION, quiz.ErrorCode(err))
	got, err := qs.FindQuestionByID(ctx, q.ID)
	require.NoError(t, err)
	assert.Equal(t, "second", got.Content.Title.EN)
	_, err = qs.UpdateQuestionContent(ctx, q.ID, orderContent("third"), a.UpdatedAt)
	require.NoError(t, err)
	_, err = qs.UpdateQuestionContent(ctx, 999, orderContent("x"), a.UpdatedAt)
	assert.Equal(t, quiz.ENOTFOUND, quiz.ErrorCode(err))
}

func TestPublishChecksContent(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	qs := store.NewQuestionService(db)
	q := &quiz.Question{Slug: "q", OwnerID: 1, Content: orderContent("checked")}
	require.NoError(t, qs.CreateQuestion(ctx, q))
	checked := q.Content
	_, err := qs.UpdateQuestionContent(ctx, q.ID, orderContent("edited meanwhile"), time.Time{})
	require.NoError(t, err)
	_, err = qs.PublishQuestion(ctx, q.ID, checked)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	v, err := qs.PublishQuestion(ctx, q.ID, orderContent("edited meanwhile"))
	require.NoError(t, err)
	assert.Equal(t, "edited meanwhile", v.Content.Title.EN)
}
