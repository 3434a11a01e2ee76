package content_test

import (
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPathCoversTheBank checks the built-in path: every topic of the bank is on it, every
// step has questions, its lesson cites a section of a seed, and the first step starts
// with the easiest questions.
func TestPathCoversTheBank(t *testing.T) {
	t.Parallel()
	p, err := content.Path()
	require.NoError(t, err)
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	byTopic := map[string][]int{}
	for _, it := range items {
		byTopic[it.Content.Topic] = append(byTopic[it.Content.Topic], it.Content.Difficulty)
	}
	onPath := map[string]bool{}
	for _, s := range p.Steps {
		n := 0
		for _, topic := range s.Topics {
			onPath[topic] = true
			n += len(byTopic[topic])
		}
		assert.Positive(t, n, "step %s has questions", s.Slug)
		if assert.NotNil(t, s.Source, s.Slug) {
			assertSeedPassage(t, "path.yaml "+s.Slug, s.Source)
		}
	}
	for topic := range byTopic {
		assert.True(t, onPath[topic], "topic %s is on the path", topic)
	}
	assert.Equal(t, []string{"sync-callbacks"}, p.Steps[0].Topics)
	for _, d := range byTopic["sync-callbacks"] {
		assert.Equal(t, 1, d, "the first step's questions are the easiest")
	}
}

func TestParsePathNamesTheField(t *testing.T) {
	t.Parallel()
	_, err := content.ParsePath([]byte("steps:\n  - slug: a\n    topics: [x]\n    title: {en: A}\n    lesson: {en: L, vi: L}\n  - slug: a\n    topics: [x]\n    title: {en: B, vi: B}\n    lesson: {en: L, vi: L}\n    colour: red\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "colour: unknown field")
	_, err = content.ParsePath([]byte("steps:\n  - slug: a\n    topics: [x]\n    title: {en: A}\n    lesson: {en: L, vi: L}\n  - slug: a\n    topics: [x]\n    title: {en: B, vi: B}\n    lesson: {en: L, vi: L}\n"))
	require.Error(t, err)
	for _, want := range []string{"steps[0].title: needs both en and vi", `steps[1].slug: "a" is used twice`, `steps[1].topics: "x" is also in step "a"`} {
		assert.Contains(t, err.Error(), want)
	}
}
