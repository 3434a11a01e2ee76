package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/store"
)

// runContent implements `looplab content validate|export [--content DIR]`: validate
// loads and simulates every question (errors name the file and field); export prints
// the bank as JSON lines, one question per line, or with --format moodle|qti as a
// Moodle XML file or a QTI 3.0 package (exports.go). Flags may follow the command.
func runContent(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd, args := commandFirst(args, "validate", "export")
	var ex exportFlags
	cfg, fs, err := dbFlagsWith("content", args, stderr, getenv, ex.register)
	if err != nil {
		fmt.Fprintln(stderr, "looplab content:", err)
		return 2
	}
	if fs.NArg() != 0 || (cmd != "validate" && cmd != "export") {
		fmt.Fprintln(stderr, "usage: looplab content [--content DIR] validate|export [--format json|moodle|qti] [--language en|vi] [--order multichoice]")
		return 2
	}
	items, err := content.Load(bankFS(cfg.Content))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	engine := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil)
	if err := content.Validate(ctx, engine, items); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if cmd == "validate" {
		fmt.Fprintf(stdout, "%d questions valid\n", len(items))
		return 0
	}
	if ex.format != "json" {
		return exportBank(ctx, engine, items, ex, stdout, stderr)
	}
	enc := json.NewEncoder(stdout)
	for _, it := range items {
		if err := enc.Encode(struct {
			Slug string `json:"slug"`
			quiz.Content
		}{it.Slug, it.Content}); err != nil {
			fmt.Fprintln(stderr, "looplab content:", err)
			return 1
		}
	}
	return 0
}

// runKeys implements `looplab keys create --role admin|instructor|app [--name NAME]`,
// printing the new key once.
func runKeys(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "usage: looplab keys create --role admin|instructor|app [--name NAME] [--db FILE]")
		return 2
	}
	fs := flag.NewFlagSet("keys create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, envErr := configFlags(fs, getenv)
	role := fs.String("role", "", "admin, instructor or app")
	name := fs.String("name", "", "a label for the key")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *envErr != nil {
		fmt.Fprintln(stderr, "looplab keys:", *envErr)
		return 2
	}
	r, err := quiz.ParseRole(*role)
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys: --role must be admin, instructor or app")
		return 2
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 1
	}
	defer db.Close()
	secret := quiz.NewKeySecret()
	k := &quiz.APIKey{Name: *name, Role: r, Hash: quiz.HashKey(secret)}
	if err := store.NewKeyService(db).CreateKey(ctx, k); err != nil {
		fmt.Fprintln(stderr, "looplab keys:", err)
		return 1
	}
	fmt.Fprintln(stdout, secret)
	return 0
}
