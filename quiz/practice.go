package quiz

import (
	"context"
	"sort"
	"time"
)

// PracticeService stores what practice needs besides attempts: each learner's review
// states (written with the attempt, see Attempt.Schedule) and a few aggregates.
type PracticeService interface {
	// FindReviews returns a learner's review states with their questions.
	FindReviews(ctx context.Context, learnerID int64) ([]*ReviewState, error)
	// TopicSizes counts the published questions of every topic.
	TopicSizes(ctx context.Context) (map[string]int, error)
	// UnseenQuestions returns up to limit published questions of a topic the learner
	// has never attempted, easiest first.
	UnseenQuestions(ctx context.Context, learnerID int64, topic string, limit int) ([]QuestionRef, error)
	// ActivityDays lists the UTC days (YYYY-MM-DD) on which the learner answered, newest
	// first, at most limit.
	ActivityDays(ctx context.Context, learnerID int64, limit int) ([]string, error)
	// RecentVerdicts lists the learner's latest verdicts, newest first, at most limit.
	RecentVerdicts(ctx context.Context, learnerID int64, limit int) ([]Verdict, error)
	// FailedAttempts counts a learner's attempts at a question that were not correct.
	FailedAttempts(ctx context.Context, learnerID, questionID int64) (int, error)
}

// Practice is the practice loop: progress (history, mastery per topic, streaks), what to
// practise next, and hints.
type Practice struct {
	Store     PracticeService
	Scheduler Scheduler
	// Path orders the new questions Next serves; nil serves them from the weakest topic.
	Path *Path
}

// Review returns the review state a graded attempt at now moves a learner's state of a
// question on to, from prev (AttemptState.Review; nil before the first review). The
// store keeps it with the attempt (Attempt.Review).
func (p *Practice) Review(prev *ReviewState, g Grade, hintsUsed int, now time.Time) *ReviewState {
	next := p.Scheduler.Review(prev, RatingOf(g.Score, hintsUsed), g.Score, now)
	return &next
}

// HintsUnlocked is how many of a question's hints a learner may see: one more after
// each attempt that was not correct.
func HintsUnlocked(failedAttempts, hints int) int { return min(failedAttempts, hints) }

// TopicMastery is a learner's mastery of one topic: the sum over the topic's questions
// of the last score times the current recall probability, over the number of published
// questions in the topic (questions never attempted count 0). It lies in 0..1.
type TopicMastery struct {
	Topic     string  `json:"topic"`
	Mastery   float64 `json:"mastery"`
	Questions int     `json:"questions"`
	Attempted int     `json:"attempted"`
	Due       int     `json:"due"`
}

// Progress is a learner's standing.
type Progress struct {
	LearnerID int64          `json:"learner_id"`
	Topics    []TopicMastery `json:"topics"`
	// StreakDays counts consecutive UTC days with an answer, ending today or yesterday;
	// LongestStreakDays the longest such run; CorrectStreak the latest run of correct
	// answers.
	StreakDays        int       `json:"streak_days"`
	LongestStreakDays int       `json:"longest_streak_days"`
	CorrectStreak     int       `json:"correct_streak"`
	Reviewed          int       `json:"reviewed"`
	Due               int       `json:"due"`
	Now               time.Time `json:"now"`
}

// reviewsAndTopics reads a learner's review states and their mastery of each topic at now.
func (p *Practice) reviewsAndTopics(ctx context.Context, learnerID int64, now time.Time) ([]*ReviewState, []TopicMastery, error) {
	reviews, err := p.Store.FindReviews(ctx, learnerID)
	if err != nil {
		return nil, nil, err
	}
	sizes, err := p.Store.TopicSizes(ctx)
	if err != nil {
		return nil, nil, err
	}
	return reviews, mastery(reviews, sizes, now), nil
}

// Progress computes a learner's progress at now.
func (p *Practice) Progress(ctx context.Context, learnerID int64, now time.Time) (*Progress, error) {
	reviews, topics, err := p.reviewsAndTopics(ctx, learnerID, now)
	if err != nil {
		return nil, err
	}
	out := &Progress{LearnerID: learnerID, Topics: topics, Reviewed: len(reviews), Now: now}
	for _, t := range out.Topics {
		out.Due += t.Due
	}
	days, err := p.Store.ActivityDays(ctx, learnerID, 3660)
	if err != nil {
		return nil, err
	}
	out.StreakDays, out.LongestStreakDays = streaks(days, now)
	verdicts, err := p.Store.RecentVerdicts(ctx, learnerID, 1000)
	if err != nil {
		return nil, err
	}
	for _, v := range verdicts {
		if v != VerdictCorrect {
			break
		}
		out.CorrectStreak++
	}
	return out, nil
}

