package quiz_test

import (
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
)

func TestRatingOf(t *testing.T) {
	t.Parallel()
	assert.Equal(t, quiz.Again, quiz.RatingOf(0, 0))
	assert.Equal(t, quiz.Again, quiz.RatingOf(0.49, 0))
	assert.Equal(t, quiz.Hard, quiz.RatingOf(0.8, 0))
	assert.Equal(t, quiz.Hard, quiz.RatingOf(1, 1), "hints lower the grade")
	assert.Equal(t, quiz.Good, quiz.RatingOf(1, 0))
}

// TestSchedulerIntervals: successes stretch the interval, a lapse shrinks it, and the
// grades order the intervals Hard < Good < Easy.
func TestSchedulerIntervals(t *testing.T) {
	t.Parallel()
	s := quiz.DefaultScheduler()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var st *quiz.ReviewState
	var last time.Duration
	for i := 0; i < 5; i++ {
		next := s.Review(st, quiz.Good, 1, now)
		iv := next.Due.Sub(now)
		assert.Greater(t, iv, last, "review %d", i)
		assert.InDelta(t, 0.9, next.Retrievability(next.Due), 0.05, "due when recall falls to ~90%%")
		last, st, now = iv, &next, next.Due
	}
	lapse := s.Review(st, quiz.Again, 0, now)
	assert.Less(t, lapse.Due.Sub(now), last)
	assert.Less(t, lapse.Stability, st.Stability)
	assert.Equal(t, 1, lapse.Lapses)
	assert.Greater(t, lapse.Difficulty, st.Difficulty)
	h, g, e := s.Review(st, quiz.Hard, 0.7, now), s.Review(st, quiz.Good, 1, now), s.Review(st, quiz.Easy, 1, now)
	assert.Less(t, h.Stability, g.Stability)
	assert.Less(t, g.Stability, e.Stability)
	assert.Equal(t, 0.0, (*quiz.ReviewState)(nil).Retrievability(now))
}
