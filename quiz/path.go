package quiz

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"
)

// Path is the order a learner meets the topics in, from the first principles to the hard
// ones: each step has a short lesson and the topics whose questions practise it. Next
// serves new questions step by step along it (due reviews still come first), so a new
// learner starts at the beginning; topics no step names come after the last step.
type Path struct {
	Steps []PathStep `json:"steps"`
}

// PathStep is one step of the path.
type PathStep struct {
	Slug   string   `json:"slug"`
	Title  Text     `json:"title"`
	Lesson Text     `json:"lesson"`
	Topics []string `json:"topics"`
	// Source is the passage of a seed the lesson is drawn from.
	Source *Source `json:"source,omitempty"`
}

// Validate checks that every step has a slug, a title and a lesson in both languages and
// at least one topic, and that no slug or topic appears twice.
func (p *Path) Validate() error {
	var errs []error
	slugs, topics := map[string]bool{}, map[string]string{}
	for i, s := range p.Steps {
		at := fmt.Sprintf("steps[%d]", i)
		switch {
		case s.Slug == "":
			errs = append(errs, fmt.Errorf("%s.slug: is empty", at))
		case slugs[s.Slug]:
			errs = append(errs, fmt.Errorf("%s.slug: %q is used twice", at, s.Slug))
		}
		slugs[s.Slug] = true
		for field, t := range map[string]Text{"title": s.Title, "lesson": s.Lesson} {
			if t.EN == "" || t.VI == "" {
				errs = append(errs, fmt.Errorf("%s.%s: needs both en and vi", at, field))
			}
		}
		if len(s.Topics) == 0 {
			errs = append(errs, fmt.Errorf("%s.topics: is empty", at))
		}
		for _, t := range s.Topics {
			if other, ok := topics[t]; ok {
				errs = append(errs, fmt.Errorf("%s.topics: %q is also in step %q", at, t, other))
			}
			topics[t] = s.Slug
		}
	}
	return errors.Join(errs...)
}

// stepOf returns the index of the step that holds topic, or len(p.Steps) for a topic
// off the path (a nil path has no steps: every topic is off it).
func (p *Path) stepOf(topic string) int {
	if p == nil {
		return 0
	}
	for i, s := range p.Steps {
		if slices.Contains(s.Topics, topic) {
			return i
		}
	}
	return len(p.Steps)
}

// StepStanding is a learner's standing on one step of the path.
type StepStanding struct {
	PathStep
	Questions int     `json:"questions"`
	Attempted int     `json:"attempted"`
	Due       int     `json:"due"`
	Mastery   float64 `json:"mastery"`
}

// PathProgress is a learner's way along the path: every step with its standing, and
// Current, the slug of the learner's next step (the first with a question never
// attempted; the last step once all are).
type PathProgress struct {
	LearnerID int64          `json:"learner_id"`
	Steps     []StepStanding `json:"steps"`
	Current   string         `json:"current"`
}

// PathProgress computes a learner's standing on every step of the path at now.
func (p *Practice) PathProgress(ctx context.Context, learnerID int64, now time.Time) (*PathProgress, error) {
	_, topics, err := p.reviewsAndTopics(ctx, learnerID, now)
	if err != nil {
		return nil, err
	}
	by := map[string]TopicMastery{}
	for _, t := range topics {
		by[t.Topic] = t
	}
	out := &PathProgress{LearnerID: learnerID, Steps: []StepStanding{}}
	if p.Path == nil {
		return out, nil
	}
	for _, s := range p.Path.Steps {
		st := StepStanding{PathStep: s}
		var weighted float64
		for _, topic := range s.Topics {
			t := by[topic]
			st.Questions += t.Questions
			st.Attempted += t.Attempted
			st.Due += t.Due
			weighted += t.Mastery * float64(max(t.Questions, t.Attempted))
		}
		if n := max(st.Questions, st.Attempted); n > 0 {
			st.Mastery = weighted / float64(n)
		}
		if out.Current == "" && st.Attempted < st.Questions {
			out.Current = s.Slug
		}
		out.Steps = append(out.Steps, st)
	}
	if out.Current == "" && len(out.Steps) > 0 {
		out.Current = out.Steps[len(out.Steps)-1].Slug
	}
	return out, nil
}

// newAlongPath returns up to limit questions the learner has never attempted, in the
// path's order: the steps in turn, each step's questions easiest first, then the topics
// off the path one by one from the weakest on (topics is weakest first).
func (p *Practice) newAlongPath(ctx context.Context, learnerID int64, topics []TopicMastery, limit int) ([]NextItem, error) {
	order := make([]TopicMastery, 0, len(topics))
	for _, t := range topics {
		if t.Attempted < t.Questions {
			order = append(order, t)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return p.Path.stepOf(order[i].Topic) < p.Path.stepOf(order[j].Topic) })
	var out []NextItem
	for _, batch := range p.stepBatches(order) {
		if len(out) == limit {
			break
		}
		step := p.stepSlug(p.Path.stepOf(batch[0].Topic))
		var items []NextItem
		for _, t := range batch {
			qs, err := p.Store.UnseenQuestions(ctx, learnerID, t.Topic, limit-len(out))
			if err != nil {
				return nil, err
			}
			for _, q := range qs {
				items = append(items, NextItem{QuestionRef: q, Reason: "new", TopicMastery: t.Mastery, Step: step})
			}
		}
		sort.SliceStable(items, func(a, b int) bool { return items[a].Difficulty < items[b].Difficulty })
		out = append(out, items[:min(len(items), limit-len(out))]...)
	}
	return out, nil
}

// stepBatches groups topics (in the path's order) by step: the topics of one step
// together, each topic off the path alone.
func (p *Practice) stepBatches(topics []TopicMastery) [][]TopicMastery {
	var out [][]TopicMastery
	for k, t := range topics {
		s := p.Path.stepOf(t.Topic)
		if k > 0 && p.stepSlug(s) != "" && s == p.Path.stepOf(topics[k-1].Topic) {
			out[len(out)-1] = append(out[len(out)-1], t)
			continue
		}
		out = append(out, []TopicMastery{t})
	}
	return out
}

// stepSlug is the slug of step i, or "" off the path.
func (p *Practice) stepSlug(i int) string {
	if p.Path == nil || i >= len(p.Path.Steps) {
		return ""
	}
	return p.Path.Steps[i].Slug
}
