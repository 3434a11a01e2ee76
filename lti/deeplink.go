package lti

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/looplab/looplab/quiz"
)

// ContentItem is one item of a deep-linking response (Deep Linking 2.0 §3.3); looplab
// returns ltiResourceLink items.
type ContentItem struct {
	Type     string            `json:"type"`
	Title    string            `json:"title,omitempty"`
	Text     string            `json:"text,omitempty"`
	URL      string            `json:"url,omitempty"`
	Custom   map[string]string `json:"custom,omitempty"`
	LineItem *LineItem         `json:"lineItem,omitempty"`
}

// LineItem is a gradebook column: in a deep-linking item, the column the platform is
// asked to create for the link; in the AGS line item service, a column with its id (its
// URL) and the resource link it belongs to.
type LineItem struct {
	ID             string  `json:"id,omitempty"`
	ScoreMaximum   float64 `json:"scoreMaximum"`
	Label          string  `json:"label"`
	ResourceLinkID string  `json:"resourceLinkId,omitempty"`
	ResourceID     string  `json:"resourceId,omitempty"`
	Tag            string  `json:"tag,omitempty"`
}

// QuestionItem is the deep-linking item of one question: a resource link to launchURL
// with custom {question: slug} and a line item out of 100 labelled with the title.
func QuestionItem(launchURL, slug, title, text string) ContentItem {
	return ContentItem{Type: "ltiResourceLink", Title: title, Text: text, URL: launchURL, Custom: map[string]string{"question": slug},
		LineItem: &LineItem{ScoreMaximum: 100, Label: title, ResourceID: slug, Tag: LineItemTag}}
}

// TopicItem is the deep-linking item of a topic's n published questions as one graded
// activity: custom {topic: topic} and a line item out of 100 (the set's score).
func TopicItem(launchURL, topic string, n int) ContentItem {
	title := fmt.Sprintf("looplab: %s (%d questions)", topic, n)
	return ContentItem{Type: "ltiResourceLink", Title: title, URL: launchURL, Custom: map[string]string{"topic": topic},
		Text:     fmt.Sprintf("The %d looplab questions of the topic %s; the grade is the mean of the best scores.", n, topic),
		LineItem: &LineItem{ScoreMaximum: 100, Label: title, ResourceID: "topic:" + topic, Tag: LineItemTag}}
}

// SetItem is the deep-linking item of a list of questions (slugs) as one graded
// activity: custom {questions: "slug1,slug2,…"} and a line item out of 100 (the set's
// score). An empty title becomes "looplab: n questions".
func SetItem(launchURL string, slugs []string, title string) ContentItem {
	list := strings.Join(slugs, ",")
	if title = strings.TrimSpace(title); title == "" {
		title = fmt.Sprintf("looplab: %d questions", len(slugs))
	}
	return ContentItem{Type: "ltiResourceLink", Title: title, URL: launchURL, Custom: map[string]string{"questions": list},
		Text:     fmt.Sprintf("%d looplab questions; the grade is the mean of the best scores.", len(slugs)),
		LineItem: &LineItem{ScoreMaximum: 100, Label: title, ResourceID: "questions:" + list, Tag: LineItemTag}}
}

// StartDeepLink checks a verified LtiDeepLinkingRequest (an instructor's, accepting
// ltiResourceLink items) and stores it as a session for the picker page.
func (t *Tool) StartDeepLink(ctx context.Context, l *Launch) (*DeepLinkSession, error) {
	c := l.Claims
	if !c.IsInstructor() {
		return nil, refuse(ReasonNotInstructor, "Only instructors can add looplab questions to a course.", "roles %v", c.Roles)
	}
	s := c.DeepLinking
	if !slices.Contains(s.AcceptTypes, "ltiResourceLink") {
		return nil, refuse(ReasonBadMessageType, "The platform does not accept LTI links here.", "accept_types %v", s.AcceptTypes)
	}
	sess := DeepLinkSession{
		ID: randomID(), PlatformID: l.Platform.ID, DeploymentID: c.DeploymentID, ReturnURL: s.ReturnURL, Data: s.Data,
		AcceptMultiple: s.AcceptMultiple == nil || *s.AcceptMultiple,
		AcceptLineItem: s.AcceptLineItem == nil || *s.AcceptLineItem,
		CreatedAt:      t.now().UTC(),
	}
	if err := t.store.CreateDeepLinkSession(ctx, sess); err != nil {
		return nil, err
	}
	return &sess, nil
}

