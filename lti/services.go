package lti

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// tokenCache keeps service access tokens per platform and scope set until shortly
// before they expire.
type tokenCache struct {
	mu sync.Mutex // guards m
	m  map[string]cachedToken
}

type cachedToken struct {
	token string
	exp   time.Time
}

// AccessToken returns an access token for the scopes (LTI Security Framework §4.1:
// client-credentials grant with a JWT client assertion signed by the tool), from the
// cache while it has more than 30 s to live.
func (t *Tool) AccessToken(ctx context.Context, p *Platform, scopes ...string) (string, error) {
	sort.Strings(scopes)
	key := strconv.FormatInt(p.ID, 10) + " " + strings.Join(scopes, " ")
	now := t.now()
	t.tokens.mu.Lock()
	c, ok := t.tokens.m[key]
	t.tokens.mu.Unlock()
	if ok && now.Before(c.exp) {
		return c.token, nil
	}
	tok, ttl, err := t.requestToken(ctx, p, scopes)
	if err != nil {
		return "", err
	}
	t.tokens.mu.Lock()
	t.tokens.m[key] = cachedToken{tok, now.Add(ttl - 30*time.Second)}
	t.tokens.mu.Unlock()
	return tok, nil
}

// ForgetToken drops the cached tokens of a platform (after a 401).
func (t *Tool) ForgetToken(p *Platform) {
	prefix := strconv.FormatInt(p.ID, 10) + " "
	t.tokens.mu.Lock()
	for k := range t.tokens.m {
		if strings.HasPrefix(k, prefix) {
			delete(t.tokens.m, k)
		}
	}
	t.tokens.mu.Unlock()
}

func (t *Tool) requestToken(ctx context.Context, p *Platform, scopes []string) (string, time.Duration, error) {
	aud := p.TokenAudience
	if aud == "" {
		aud = p.TokenURL
	}
	now := t.now()
	assertion, err := t.sign(ctx, jwt.RegisteredClaims{
		Issuer: p.ClientID, Subject: p.ClientID, Audience: jwt.ClaimStrings{aud},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(5 * time.Minute)), ID: randomID(),
	})
	if err != nil {
		return "", 0, err
	}
	form := url.Values{
		"grant_type":            {"client_credentials"},
		"client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
		"client_assertion":      {assertion},
		"scope":                 {strings.Join(scopes, " ")},
	}
	body, err := t.call(ctx, http.MethodPost, p.TokenURL, "application/x-www-form-urlencoded", "", "application/json", strings.NewReader(form.Encode()))
	if err != nil {
		return "", 0, err
	}
	var resp struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := json.Unmarshal(body, &resp); err != nil || resp.AccessToken == "" {
		return "", 0, fmt.Errorf("lti: token endpoint %s: no access_token in %s", p.TokenURL, truncate(body))
	}
	ttl := time.Duration(resp.ExpiresIn) * time.Second
	if ttl <= 0 {
		ttl = time.Hour
	}
	return resp.AccessToken, ttl, nil
}

// call makes one request to a platform service and returns the body of a 2xx answer,
// or an *HTTPError.
func (t *Tool) call(ctx context.Context, method, u, contentType, bearer, accept string, body io.Reader) ([]byte, error) {
	data, _, err := t.callHeader(ctx, method, u, contentType, bearer, accept, body)
	return data, err
}

// callHeader is call that also returns the answer's header (for Link pagination).
func (t *Tool) callHeader(ctx context.Context, method, u, contentType, bearer, accept string, body io.Reader) ([]byte, http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return nil, nil, fmt.Errorf("lti: %s %s: %w", method, u, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	req.Header.Set("Accept", accept)
	resp, err := t.cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("lti: %s %s: %w", method, u, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, nil, fmt.Errorf("lti: %s %s: %w", method, u, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, nil, httpError(u, resp, data)
	}
	return data, resp.Header, nil
}

// Member is one member of a context (NRPS 2.0).
type Member struct {
	UserID     string   `json:"user_id"`
	Name       string   `json:"name,omitempty"`
	GivenName  string   `json:"given_name,omitempty"`
	FamilyName string   `json:"family_name,omitempty"`
	Email      string   `json:"email,omitempty"`
	Status     string   `json:"status,omitempty"`
	Roles      []string `json:"roles"`
}

// MembershipMediaType is the media type of an NRPS membership container.
const MembershipMediaType = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"

// Members fetches every member of a context from its memberships URL, following the
// rel="next" links (at most 100 pages).
func (t *Tool) Members(ctx context.Context, p *Platform, membershipsURL string) ([]Member, error) {
	tok, err := t.AccessToken(ctx, p, ScopeNRPS)
	if err != nil {
		return nil, err
	}
	var out []Member
	next := membershipsURL
	for page := 0; next != "" && page < 100; page++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, next, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Accept", MembershipMediaType)
		resp, err := t.cfg.HTTPClient.Do(req)
		if err != nil {
			return nil, fmt.Errorf("lti: memberships: %w", err)
		}
		data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusOK {
			return nil, httpError(next, resp, data)
		}
		var c struct {
			Members []Member `json:"members"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("lti: memberships: %w", err)
		}
		out = append(out, c.Members...)
		next = nextLink(resp.Header.Values("Link"))
	}
	return out, nil
}

// nextLink returns the target of the rel="next" Link header value, or "".
func nextLink(values []string) string {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			segs := strings.Split(part, ";")
			if len(segs) < 2 {
				continue
			}
			target := strings.Trim(strings.TrimSpace(segs[0]), "<>")
			for _, s := range segs[1:] {
				if strings.ReplaceAll(strings.TrimSpace(s), `"`, "") == "rel=next" {
					return target
				}
			}
		}
	}
	return ""
}
