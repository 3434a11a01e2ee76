package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/looplab/looplab/store"
)

// runLearners implements `looplab learners token [--ttl 1h] ID`: an admin on the
// server's machine mints a learner token (to open the practice page as that learner:
// /app/practice.html#token=…). The token is signed with the server's secret
// (LOOPLAB_TOKEN_SECRET, else the one stored in the database) and tied to no API key:
// it works until it expires, or until the secret changes.
func runLearners(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	_, args, code, done := withSubcommand("learners", "", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("learners token")
	cfg := c.config(getenv, "db")
	ttl := c.fs.Duration("ttl", 0, "token lifetime (default LOOPLAB_TOKEN_TTL)")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	id, err := c.idArg("learner")
	if err != nil {
		return c.fail(stderr, err)
	}
	if *ttl == 0 {
		*ttl = cfg.TokenTTL
	}
	if *ttl < time.Minute || *ttl > 365*24*time.Hour {
		return c.fail(stderr, errors.New("--ttl must be between 1m and 8760h"))
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab learners:", err)
		return 1
	}
	defer db.Close()
	l, err := store.NewLearnerService(db).FindLearnerByID(ctx, id)
	if err != nil {
		fmt.Fprintln(stderr, "looplab learners:", err)
		return 1
	}
	signer, err := tokenSigner(ctx, db, cfg.TokenSecret)
	if err != nil {
		fmt.Fprintln(stderr, "looplab learners:", err)
		return 1
	}
	exp := time.Now().Add(*ttl).Truncate(time.Second)
	fmt.Fprintln(stdout, signer.Mint(l.ID, 0, exp))
	fmt.Fprintf(stderr, "learner %d (%s), expires %s\n", l.ID, l.ExternalID, exp.UTC().Format(time.RFC3339))
	return 0
}
