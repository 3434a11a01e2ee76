package lti

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/looplab/looplab/quiz"
)

// Config holds the tool's settings; zero values get the defaults.
type Config struct {
	// Skew is the clock difference tolerated on exp and iat (default 30 s).
	Skew time.Duration
	// StateTTL bounds the time from login initiation to launch (default 10 min).
	StateTTL time.Duration
	// KeyOverlap is how long a replaced signing key stays in the JWKS (default 7 days).
	KeyOverlap time.Duration
	// DeepLinkTTL bounds the time an instructor has to pick questions (default 1 h).
	DeepLinkTTL time.Duration
	// HTTPClient calls the platforms (default: a client with a 15 s timeout).
	HTTPClient *http.Client
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Tool is looplab as an LTI 1.3 tool. It is safe for concurrent use.
type Tool struct {
	cfg      Config
	store    Store
	learners quiz.LearnerService
	keys     *keyRing
	jwks     *jwksCache
	tokens   *tokenCache
}

// New returns a tool over its store and the learner service launches create learners in.
func New(cfg Config, store Store, learners quiz.LearnerService) *Tool {
	if cfg.Skew <= 0 {
		cfg.Skew = 30 * time.Second
	}
	if cfg.StateTTL <= 0 {
		cfg.StateTTL = 10 * time.Minute
	}
	if cfg.KeyOverlap <= 0 {
		cfg.KeyOverlap = 7 * 24 * time.Hour
	}
	if cfg.DeepLinkTTL <= 0 {
		cfg.DeepLinkTTL = time.Hour
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 15 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	t := &Tool{cfg: cfg, store: store, learners: learners}
	t.keys = &keyRing{store: store, now: cfg.Now, overlap: cfg.KeyOverlap}
	t.jwks = newJWKSCache(cfg.HTTPClient, cfg.Now)
	t.tokens = &tokenCache{m: map[string]cachedToken{}}
	return t
}

// Store returns the tool's store.
func (t *Tool) Store() Store { return t.store }

func (t *Tool) now() time.Time { return t.cfg.Now() }

// randomID returns 32 random bytes, base64url.
func randomID() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// sign signs claims with the tool's signing key (keyRing.signing; RS256, kid in the header).
func (t *Tool) sign(ctx context.Context, claims jwt.Claims) (string, error) {
	k, err := t.keys.signing(ctx)
	if err != nil {
		return "", err
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = k.kid
	return tok.SignedString(k.priv)
}

// findPlatform returns the registration of an issuer and client id; with no client id,
// the issuer's only registration.
func (t *Tool) findPlatform(ctx context.Context, issuer, clientID string) (*Platform, error) {
	ps, err := t.store.FindPlatforms(ctx, issuer)
	if err != nil {
		return nil, err
	}
	var match []*Platform
	for _, p := range ps {
		if clientID == "" || p.ClientID == clientID {
			match = append(match, p)
		}
	}
	switch {
	case len(match) == 1:
		return match[0], nil
	case len(match) > 1:
		return nil, refuse(ReasonUnknownPlatform, "This platform has several registrations; it must send its client_id.",
			"issuer %q has %d registrations and no client_id was given", issuer, len(match))
	}
	return nil, refuse(ReasonUnknownPlatform, "This learning platform is not registered with looplab.",
		"no registration for issuer %q client_id %q", issuer, clientID)
}

// PageLanguage maps an LTI locale ("vi-VN", "en_US") to a content language.
func PageLanguage(locale string) string {
	if strings.HasPrefix(strings.ToLower(locale), "vi") {
		return quiz.LocaleVI
	}
	return quiz.LocaleEN
}

// ToolURLs are the URLs a platform is given when looplab is registered with it: where
// it initiates the login, launches (resource links and deep linking alike) and fetches
// looplab's keys. The docs/lti-*.md guides name them by these JSON fields.
type ToolURLs struct {
	LoginURL    string `json:"login_url"`
	LaunchURL   string `json:"launch_url"`
	JWKSURL     string `json:"jwks_url"`
	DeepLinkURL string `json:"deep_link_url"`
}

// URLsAt returns the tool URLs of a looplab served at publicURL (no trailing slash).
func URLsAt(publicURL string) ToolURLs {
	base := strings.TrimSuffix(publicURL, "/")
	return ToolURLs{LoginURL: base + "/lti/login", LaunchURL: base + "/lti/launch", JWKSURL: base + "/lti/jwks", DeepLinkURL: base + "/lti/launch"}
}
