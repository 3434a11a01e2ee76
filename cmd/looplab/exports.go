package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
)

// exportFlags are the flags of `looplab content export`.
type exportFlags struct {
	format, language, order string
}

func (e *exportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&e.format, "format", "json", "export format: json (JSON lines), moodle (Moodle XML) or qti (QTI 3.0 package, zip)")
	fs.StringVar(&e.language, "language", quiz.LocaleEN, "language of the exported texts: en or vi")
	fs.StringVar(&e.order, "order", "", "multichoice: export order questions as multiple choice")
}

// commandFirst finds the first argument that is one of cmds and returns it and the other
// arguments (so flags may come before or after the command).
func commandFirst(args []string, cmds ...string) (string, []string) {
	for i, a := range args {
		if slices.Contains(cmds, a) {
			return a, append(slices.Clone(args[:i]), args[i+1:]...)
		}
	}
	return "", args
}

// exportBank writes the bank as Moodle XML or a QTI package; skipped questions are named
// on stderr.
func exportBank(ctx context.Context, engine *quiz.Engine, items []content.Item, ex exportFlags, stdout, stderr io.Writer) int {
	if ex.format != "moodle" && ex.format != "qti" || ex.language != quiz.LocaleEN && ex.language != quiz.LocaleVI {
		fmt.Fprintln(stderr, "looplab content export: --format must be json, moodle or qti; --language en or vi")
		return 2
	}
	qs := make([]export.Question, len(items))
	for i, it := range items {
		qs[i] = export.Question{Slug: it.Slug, Version: &quiz.QuestionVersion{ID: int64(i + 1), Version: 1, Content: it.Content}}
	}
	out, skipped, err := export.Build(ctx, engine, qs, ex.language, ex.order == "multichoice")
	if err != nil {
		fmt.Fprintln(stderr, "looplab content export:", err)
		return 1
	}
	for _, s := range skipped {
		fmt.Fprintf(stderr, "looplab content export: skipped %s: %s\n", s.Slug, s.Reason)
	}
	if ex.format == "qti" {
		err = export.QTI(stdout, out)
	} else {
		err = export.Moodle(stdout, out, "looplab")
	}
	if err != nil {
		fmt.Fprintln(stderr, "looplab content export:", err)
		return 1
	}
	return 0
}
