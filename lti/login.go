package lti

import (
	"context"
	"net/url"
	"strings"
)

// LoginRequest holds the parameters of a third-party initiated login (LTI Core 1.3
// §4.1, OIDC Core §4).
type LoginRequest struct {
	Issuer          string
	LoginHint       string
	TargetLinkURI   string
	LTIMessageHint  string
	ClientID        string
	LTIDeploymentID string
}

// Login validates a login initiation, stores a fresh state and nonce, and returns the
// platform's authorization URL to redirect the browser to. redirectURI is the tool's
// launch URL.
func (t *Tool) Login(ctx context.Context, r LoginRequest, redirectURI string) (string, error) {
	if r.Issuer == "" || r.LoginHint == "" || r.TargetLinkURI == "" {
		return "", refuse(ReasonMalformed, "The login request is incomplete.",
			"iss=%q login_hint set=%t target_link_uri=%q", r.Issuer, r.LoginHint != "", r.TargetLinkURI)
	}
	p, err := t.findPlatform(ctx, r.Issuer, r.ClientID)
	if err != nil {
		return "", err
	}
	if r.LTIDeploymentID != "" && !p.HasDeployment(r.LTIDeploymentID) {
		return "", refuse(ReasonUnknownDeployment, "This deployment of looplab is not registered.",
			"platform %d: deployment %q not registered", p.ID, r.LTIDeploymentID)
	}
	st := State{State: randomID(), PlatformID: p.ID, Nonce: randomID(), CreatedAt: t.now().UTC()}
	if err := t.store.CreateState(ctx, st); err != nil {
		return "", err
	}
	q := url.Values{}
	q.Set("scope", "openid")
	q.Set("response_type", "id_token")
	q.Set("response_mode", "form_post")
	q.Set("prompt", "none")
	q.Set("client_id", p.ClientID)
	q.Set("redirect_uri", redirectURI)
	q.Set("login_hint", r.LoginHint)
	q.Set("state", st.State)
	q.Set("nonce", st.Nonce)
	if r.LTIMessageHint != "" {
		q.Set("lti_message_hint", r.LTIMessageHint)
	}
	sep := "?"
	if strings.Contains(p.AuthLoginURL, "?") {
		sep = "&"
	}
	return p.AuthLoginURL + sep + q.Encode(), nil
}
