package lti

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// MaxSetSize bounds the questions of one set link.
const MaxSetSize = 100

// customTarget reads what a launch's custom parameters point the link to: the question
// of "question" (qid), or the set of "questions" or "topic"; neither when none is set
// (the link keeps what it was bound to). Naming more than one is refused, as is a
// question or topic that does not exist or is not published.
func (t *Tool) customTarget(ctx context.Context, custom map[string]string) (qid int64, set *LinkSet, err error) {
	q := strings.TrimSpace(custom["question"])
	list := strings.TrimSpace(custom["questions"])
	topic := strings.TrimSpace(custom["topic"])
	named := 0
	for _, v := range []string{q, list, topic} {
		if v != "" {
			named++
		}
	}
	switch {
	case named > 1:
		return 0, nil, refuse(ReasonMalformed, "This link names more than one of a question, a list of questions and a topic. Ask your instructor to keep one of them.",
			"custom question %q, questions %q, topic %q", q, list, topic)
	case list != "":
		set, err = t.listSet(ctx, list)
	case topic != "":
		set, err = t.topicSet(ctx, topic)
	default:
		qid, err = t.customQuestion(ctx, q)
	}
	return qid, set, err
}

// listSet resolves the custom parameter "questions": slugs or ids, separated by commas,
// each a published question; duplicates count once, in the order of their first mention.
func (t *Tool) listSet(ctx context.Context, list string) (*LinkSet, error) {
	var ids []int64
	for _, ref := range strings.Split(list, ",") {
		if ref = strings.TrimSpace(ref); ref == "" {
			continue
		}
		q, err := t.store.FindQuestionRef(ctx, ref)
		if quiz.ErrorCode(err) == quiz.ENOTFOUND {
			return nil, refuse(ReasonNoQuestion, "A question of this link's set does not exist (any more).", "custom questions: %q not found", ref)
		}
		if err != nil {
			return nil, err
		}
		if !q.Published {
			return nil, refuse(ReasonNoQuestion, "A question of this link's set is not published.", "custom questions: %q not published", ref)
		}
		if !slices.Contains(ids, q.ID) {
			ids = append(ids, q.ID)
		}
	}
	if err := checkSetSize(len(ids), "custom questions %q", list); err != nil {
		return nil, err
	}
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = strconv.FormatInt(id, 10)
	}
	return &LinkSet{Kind: SetList, Key: strings.Join(keys, ","), QuestionIDs: ids}, nil
}

// topicSet resolves the custom parameter "topic": the topic's published questions,
// easiest first.
func (t *Tool) topicSet(ctx context.Context, topic string) (*LinkSet, error) {
	ids, err := t.store.TopicQuestionIDs(ctx, topic)
	if err != nil {
		return nil, err
	}
	if err := checkSetSize(len(ids), "custom topic %q", topic); err != nil {
		return nil, err
	}
	return &LinkSet{Kind: SetTopic, Key: topic, QuestionIDs: ids}, nil
}

// checkSetSize refuses an empty set and one of more than MaxSetSize questions.
func checkSetSize(n int, what string, args ...any) error {
	switch {
	case n == 0:
		return refuse(ReasonEmptySet, "This link's set of questions has no published question.", what+": no published question", args...)
	case n > MaxSetSize:
		return refuse(ReasonEmptySet, "This link's set has more questions than looplab allows ("+strconv.Itoa(MaxSetSize)+").",
			what+": "+strconv.Itoa(n)+" questions", args...)
	}
	return nil
}

// setTitle is what the practice page calls a set: its topic, else the link's title.
func setTitle(kind, key, linkTitle string) string {
	if kind == SetTopic {
		return key
	}
	return linkTitle
}

// The activity progress values of an AGS score.
const (
	ProgressInProgress = "InProgress"
	ProgressCompleted  = "Completed"
)

// NewSetScore returns the score of a set link: the mean over the set's questions of
// the learner's best credit so far (a question not answered yet counts 0), on a 0..100
// scale; activityProgress InProgress until every question has an attempt, then
// Completed; gradingProgress FullyGraded (each score is final for what it counts).
// DeliverScore stamps it with the time of the grade that led to it.
func NewSetScore(userID string, p SetProgress, comment string) Score {
	s := NewScore(userID, 0, comment)
	if p.Questions > 0 {
		s.ScoreGiven = percent(p.BestSum / float64(p.Questions))
	}
	if p.Answered < p.Questions {
		s.ActivityProgress = ProgressInProgress
	}
	return s
}

// percent is a 0..1 credit on a 0..100 scale, rounded to two decimals.
func percent(credit float64) float64 { return math.Round(credit*10000) / 100 }
