package lti

import (
	"context"
	"net"
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
// launch URL; the login's target_link_uri must be on its origin (checkTarget).
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
	if err := checkTarget(r.TargetLinkURI, redirectURI, "login"); err != nil {
		return "", err
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

// checkTarget refuses a target_link_uri that does not point to this tool: its origin
// (scheme, host and port) must be the one of the tool's launch URL, which is the
// server's public URL, else the address the request came to. A platform that sends
// another tool's address (or a tool's login that is replayed against looplab) gets
// nothing from it. where names the step in the log.
func checkTarget(target, launchURL, where string) error {
	want, ok := origin(launchURL)
	if got, valid := origin(target); valid && ok && got == want {
		return nil
	}
	return refuse(ReasonWrongTarget, "This launch is meant for another address than looplab's. Check the tool's target link URI in the course platform.",
		"%s: target_link_uri %q is not on the tool's origin %q", where, target, want)
}

// origin returns the scheme, host and port of an absolute http(s) URL, lower-case and
// with the scheme's default port made explicit; false for anything else.
func origin(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Opaque != "" || u.Host == "" || u.User != nil {
		return "", false
	}
	scheme, port := strings.ToLower(u.Scheme), u.Port()
	switch {
	case scheme != "http" && scheme != "https":
		return "", false
	case port == "" && scheme == "http":
		port = "80"
	case port == "":
		port = "443"
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port), true
}