// mastery computes every topic's mastery, weakest first (ties by name).
func mastery(reviews []*ReviewState, sizes map[string]int, now time.Time) []TopicMastery {
	by := map[string]*TopicMastery{}
	get := func(topic string) *TopicMastery {
		if by[topic] == nil {
			by[topic] = &TopicMastery{Topic: topic, Questions: sizes[topic]}
		}
		return by[topic]
	}
	for topic := range sizes {
		get(topic)
	}
	sum := map[string]float64{}
	for _, r := range reviews {
		t := get(r.Question.Topic)
		t.Attempted++
		sum[r.Question.Topic] += r.LastScore * r.Retrievability(now)
		if !r.Due.After(now) {
			t.Due++
		}
	}
	out := make([]TopicMastery, 0, len(by))
	for topic, t := range by {
		if n := max(t.Questions, t.Attempted); n > 0 {
			t.Mastery = sum[topic] / float64(n)
		}
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Mastery != out[j].Mastery {
			return out[i].Mastery < out[j].Mastery
		}
		return out[i].Topic < out[j].Topic
	})
	return out
}

// streaks returns the current and the longest run of consecutive days in days (newest
// first); the current run must reach today or yesterday.
func streaks(days []string, now time.Time) (current, longest int) {
	var prev time.Time
	run := 0
	for i, d := range days {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			continue
		}
		if i > 0 && prev.Sub(t) == day {
			run++
		} else {
			run = 1
		}
		longest = max(longest, run)
		if i == run-1 { // still in the newest run
			current = run
		}
		prev = t
	}
	today := now.UTC().Truncate(day)
	if len(days) > 0 {
		if t, err := time.Parse(time.DateOnly, days[0]); err != nil || today.Sub(t) > day {
			current = 0
		}
	}
	return current, longest
}

// NextItem is one question to practise and why.
type NextItem struct {
	QuestionRef
	// Reason is "due" (a review that is due), "new" (never attempted, from the weakest
	// topic that has some) or "ahead" (nothing is due or new: the next review, early).
	Reason         string     `json:"reason"`
	Due            *time.Time `json:"due"`
	Retrievability *float64   `json:"retrievability"`
	TopicMastery   float64    `json:"topic_mastery"`
	// Step is the slug of the path's step a new question belongs to ("" off the path).
	Step string `json:"step,omitempty"`
}

// Next returns up to limit questions to practise at now: the due reviews first, the
// least likely to be recalled first; then questions never attempted, along the path
// (newAlongPath); then, when nothing is due or new, the reviews coming due soonest.
func (p *Practice) Next(ctx context.Context, learnerID int64, now time.Time, limit int) ([]NextItem, error) {
	reviews, topics, err := p.reviewsAndTopics(ctx, learnerID, now)
	if err != nil {
		return nil, err
	}
	level := map[string]float64{}
	for _, t := range topics {
		level[t.Topic] = t.Mastery
	}
	item := func(r *ReviewState, reason string) NextItem {
		due, rr := r.Due, r.Retrievability(now)
		return NextItem{QuestionRef: r.Question, Reason: reason, Due: &due, Retrievability: &rr, TopicMastery: level[r.Question.Topic],
			Step: p.stepSlug(p.Path.stepOf(r.Question.Topic))}
	}
	var due, ahead []*ReviewState
	for _, r := range reviews {
		if r.Due.After(now) {
			ahead = append(ahead, r)
		} else {
			due = append(due, r)
		}
	}
	sort.SliceStable(due, func(i, j int) bool { return due[i].Retrievability(now) < due[j].Retrievability(now) })
	out := []NextItem{}
	for _, r := range due {
		if len(out) == limit {
			return out, nil
		}
		out = append(out, item(r, "due"))
	}
	fresh, err := p.newAlongPath(ctx, learnerID, topics, limit-len(out))
	if err != nil {
		return nil, err
	}
	out = append(out, fresh...)
	if len(out) > 0 {
		return out, nil
	}
	sort.SliceStable(ahead, func(i, j int) bool { return ahead[i].Due.Before(ahead[j].Due) })
	for _, r := range ahead {
		if len(out) == limit {
			break
		}
		out = append(out, item(r, "ahead"))
	}
	return out, nil
}
