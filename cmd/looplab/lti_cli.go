package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
	"text/tabwriter"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
)

// ltiFlags are the flags of `looplab lti register`.
type ltiFlags struct {
	name, issuer, clientID, deployments, authURL, tokenURL, jwksURL, tokenAud string
}

func (f *ltiFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.name, "name", "", "a label for the platform")
	fs.StringVar(&f.issuer, "issuer", "", "the platform's issuer (iss)")
	fs.StringVar(&f.clientID, "client-id", "", "the client id the platform gave looplab")
	fs.StringVar(&f.deployments, "deployment-id", "", "the deployment id(s), comma-separated")
	fs.StringVar(&f.deployments, "deployment-ids", "", "the same as --deployment-id")
	fs.StringVar(&f.authURL, "auth-url", "", "the platform's OIDC authentication (login) URL")
	fs.StringVar(&f.tokenURL, "token-url", "", "the platform's OAuth2 token URL")
	fs.StringVar(&f.jwksURL, "jwks-url", "", "the platform's public keyset (JWKS) URL")
	fs.StringVar(&f.tokenAud, "token-audience", "", "the aud of token requests, when not the token URL")
}

// runLTI implements `looplab lti register|update|list|rotate-key`: LTI platform
// registrations and the tool's signing key, on the database directly (the API has the
// same under /v1/lti).
func runLTI(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd, args, code, done := withSubcommand("lti", "", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("lti " + cmd)
	var cfg *Config
	var lf ltiFlags
	if cmd == "register" || cmd == "update" {
		cfg = c.config(getenv, "db", "public-url")
		c.fs.Lookup("public-url").Usage = "looplab's public URL, the base of the tool's URLs to enter in the platform; required by register (LOOPLAB_PUBLIC_URL)"
		lf.register(c.fs)
	} else {
		cfg = c.config(getenv, "db")
	}
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	idOf := ""
	if cmd == "update" {
		idOf = "platform"
	}
	id, err := c.idArg(idOf)
	if err != nil {
		return c.fail(stderr, err)
	}
	publicURL, err := toolPublicURL(cfg.Integ.PublicURL)
	if err != nil && cmd == "register" {
		fmt.Fprintln(stderr, "looplab lti register:", err)
		return 2
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab lti:", err)
		return 1
	}
	defer db.Close()
	st := store.NewLTIStore(db)
	switch cmd {
	case "register":
		err = ltiRegister(ctx, st, lf, publicURL, stdout)
	case "update":
		set := map[string]bool{}
		c.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		err = ltiUpdate(ctx, lti.New(lti.Config{}, st, store.NewLearnerService(db)), id, lf, set, publicURL, stdout)
	case "list":
		err = ltiList(ctx, st, stdout)
	case "rotate-key":
		var kid string
		tool := lti.New(lti.Config{}, st, store.NewLearnerService(db))
		if kid, err = tool.RotateKey(ctx); err == nil {
			fmt.Fprintln(stdout, "new signing key", kid)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "looplab lti:", err)
		return 1
	}
	return 0
}

func ltiRegister(ctx context.Context, st lti.Store, f ltiFlags, publicURL string, stdout io.Writer) error {
	p := &lti.Platform{Name: f.name, Issuer: f.issuer, ClientID: f.clientID, DeploymentIDs: strings.Split(f.deployments, ","),
		AuthLoginURL: f.authURL, TokenURL: f.tokenURL, JWKSURL: f.jwksURL, TokenAudience: f.tokenAud}
	if err := p.Validate(); err != nil {
		return describe(err)
	}
	if err := st.CreatePlatform(ctx, p); err != nil {
		return describe(err)
	}
	return printPlatform(p, publicURL, stdout)
}

// toolPublicURL checks looplab's public URL (--public-url or LOOPLAB_PUBLIC_URL), the
// base of the tool's URLs a platform is given: an absolute http(s) URL, returned without
// a trailing slash. Unset, the error says how to set it.
func toolPublicURL(u string) (string, error) {
	if u == "" {
		return "", errors.New("looplab's public URL is not set, so the tool's URLs to enter in the platform are unknown: " +
			"pass --public-url https://looplab.example.edu (or set LOOPLAB_PUBLIC_URL), the address the platform and its users reach looplab at")
	}
	parsed, err := url.Parse(u)
	if err != nil || parsed.Scheme != "https" && parsed.Scheme != "http" || parsed.Host == "" || parsed.RawQuery != "" {
		return "", fmt.Errorf("the public URL %q must be an absolute http(s) URL such as https://looplab.example.edu", u)
	}
	return strings.TrimSuffix(u, "/"), nil
}

// printPlatform prints a registration as JSON with, under tool, the URLs to enter in the
// platform (left out when looplab's public URL is unknown: lti update without one).
func printPlatform(p *lti.Platform, publicURL string, stdout io.Writer) error {
	var tool *lti.ToolURLs
	if publicURL != "" {
		urls := lti.URLsAt(publicURL)
		tool = &urls
	}
	out, _ := json.MarshalIndent(struct {
		*lti.Platform
		Tool *lti.ToolURLs `json:"tool,omitempty"`
	}{p, tool}, "", "  ")
	_, err := fmt.Fprintln(stdout, string(out))
	return err
}

// ltiUpdate changes the flags given (set, by flag name) of registration id, as PATCH
// /v1/lti/platforms/{id} does, and prints it.
func ltiUpdate(ctx context.Context, tool *lti.Tool, id int64, f ltiFlags, set map[string]bool, publicURL string, stdout io.Writer) error {
	p, err := tool.Store().FindPlatformByID(ctx, id)
	if err != nil {
		return describe(err)
	}
	for _, u := range []struct {
		flag, value string
		field       *string
	}{{"name", f.name, &p.Name}, {"issuer", f.issuer, &p.Issuer}, {"client-id", f.clientID, &p.ClientID}, {"auth-url", f.authURL, &p.AuthLoginURL},
		{"token-url", f.tokenURL, &p.TokenURL}, {"jwks-url", f.jwksURL, &p.JWKSURL}, {"token-audience", f.tokenAud, &p.TokenAudience}} {
		if set[u.flag] {
			*u.field = u.value
		}
	}
	if set["deployment-id"] || set["deployment-ids"] {
		p.DeploymentIDs = strings.Split(f.deployments, ",")
	}
	if err := tool.UpdatePlatform(ctx, p); err != nil {
		return describe(err)
	}
	return printPlatform(p, publicURL, stdout)
}

func ltiList(ctx context.Context, st lti.Store, stdout io.Writer) error {
	ps, err := st.FindPlatforms(ctx, "")
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tISSUER\tCLIENT ID\tDEPLOYMENTS")
	for _, p := range ps {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", p.ID, p.Name, p.Issuer, p.ClientID, strings.Join(p.DeploymentIDs, ","))
	}
	return tw.Flush()
}

// describe spells out a domain error for a person: its message and invalid fields.
func describe(err error) error {
	fields := quiz.ErrorFields(err)
	if quiz.ErrorCode(err) == quiz.EINTERNAL || len(fields) == 0 && quiz.ErrorCode(err) != quiz.ECONFLICT {
		return err
	}
	msg := quiz.ErrorMessage(err)
	for _, f := range fields {
		msg += "\n  " + f.Field + ": " + f.Message
	}
	return errors.New(msg)
}
