package lti

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/looplab/looplab/quiz"
)

// Platform is a registration of looplab with one LMS (one client id of one issuer).
type Platform struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Issuer is the platform's iss; (Issuer, ClientID) is unique.
	Issuer        string   `json:"issuer"`
	ClientID      string   `json:"client_id"`
	DeploymentIDs []string `json:"deployment_ids"`
	AuthLoginURL  string   `json:"auth_login_url"`
	TokenURL      string   `json:"token_url"`
	JWKSURL       string   `json:"jwks_url"`
	// TokenAudience is the aud of the client assertion when the platform wants another
	// value than TokenURL (Brightspace, Blackboard); empty means TokenURL.
	TokenAudience string    `json:"token_audience,omitempty"`
	CreatedAt     time.Time `json:"created_at"`
}

// HasDeployment reports whether a deployment id is registered.
func (p *Platform) HasDeployment(id string) bool { return slices.Contains(p.DeploymentIDs, id) }

// Validate normalises the registration and reports every invalid field. URLs must be
// https, except for loopback hosts (local test platforms).
func (p *Platform) Validate() error {
	var fe []quiz.FieldError
	add := func(f, m string) { fe = append(fe, quiz.FieldError{Field: f, Message: m}) }
	p.Name = strings.TrimSpace(p.Name)
	p.Issuer = strings.TrimSpace(p.Issuer)
	p.ClientID = strings.TrimSpace(p.ClientID)
	if p.Issuer == "" || len(p.Issuer) > 500 {
		add("issuer", "is required (at most 500 characters)")
	}
	if p.ClientID == "" || len(p.ClientID) > 255 {
		add("client_id", "is required (at most 255 characters)")
	}
	ids := p.DeploymentIDs[:0:0]
	for _, d := range p.DeploymentIDs {
		if d = strings.TrimSpace(d); d != "" && !slices.Contains(ids, d) {
			ids = append(ids, d)
		}
	}
	p.DeploymentIDs = ids
	if len(ids) == 0 {
		add("deployment_ids", "needs at least one deployment id")
	}
	for field, u := range map[string]string{"auth_login_url": p.AuthLoginURL, "token_url": p.TokenURL, "jwks_url": p.JWKSURL} {
		if err := CheckURL(u); err != "" {
			add(field, err)
		}
	}
	if p.TokenAudience != "" && len(p.TokenAudience) > 500 {
		add("token_audience", "must be at most 500 characters")
	}
	slices.SortFunc(fe, func(a, b quiz.FieldError) int { return strings.Compare(a.Field, b.Field) })
	return quiz.Invalid("The platform registration is invalid.", fe)
}

// CheckURL returns why the server may not call u, or "" (see quiz.CheckOutboundURL).
func CheckURL(u string) string { return quiz.CheckOutboundURL(u) }

// ToolKey is one of the tool's RSA signing keys.
type ToolKey struct {
	KID        string
	PrivatePEM string // PKCS #8, PEM; never sent anywhere
	CreatedAt  time.Time
}

// State is a login initiation waiting for its launch.
type State struct {
	State      string
	PlatformID int64
	Nonce      string
	CreatedAt  time.Time
}

// LinkBinding is what a resource-link launch records: the context, the link and its
// question and line item, and the learner who may receive grades on it.
type LinkBinding struct {
	PlatformID     int64
	DeploymentID   string
	ContextID      string
	ContextTitle   string
	ContextLabel   string
	MembershipsURL string
	ResourceLinkID string
	LinkTitle      string
	QuestionID     int64 // 0: keep the question bound before
	LineItemURL    string
	CanScore       bool
	LearnerID      int64
	UserSub        string
}

// GradeTarget is where one learner's grades for one link go.
type GradeTarget struct {
	ID          int64
	PlatformID  int64
	LinkID      int64
	QuestionID  int64
	LearnerID   int64
	UserSub     string
	LineItemURL string
}

// DeepLinkSession is a validated deep-linking request waiting for the instructor's
// choice.
type DeepLinkSession struct {
	ID             string
	PlatformID     int64
	DeploymentID   string
	ReturnURL      string
	Data           string
	AcceptMultiple bool
	AcceptLineItem bool
	CreatedAt      time.Time
}

// StoredContext is a course (an LTI context) as the tool remembers it.
type StoredContext struct {
	ID             int64  `json:"id"`
	PlatformID     int64  `json:"platform_id"`
	DeploymentID   string `json:"deployment_id"`
	ContextID      string `json:"context_id"`
	Title          string `json:"title"`
	Label          string `json:"label"`
	MembershipsURL string `json:"-"`
}

// Store keeps the tool's state. Methods return quiz errors (ENOTFOUND, ECONFLICT).
type Store interface {
	// CreatePlatform stores a validated platform; ECONFLICT if (issuer, client id) exists.
	CreatePlatform(ctx context.Context, p *Platform) error
	// FindPlatformByID returns ENOTFOUND if there is none.
	FindPlatformByID(ctx context.Context, id int64) (*Platform, error)
	// FindPlatforms lists the platforms of an issuer (every platform for "").
	FindPlatforms(ctx context.Context, issuer string) ([]*Platform, error)
	// DeletePlatform removes a registration; ENOTFOUND if there is none.
	DeletePlatform(ctx context.Context, id int64) error

	// ToolKeys returns the tool's keys, newest first.
	ToolKeys(ctx context.Context) ([]ToolKey, error)
	// AddToolKey stores a new key.
	AddToolKey(ctx context.Context, k ToolKey) error

	// CreateState stores a login initiation.
	CreateState(ctx context.Context, s State) error
	// ConsumeState deletes and returns a state; ENOTFOUND if it does not exist (never
	// issued, or used already).
	ConsumeState(ctx context.Context, state string) (*State, error)
	// UseNonce records a nonce as used until exp; ECONFLICT if it was used before.
	// Expired records may be pruned.
	UseNonce(ctx context.Context, platformID int64, nonce string, exp time.Time) error

	// QuestionIDBySlug finds a question by slug; ENOTFOUND if there is none.
	QuestionIDBySlug(ctx context.Context, slug string) (int64, error)
	// BindLink upserts the context, the link and the learner's grade target and
	// returns the link's question (b.QuestionID, or the one bound before; 0 if none).
	BindLink(ctx context.Context, b LinkBinding) (questionID int64, err error)
	// FindGradeTarget returns a grade target by id; ENOTFOUND if there is none.
	FindGradeTarget(ctx context.Context, id int64) (*GradeTarget, error)
	// FindContext returns a context by id; ENOTFOUND if there is none.
	FindContext(ctx context.Context, id int64) (*StoredContext, error)
	// FindContexts lists the contexts launched from, in id order.
	FindContexts(ctx context.Context) ([]*StoredContext, error)

	// CreateDeepLinkSession stores a session.
	CreateDeepLinkSession(ctx context.Context, s DeepLinkSession) error
	// ConsumeDeepLinkSession deletes and returns a session; ENOTFOUND if there is none.
	ConsumeDeepLinkSession(ctx context.Context, id string) (*DeepLinkSession, error)
	// FindDeepLinkSession returns a session without consuming it.
	FindDeepLinkSession(ctx context.Context, id string) (*DeepLinkSession, error)
}
