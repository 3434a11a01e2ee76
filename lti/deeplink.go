package lti

import (
	"context"
	"slices"
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

// LineItem asks the platform to create a gradebook column for a resource link.
type LineItem struct {
	ScoreMaximum float64 `json:"scoreMaximum"`
	Label        string  `json:"label"`
	ResourceID   string  `json:"resourceId,omitempty"`
	Tag          string  `json:"tag,omitempty"`
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
		return "", "", refuse(ReasonMalformed, "The platform accepts only one question here.", "%d items, accept_multiple false", len(items))
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
