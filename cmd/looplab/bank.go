package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
)

// runContent implements `looplab content validate|export|import [--content DIR]`:
// validate loads and simulates every question (errors name the file and field); import
// writes the looplab questions of Moodle XML files into the bank directory (exports.go);
// export prints
// the bank as JSON lines, one question per line, or with --format moodle|qti as a
// Moodle XML file or a QTI 3.0 package (exports.go). Flags may follow the command.
func runContent(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd, args, code, done := withSubcommand("content", "", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("content " + cmd)
	cfg := c.config(getenv, append([]string{"content"}, simLimitNames()...)...)
	var ex exportFlags
	ex.register(c.fs, cmd)
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := cfg.Sim.validate(); err != nil {
		return c.fail(stderr, err)
	}
	if cmd == "import" {
		engine := quiz.NewEngine(cfg.Sim.simulator(), quiz.DefaultKinds(), 64, nil)
		return importBank(ctx, engine, cfg.Content, c.fs.Args(), ex.replace, stdin, stdout, stderr)
	}
	if err := c.noArgs(); err != nil {
		return c.fail(stderr, err)
	}
	items, err := content.Load(bankFS(cfg.Content))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	engine := quiz.NewEngine(cfg.Sim.simulator(), quiz.DefaultKinds(), 64, nil)
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
