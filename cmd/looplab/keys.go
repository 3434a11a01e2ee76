package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
)

// runKeys implements `looplab keys create --role admin|instructor|app [--name NAME]`
// (printing the new key once), `looplab keys list` and `looplab keys revoke ID`.
func runKeys(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	const usage = "usage: looplab keys create --role admin|instructor|app [--name NAME] | list | revoke ID  [--db FILE]"
	if len(args) == 0 || (args[0] != "create" && args[0] != "list" && args[0] != "revoke") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	var role, name *string
	cfg, fs, err := dbFlagsWith("keys "+args[0], args[1:], stderr, getenv, func(fs *flag.FlagSet) {
		if args[0] == "create" {
			role = fs.String("role", "", "admin, instructor or app")
			name = fs.String("name", "", "a label for the key")
		}
	})
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 2
	}
	var id int64
	switch args[0] {
	case "create":
		if _, err := quiz.ParseRole(*role); err != nil {
			fmt.Fprintln(stderr, "looplab keys: --role must be admin, instructor or app")
			return 2
		}
	case "revoke":
		if id, err = strconv.ParseInt(fs.Arg(0), 10, 64); fs.NArg() != 1 || err != nil || id <= 0 {
			fmt.Fprintln(stderr, usage)
			return 2
		}
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 1
	}
	defer db.Close()
	keys := store.NewKeyService(db)
	switch args[0] {
	case "create":
		var signer *quiz.TokenSigner
		if signer, err = tokenSigner(ctx, db, cfg.TokenSecret); err == nil {
			err = createKey(ctx, keys, signer, *role, *name, stdout)
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
