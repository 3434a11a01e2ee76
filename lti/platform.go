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

// UpdatePlatform replaces the settings of the registration p.ID with p's, validated as
// a new one is (Validate), and forgets the access tokens obtained with the old ones. The
// registration keeps its links, contexts and grade targets (and the grades queued for
// them), which deleting it would drop. The issuer cannot change: the external ids of
// the platform's learners are made from it (EINVALID); a platform with a new issuer is
// a new registration.
func (t *Tool) UpdatePlatform(ctx context.Context, p *Platform) error {
	cur, err := t.store.FindPlatformByID(ctx, p.ID)
	if err != nil {
		return err
	}
	err = p.Validate()
	fe := quiz.ErrorFields(err)
	if err != nil && len(fe) == 0 {
		return err
	}
	if p.Issuer != cur.Issuer {
		fe = append(fe, quiz.FieldError{Field: "issuer", Message: "cannot change: the platform's learners are known by it; register the new issuer as a new platform"})
		slices.SortFunc(fe, func(a, b quiz.FieldError) int { return strings.Compare(a.Field, b.Field) })
	}
	if err := quiz.Invalid("The platform registration is invalid.", fe); err != nil {
		return err
	}
	if err := t.store.UpdatePlatform(ctx, p); err != nil {
		return err
	}
	t.ForgetToken(p)
	p.CreatedAt = cur.CreatedAt
	return nil
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

// LinkBinding is what a resource-link launch records: the context, the link and what
// it points to (one question or a set) and its line item, and, unless Ungraded, the
// learner who may receive grades on it.
type LinkBinding struct {
	PlatformID     int64
	DeploymentID   string
	ContextID      string
	ContextTitle   string
	ContextLabel   string
	MembershipsURL string
	ResourceLinkID string
	LinkTitle      string
	QuestionID     int64    // binds the link to this question (dropping a set); 0: see Set
	Set            *LinkSet // binds the link to this set (dropping a question); nil and QuestionID 0: keep what was bound
	LineItemURL    string   // the launch's lineitem claim; "" keeps a line item found or created before when LineItemsURL is set
	LineItemsURL   string   // the line item container, when the platform granted the lineitem scope
	CanScore       bool
	LearnerID      int64
	UserSub        string
	// Ungraded says the launcher has no learner role (IsLearnerRole): no grade target
	// is made for them, so an instructor's preview sends no scores (a grade target
	// made before is kept).
	Ungraded bool
}

// The kinds of question set a link can point to.
const (
	SetTopic = "topic" // every published question of a topic (custom parameter "topic")
	SetList  = "list"  // an explicit list (custom parameter "questions")
)

// LinkSet is a set of questions a link points to. Kind and Key name it (the topic, or
// the list's question ids comma-separated): binding a link to the set it is bound to
// already keeps the questions it was bound with, so the set, and the grade over it,
// stays fixed for the learners who started it.
type LinkSet struct {
	Kind        string
	Key         string
	QuestionIDs []int64 // in the order the practice page walks through them
}

// BoundLink is what a link points to after a launch: a question or a set.
type BoundLink struct {
	LinkID     int64
	QuestionID int64 // 0 for a set
	SetKind    string
	SetKey     string
	Set        []int64 // the set's questions in order; nil for a single question
}

// GradeTarget is where one learner's grades for one link go.
type GradeTarget struct {
	ID             int64
	PlatformID     int64
	LinkID         int64
	ResourceLinkID string
	LinkTitle      string
	QuestionID     int64
	QuestionSlug   string
	SetKind        string
	SetKey         string
	LearnerID      int64
	UserSub        string
	LineItemURL    string // "" until found or created in LineItemsURL
	LineItemsURL   string
	// Stamp is the timestamp of the last score sent to the target (DeliverScore).
	Stamp ScoreStamp
}

// SetProgress is a learner's standing on a set link as of one attempt: how many
// questions the set has, how many of them the learner has answered, and the sum over
// the answered ones of the learner's best credit (0..1).
type SetProgress struct {
	Questions int
	Answered  int
	BestSum   float64
}

// QuestionRef is a question as a link's custom parameters name it.
type QuestionRef struct {
	ID        int64
	Slug      string
	Published bool
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
	// UpdatePlatform stores a validated platform's settings over the registration of
	// p.ID (every field but the id, the issuer and the creation time); ENOTFOUND if there
	// is none, ECONFLICT if another registration has its (issuer, client id).
	UpdatePlatform(ctx context.Context, p *Platform) error
	// DeletePlatform removes a registration; ENOTFOUND if there is none.
	DeletePlatform(ctx context.Context, id int64) error

	// ToolKeys returns the tool's keys, newest first.
	ToolKeys(ctx context.Context) ([]ToolKey, error)
	// AddToolKey stores a new key.
	AddToolKey(ctx context.Context, k ToolKey) error
	// WithLock runs fn while holding the lock called name, for every process that shares
	// the store (replicas on one PostgreSQL database: an advisory lock).
	WithLock(ctx context.Context, name string, fn func(ctx context.Context) error) error

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
	// FindQuestionRef finds a question by id or slug; ENOTFOUND if there is none.
	FindQuestionRef(ctx context.Context, ref string) (*QuestionRef, error)
	// TopicQuestionIDs lists the published questions of a topic, easiest first (then by
	// id); empty if there are none.
	TopicQuestionIDs(ctx context.Context, topic string) ([]int64, error)
	// BindLink upserts the context, the link and (unless b.Ungraded) the learner's grade
	// target in one transaction, and returns what the link points to (b's question or
	// set, else what it pointed to before). ENOTFOUND, and nothing written, when b's
	// question does not exist or b names neither and the link was never bound.
	BindLink(ctx context.Context, b LinkBinding) (*BoundLink, error)
	// FindLink returns what a link points to (LinkID, QuestionID, SetKind and SetKey;
	// not Set); ENOTFOUND if the link was never launched.
	FindLink(ctx context.Context, platformID int64, deploymentID, resourceLinkID string) (*BoundLink, error)
	// FindGradeTarget returns a grade target by id; ENOTFOUND if there is none.
	FindGradeTarget(ctx context.Context, id int64) (*GradeTarget, error)
	// StampScore stores the timestamp of the last score sent to a grade target and the
	// message whose fate is in doubt (ENOTFOUND if there is no such target).
	StampScore(ctx context.Context, targetID int64, s ScoreStamp) error
	// SetLineItem stores the line item URL of a link unless it has one already, and
	// returns the link's line item URL (u, or the one stored before).
	SetLineItem(ctx context.Context, linkID int64, u string) (string, error)
	// SetProgress returns a learner's standing on a set link counting the learner's
	// attempts up to and including the attempt throughAttempt.
	SetProgress(ctx context.Context, linkID, learnerID, throughAttempt int64) (SetProgress, error)
	// FindContext returns a context by id; ENOTFOUND if there is none.
	FindContext(ctx context.Context, id int64) (*StoredContext, error)
	// FindContexts lists at most limit contexts launched from, with IDs above after, in
	// ID order.
	FindContexts(ctx context.Context, after int64, limit int) ([]*StoredContext, error)

	// CreateDeepLinkSession stores a session.
	CreateDeepLinkSession(ctx context.Context, s DeepLinkSession) error
	// ConsumeDeepLinkSession deletes and returns a session; ENOTFOUND if there is none.
	ConsumeDeepLinkSession(ctx context.Context, id string) (*DeepLinkSession, error)
	// FindDeepLinkSession returns a session without consuming it.
	FindDeepLinkSession(ctx context.Context, id string) (*DeepLinkSession, error)
}
