package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/webhook"
)

// EventSetGraded is the event of an outbox row that reports an attempt at a question of
// a set link's set (the trigger of migration 00009 writes it): its score is the set's
// aggregate as of that attempt.
const EventSetGraded = "set.graded"

// ScoreSender posts a graded attempt's score to the line item of an LTI grade target:
// the attempt's own credit for a single-question link, the set's aggregate for a set
// link (lti.NewSetScore). A link whose line item the platform did not give has it found
// or created first (lti.Tool.EnsureLineItem).
type ScoreSender struct {
	Tool     *lti.Tool
	Attempts quiz.AttemptService
	// Questions and Learners name a set's question by its title, in the learner's
	// language, in the score's comment.
	Questions quiz.QuestionService
	Learners  quiz.LearnerService
}

// Send implements Sender: it sends the score with lti.Tool.DeliverScore, which meets
// the platforms' ordering rule. A grade target, platform or attempt that no longer
// exists, a link left without a line item, and a 4xx answer other than 401, 408, 429
// and a refusal as not newer (lti.HTTPError.Temporary), fail the message for good.
func (s *ScoreSender) Send(ctx context.Context, m Message) (Result, error) {
	g, err := s.Tool.Store().FindGradeTarget(ctx, m.TargetID)
	if err != nil {
		return Result{}, gone(err)
	}
	p, err := s.Tool.Store().FindPlatformByID(ctx, g.PlatformID)
	if err != nil {
		return Result{}, gone(err)
	}
	if g.LineItemURL == "" && g.LineItemsURL == "" {
		return Result{}, Permanent(fmt.Errorf("link %d has no line item any more (a later launch came without AGS)", g.LinkID))
	}
	score, gradedAt, err := s.score(ctx, m, g)
	if err != nil {
		return Result{}, gone(err)
	}
	d, err := s.Tool.DeliverScore(ctx, p, g, m.ID, score, gradedAt)
	res := Result{Status: d.Status, Note: d.Note}
	var he *lti.HTTPError
	if errors.As(err, &he) && !he.Temporary() {
		return res, Permanent(err)
	}
	return res, gone(err)
}

// score is the score a message reports, and when its grade was made: the attempt's, or
// its set's as of the attempt.
func (s *ScoreSender) score(ctx context.Context, m Message, g *lti.GradeTarget) (lti.Score, time.Time, error) {
	a, err := s.Attempts.FindAttemptByID(ctx, m.SubjectID)
	if err != nil {
		return lti.Score{}, time.Time{}, err
	}
	if m.Event != EventSetGraded {
		comment := fmt.Sprintf("looplab: %s (attempt %d)", a.Verdict, a.AttemptNo)
		return lti.NewScore(g.UserSub, a.Score, comment), a.CreatedAt, nil
	}
	if g.SetKind == "" {
		return lti.Score{}, time.Time{}, Permanent(fmt.Errorf("link %d is no longer bound to a set", g.LinkID))
	}
	pr, err := s.Tool.Store().SetProgress(ctx, g.LinkID, g.LearnerID, a.ID)
	if err != nil {
		return lti.Score{}, time.Time{}, err
	}
	title, err := s.questionTitle(ctx, a)
	if err != nil {
		return lti.Score{}, time.Time{}, err
	}
	comment := fmt.Sprintf("looplab: %d of %d questions answered (%q: %s, attempt %d)",
		pr.Answered, pr.Questions, title, a.Verdict, a.AttemptNo)
	return lti.NewSetScore(g.UserSub, pr, comment), a.CreatedAt, nil
}

// questionTitle is the title of the attempt's question in its learner's language.
func (s *ScoreSender) questionTitle(ctx context.Context, a *quiz.Attempt) (string, error) {
	q, err := s.Questions.FindQuestionByID(ctx, a.QuestionID)
	if err != nil {
		return "", err
	}
	l, err := s.Learners.FindLearnerByID(ctx, a.LearnerID)
	if err != nil {
		return "", err
	}
	return q.Content.Title.In(l.Locale), nil
}

// gone makes a not-found error permanent.
func gone(err error) error {
	if quiz.ErrorCode(err) == quiz.ENOTFOUND {
		return Permanent(err)
	}
	return err
}

