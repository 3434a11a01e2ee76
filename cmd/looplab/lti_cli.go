package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
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
	fs.StringVar(&f.authURL, "auth-url", "", "the platform's OIDC authentication (login) URL")
	fs.StringVar(&f.tokenURL, "token-url", "", "the platform's OAuth2 token URL")
	fs.StringVar(&f.jwksURL, "jwks-url", "", "the platform's public keyset (JWKS) URL")
	fs.StringVar(&f.tokenAud, "token-audience", "", "the aud of token requests, when not the token URL")
}

const ltiUsage = `usage: looplab lti [--db FILE] register --issuer ISS --client-id ID --deployment-id ID[,ID] --auth-url URL --token-url URL --jwks-url URL [--name NAME] [--public-url URL]
       looplab lti [--db FILE] list
       looplab lti [--db FILE] rotate-key`

// runLTI implements `looplab lti register|list|rotate-key`: LTI platform registrations
// and the tool's signing key, on the database directly (the API has the same under
// /v1/lti).
func runLTI(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd, args := commandFirst(args, "register", "list", "rotate-key")
	var lf ltiFlags
	cfg, fs, err := dbFlagsWith("lti", args, stderr, getenv, lf.register)
	if err != nil || cmd == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, ltiUsage)
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
		err = ltiRegister(ctx, st, lf, cfg.Integ.PublicURL, stdout)
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
	if publicURL == "" {
		publicURL = "https://YOUR-LOOPLAB-HOST"
	}
	publicURL = strings.TrimSuffix(publicURL, "/")
	out, _ := json.MarshalIndent(struct {
		*lti.Platform
		Tool map[string]string `json:"tool"`
	}{p, map[string]string{"login_url": publicURL + "/lti/login", "launch_url": publicURL + "/lti/launch",
		"jwks_url": publicURL + "/lti/jwks", "deep_link_url": publicURL + "/lti/launch"}}, "", "  ")
	_, err := fmt.Fprintln(stdout, string(out))
	return err
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
