package quiz

import (
	"context"
	"slices"
	"sort"
)

// CohortService reads what a group of learners did: the learners of an LMS course, and
// every attempt of a set of learners.
type CohortService interface {
	// ContextLearners lists the learners launched from an LMS course (an LTI context);
	// ENOTFOUND if there is no such course.
	ContextLearners(ctx context.Context, contextID int64) ([]*Learner, error)
	// CohortAttempts returns every attempt of the learners, oldest first.
	CohortAttempts(ctx context.Context, learnerIDs []int64) ([]*Attempt, error)
}

// CohortReport is how a group of learners is doing: each learner's progress per
// question, and the misconceptions most common across the group, with the trace steps
// that cause them.
type CohortReport struct {
	Learners       []CohortLearner       `json:"learners"`
	Questions      []CohortQuestion      `json:"questions"`
	Cells          []CohortCell          `json:"cells"`
	Misconceptions []CohortMisconception `json:"misconceptions"`
}

// CohortLearner is one learner of the group and how far they have come.
type CohortLearner struct {
	ID         int64  `json:"id"`
	ExternalID string `json:"external_id"`
	Name       string `json:"name"`
	// Guest marks a guest learner (no name: a page shows "Guest #id").
	Guest bool `json:"guest"`
	// Answered is how many questions the learner tried; MeanBest the mean of their best
	// scores over them.
	Answered int     `json:"answered"`
	Attempts int     `json:"attempts"`
	MeanBest float64 `json:"mean_best"`
}

// CohortQuestion is one question someone in the group tried.
type CohortQuestion struct {
	ID       int64   `json:"id"`
	Learners int     `json:"learners"`
	MeanBest float64 `json:"mean_best"`
}

// CohortCell is one learner at one question.
type CohortCell struct {
	LearnerID  int64   `json:"learner_id"`
	QuestionID int64   `json:"question_id"`
	Attempts   int     `json:"attempts"`
	BestScore  float64 `json:"best_score"`
	Last       Verdict `json:"last_verdict"`
}

// CohortMisconception is a misconception of the group: how many attempts showed it, in
// how many learners, and the question steps that lead to it, most frequent first.
type CohortMisconception struct {
	Tag      string       `json:"tag"`
	Text     *Text        `json:"text,omitempty"`
	Count    int          `json:"count"`
	Learners int          `json:"learners"`
	Steps    []CohortStep `json:"steps"`
}

// CohortStep is a trace step of a question at which the group's wrong answers part from
// the runtime (the grade's step), with how often.
type CohortStep struct {
	QuestionID int64  `json:"question_id"`
	Step       int    `json:"step"`
	Rule       string `json:"rule,omitempty"`
	Count      int    `json:"count"`
}

// Cohort builds the report of learners from their attempts (any order); top bounds the
// misconceptions and the steps of each.
func Cohort(learners []*Learner, attempts []*Attempt, top int) CohortReport {
	byLearner := map[int64]int{}
	r := CohortReport{Learners: make([]CohortLearner, len(learners)), Questions: []CohortQuestion{}, Cells: []CohortCell{}, Misconceptions: []CohortMisconception{}}
	for i, l := range learners {
		byLearner[l.ID] = i
		r.Learners[i] = CohortLearner{ID: l.ID, ExternalID: l.ExternalID, Name: l.Name, Guest: l.Guest}
	}
	sorted := slices.Clone(attempts)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	type key struct{ learner, question int64 }
	cells := map[key]*CohortCell{}
	var order []key
	tags := map[string]*CohortMisconception{}
	tagLearners := map[string]map[int64]bool{}
	steps := map[string]map[CohortStep]int{}
	for _, a := range sorted {
		if _, ok := byLearner[a.LearnerID]; !ok {
			continue
		}
		k := key{a.LearnerID, a.QuestionID}
		c, ok := cells[k]
		if !ok {
			c = &CohortCell{LearnerID: a.LearnerID, QuestionID: a.QuestionID}
			cells[k] = c
			order = append(order, k)
		}
		c.Attempts++
		c.BestScore = max(c.BestScore, a.Score)
		c.Last = a.Verdict
		if a.Misconception == "" {
			continue
		}
		m, ok := tags[a.Misconception]
		if !ok {
			m = &CohortMisconception{Tag: a.Misconception, Steps: []CohortStep{}}
			if t, known := MisconceptionText(a.Misconception); known {
				m.Text = &t
			}
			tags[a.Misconception], tagLearners[a.Misconception], steps[a.Misconception] = m, map[int64]bool{}, map[CohortStep]int{}
		}
		m.Count++
		tagLearners[a.Misconception][a.LearnerID] = true
		if a.Step > 0 {
			steps[a.Misconception][CohortStep{QuestionID: a.QuestionID, Step: a.Step, Rule: a.Rule}]++
		}
	}
	questions := map[int64]*CohortQuestion{}
	var qorder []int64
	for _, k := range order {
		c := cells[k]
		r.Cells = append(r.Cells, *c)
		l := &r.Learners[byLearner[k.learner]]
		l.Answered++
		l.Attempts += c.Attempts
		l.MeanBest += c.BestScore
		q, ok := questions[k.question]
		if !ok {
			q = &CohortQuestion{ID: k.question}
			questions[k.question] = q
			qorder = append(qorder, k.question)
		}
		q.Learners++
		q.MeanBest += c.BestScore
	}
	for i := range r.Learners {
		if r.Learners[i].Answered > 0 {
			r.Learners[i].MeanBest /= float64(r.Learners[i].Answered)
		}
	}
	slices.Sort(qorder)
	for _, id := range qorder {
		q := questions[id]
		q.MeanBest /= float64(q.Learners)
		r.Questions = append(r.Questions, *q)
	}
	for tag, m := range tags {
		m.Learners = len(tagLearners[tag])
		for st, n := range steps[tag] {
			st.Count = n
			m.Steps = append(m.Steps, st)
		}
		sort.Slice(m.Steps, func(i, j int) bool {
			a, b := m.Steps[i], m.Steps[j]
			if a.Count != b.Count {
				return a.Count > b.Count
			}
			if a.QuestionID != b.QuestionID {
				return a.QuestionID < b.QuestionID
			}
			return a.Step < b.Step
		})
		if len(m.Steps) > top {
			m.Steps = m.Steps[:top]
		}
		r.Misconceptions = append(r.Misconceptions, *m)
	}
	sort.Slice(r.Misconceptions, func(i, j int) bool {
		a, b := r.Misconceptions[i], r.Misconceptions[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Tag < b.Tag
	})
	if len(r.Misconceptions) > top {
		r.Misconceptions = r.Misconceptions[:top]
	}
	return r
}