// WebhookSender posts events to webhook subscriptions, signed with their secrets.
type WebhookSender struct {
	Subs      webhook.Store
	Attempts  quiz.AttemptService
	Learners  quiz.LearnerService
	Questions quiz.QuestionService
	Client    *http.Client
	Now       func() time.Time
}

// Event is the body of a webhook delivery.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

// Send implements Sender. An inactive subscription or a 4xx answer other than 408 and
// 429 fails the message for good.
func (s *WebhookSender) Send(ctx context.Context, m Message) (Result, error) {
	sub, err := s.Subs.FindSubscription(ctx, m.TargetID)
	if err != nil {
		return Result{}, gone(err)
	}
	if !sub.Active {
		return Result{}, Permanent(errors.New("the subscription was deleted"))
	}
	data, err := s.eventData(ctx, m)
	if err != nil {
		return Result{}, gone(err)
	}
	body, err := json.Marshal(Event{ID: "evt_" + strconv.FormatInt(m.ID, 10), Type: m.Event, CreatedAt: m.CreatedAt, Data: data})
	if err != nil {
		return Result{}, Permanent(err)
	}
	status, err := s.post(ctx, sub, "evt_"+strconv.FormatInt(m.ID, 10), body)
	return Result{Status: status}, err
}

func (s *WebhookSender) post(ctx context.Context, sub *webhook.Subscription, id string, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.URL, bytes.NewReader(body))
	if err != nil {
		return 0, Permanent(err)
	}
	ts := s.Now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "looplab-webhooks/1")
	req.Header.Set(webhook.HeaderID, id)
	req.Header.Set(webhook.HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(webhook.HeaderSignature, webhook.Sign(sub.Secret, ts, body))
	resp, err := s.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch st := resp.StatusCode; {
	case st >= 200 && st <= 299:
		return st, nil
	case st >= 500 || st == http.StatusRequestTimeout || st == http.StatusTooManyRequests:
		return st, fmt.Errorf("webhook %s answered %d", sub.URL, st)
	default:
		return st, Permanent(fmt.Errorf("webhook %s answered %d", sub.URL, st))
	}
}

// eventData is the data of an event: the attempt, learner or version it is about.
func (s *WebhookSender) eventData(ctx context.Context, m Message) (any, error) {
	switch m.Event {
	case webhook.EventAttemptGraded:
		a, err := s.Attempts.FindAttemptByID(ctx, m.SubjectID)
		if err != nil {
			return nil, err
		}
		return attemptData{a.ID, a.LearnerID, a.QuestionID, a.Version, a.AttemptNo, a.Score, a.Verdict, a.Misconception, a.CreatedAt}, nil
	case webhook.EventLearnerCreated:
		return s.Learners.FindLearnerByID(ctx, m.SubjectID)
	case webhook.EventQuestionPublished:
		v, err := s.Questions.FindVersionByID(ctx, m.SubjectID)
		if err != nil {
			return nil, err
		}
		q, err := s.Questions.FindQuestionByID(ctx, v.QuestionID)
		if err != nil {
			return nil, err
		}
		return versionData{v.QuestionID, q.Slug, v.Version, v.Content.Kind, v.Content.Topic, v.CreatedAt}, nil
	}
	return nil, Permanent(fmt.Errorf("unknown event %q", m.Event))
}

type attemptData struct {
	AttemptID     int64        `json:"attempt_id"`
	LearnerID     int64        `json:"learner_id"`
	QuestionID    int64        `json:"question_id"`
	Version       int          `json:"version"`
	AttemptNo     int          `json:"attempt_no"`
	Score         float64      `json:"score"`
	Verdict       quiz.Verdict `json:"verdict"`
	Misconception string       `json:"misconception"`
	GradedAt      time.Time    `json:"graded_at"`
}

type versionData struct {
	QuestionID  int64     `json:"question_id"`
	Slug        string    `json:"slug"`
	Version     int       `json:"version"`
	Kind        string    `json:"kind"`
	Topic       string    `json:"topic"`
	PublishedAt time.Time `json:"published_at"`
}
