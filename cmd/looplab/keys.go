package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
)

// runKeys implements `looplab keys create --role admin|instructor|app [--name NAME]`
// (printing the new key once), `looplab keys list` and `looplab keys revoke ID`.
func runKeys(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	sub, args, code, done := withSubcommand("keys", "", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("keys " + sub)
	cfg := c.config(getenv, "db")
	var role, name string
	if sub == "create" {
		c.fs.StringVar(&role, "role", "", "admin, instructor or app")
		c.fs.StringVar(&name, "name", "", "a label for the key")
	}
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	idOf := ""
	if sub == "revoke" {
		idOf = "key"
	}
	id, err := c.idArg(idOf)
	if err != nil {
		return c.fail(stderr, err)
	}
	if _, err := quiz.ParseRole(role); sub == "create" && err != nil {
		return c.fail(stderr, errors.New("--role must be admin, instructor or app"))
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 1
	}
	defer db.Close()
	keys := store.NewKeyService(db)
	switch sub {
	case "create":
		var signer *quiz.TokenSigner
		if signer, err = tokenSigner(ctx, db, cfg.TokenSecret); err == nil {
			err = createKey(ctx, keys, signer, role, name, stdout)
		}
	case "list":
		err = listKeys(ctx, keys, stdout)
	case "revoke":
		var k *quiz.APIKey
		if k, err = keys.RevokeKey(ctx, id); err == nil {
			fmt.Fprintf(stdout, "revoked key %d (%s, %s) at %s\n", k.ID, k.Role, k.Name, k.RevokedAt.Format(time.RFC3339))
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 1
	}
	return 0
}

// createKey creates a key of a role and prints its secret, the only time it is shown.
func createKey(ctx context.Context, keys quiz.KeyService, signer *quiz.TokenSigner, role, name string, stdout io.Writer) error {
	r, err := quiz.ParseRole(role)
	if err != nil {
		return err
	}
	secret := signer.NewKeySecret()
	if err := keys.CreateKey(ctx, &quiz.APIKey{Name: name, Role: r, Hash: quiz.HashKey(secret)}); err != nil {
		return err
	}
	fmt.Fprintln(stdout, secret)
	return nil
}

// listKeys prints every key, one per line: id, role, state, creation time and name.
func listKeys(ctx context.Context, keys quiz.KeyService, stdout io.Writer) error {
	var after int64
	for {
		page, err := keys.FindKeys(ctx, quiz.KeyFilter{After: after, Limit: 500})
		if err != nil || len(page) == 0 {
			return err
		}
		for _, k := range page {
			state := "active"
			if k.RevokedAt != nil {
				state = "revoked " + k.RevokedAt.Format(time.RFC3339)
			}
			fmt.Fprintf(stdout, "%d\t%s\t%s\t%s\t%s\n", k.ID, k.Role, state, k.CreatedAt.Format(time.RFC3339), k.Name)
		}
		after = page[len(page)-1].ID
	}
}
