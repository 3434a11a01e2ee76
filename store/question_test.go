package store_test

import (
	"context"
	"testing"

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
func TestPublishChecksContent(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := context.Background()
	qs := store.NewQuestionService(db)
	q := &quiz.Question{Slug: "q", OwnerID: 1, Content: orderContent("checked")}
	require.NoError(t, qs.CreateQuestion(ctx, q))
	checked := q.Content
	_, err := qs.UpdateQuestionContent(ctx, q.ID, orderContent("edited meanwhile"))
	require.NoError(t, err)
	_, err = qs.PublishQuestion(ctx, q.ID, checked)
	assert.Equal(t, quiz.ECONFLICT, quiz.ErrorCode(err))
	v, err := qs.PublishQuestion(ctx, q.ID, orderContent("edited meanwhile"))
	require.NoError(t, err)
	assert.Equal(t, "edited meanwhile", v.Content.Title.EN)
}
