package quiz_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExplanationTemplates renders every explanation template the graders write (right,
// wrong and partial answers of every kind, both orders of a race) in both languages, and
// checks the prose: no formatting verb or placeholder left, no paragraph or sentence said
// twice, a condition that reads as a clause ("it prints this one when …", never "when
// usual timing"), and Vietnamese that is not the English text.
func TestExplanationTemplates(t *testing.T) {
	t.Parallel()
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	ctx := context.Background()
	type graded struct {
		what string
		g    quiz.Grade
	}
	var all []graded
	for name, tc := range kindCases() {
		v := &quiz.QuestionVersion{ID: versionIDs[name], Content: tc.content}
		for what, answer := range map[string]any{"right": tc.right, "wrong": tc.wrong, "partial": tc.partial} {
			if answer == nil {
				continue
			}
			_, g, err := e.Grade(ctx, v, 1, mustAnswer(t, answer))
			require.NoError(t, err, "%s %s", name, what)
			all = append(all, graded{name + " " + what, g})
		}
	}
	race := orderVersion()
	for i, ans := range [][]string{
		{"sync 1", "sync 2", "nextTick", "promise", "immediate", "timeout"},
		{"sync 1", "sync 2", "nextTick", "promise", "timeout", "immediate"},
	} {
		_, g, err := e.Grade(ctx, race, 7, mustAnswer(t, ans))
		require.NoError(t, err)
		all = append(all, graded{"race outcome " + string(rune('1'+i)), g})
	}
	leftover := regexp.MustCompile(`%!|%[sdvqt]\b|\{\{|\}\}|<nil>|\(\)`)
	sentenceEnd := regexp.MustCompile(`([.!?:])\s+`)
	for _, gr := range all {
		en, vi := gr.g.Explanation.EN, gr.g.Explanation.VI
		require.NotEmpty(t, en, gr.what)
		require.NotEmpty(t, vi, gr.what)
		assert.NotEqual(t, en, vi, "%s: the Vietnamese explanation is translated", gr.what)
		for lang, s := range map[string]string{"en": en, "vi": vi} {
			assert.NotRegexp(t, leftover, s, "%s (%s): a template left unfilled", gr.what, lang)
			assert.NotContains(t, s, "when usual timing", "%s: the condition reads as a clause", gr.what)
			assert.NotContains(t, s, "khi thời điểm thường gặp", "%s: the condition reads as a clause", gr.what)
			seen := map[string]bool{}
			for _, para := range strings.Split(s, "\n\n") {
				for _, sent := range sentenceEnd.Split(para, -1) {
					sent = strings.TrimSpace(sent)
					if len(sent) < 12 { // "Correct", "E" (the test's explanation), list marks
						continue
					}
					assert.False(t, seen[sent], "%s (%s): said twice: %q", gr.what, lang, sent)
					seen[sent] = true
				}
			}
		}
		if gr.g.MisconceptionText != nil {
			for _, w := range []string{gr.g.MisconceptionText.EN, gr.g.MisconceptionText.VI} {
				assert.Regexp(t, `^[a-zà-ỹđ]`, w, "%s: misconception words continue a sentence (\"It looks as if you …\")", gr.what)
				assert.NotRegexp(t, `[.!?]$`, w, "%s: the page ends the sentence", gr.what)
			}
		}
	}
	var racy []string
	for _, gr := range all {
		if strings.HasPrefix(gr.what, "race") {
			racy = append(racy, gr.g.Explanation.EN)
		}
	}
	assert.Contains(t, racy[0], "it prints this one with the usual timing (")
	assert.Contains(t, racy[1], "it prints this one when ")
}