// DeepLinkSession returns an open, unexpired session.
func (t *Tool) DeepLinkSession(ctx context.Context, id string) (*DeepLinkSession, error) {
	s, err := t.store.FindDeepLinkSession(ctx, id)
	return t.checkSession(s, err)
}

func (t *Tool) checkSession(s *DeepLinkSession, err error) (*DeepLinkSession, error) {
	if quiz.ErrorCode(err) == quiz.ENOTFOUND {
		return nil, refuse(ReasonDeepLinkSession, "This selection was submitted already or never started. Start again from the course.", "unknown deep-link session")
	}
	if err != nil {
		return nil, err
	}
	if t.now().Sub(s.CreatedAt) > t.cfg.DeepLinkTTL {
		return nil, refuse(ReasonDeepLinkSession, "This selection has expired. Start again from the course.", "session %s old", t.now().Sub(s.CreatedAt))
	}
	return s, nil
}

// deepLinkClaims is an LtiDeepLinkingResponse.
type deepLinkClaims struct {
	jwt.RegisteredClaims
	Nonce        string        `json:"nonce"`
	MessageType  string        `json:"https://purl.imsglobal.org/spec/lti/claim/message_type"`
	Version      string        `json:"https://purl.imsglobal.org/spec/lti/claim/version"`
	DeploymentID string        `json:"https://purl.imsglobal.org/spec/lti/claim/deployment_id"`
	Data         string        `json:"https://purl.imsglobal.org/spec/lti-dl/claim/data,omitempty"`
	ContentItems []ContentItem `json:"https://purl.imsglobal.org/spec/lti-dl/claim/content_items"`
	Msg          string        `json:"https://purl.imsglobal.org/spec/lti-dl/claim/msg,omitempty"`
}

// DeepLinkResponse spends a session and signs the LtiDeepLinkingResponse carrying the
// items (Deep Linking 2.0 §4.2): iss is the client id, aud the platform, and the
// request's data is echoed. It returns the URL to form-POST the JWT to. Line items are
// dropped when the platform does not accept them.
func (t *Tool) DeepLinkResponse(ctx context.Context, sessionID string, items []ContentItem, msg string) (returnURL, token string, err error) {
	s, err := t.checkSession(t.store.ConsumeDeepLinkSession(ctx, sessionID))
	if err != nil {
		return "", "", err
	}
	if len(items) > 1 && !s.AcceptMultiple {
		return "", "", refuse(ReasonMalformed, "The platform accepts only one item here: choose one question or one set.", "%d items, accept_multiple false", len(items))
	}
	p, err := t.store.FindPlatformByID(ctx, s.PlatformID)
	if err != nil {
		return "", "", err
	}
	if !s.AcceptLineItem {
		for i := range items {
			items[i].LineItem = nil
		}
	}
	now := t.now()
	token, err = t.sign(ctx, deepLinkClaims{
		RegisteredClaims: jwt.RegisteredClaims{Issuer: p.ClientID, Audience: jwt.ClaimStrings{p.Issuer},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(5 * time.Minute)), ID: randomID()},
		Nonce: randomID(), MessageType: MessageDeepLinkingResp, Version: Version, DeploymentID: s.DeploymentID,
		Data: s.Data, ContentItems: items, Msg: msg,
	})
	return s.ReturnURL, token, err
}
