package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
)

// exportFlags are the flags of `looplab content export`.
type exportFlags struct {
	format, language, order string
	variants                int
	replace                 bool
}

// register registers the flags of `looplab content CMD` on fs: export's or import's.
func (e *exportFlags) register(fs *flag.FlagSet, cmd string) {
	e.format = "json"
	switch cmd {
	case "export":
		fs.StringVar(&e.format, "format", e.format, "export format: json (JSON lines), moodle (Moodle XML) or qti (QTI 3.0 package, zip)")
		fs.StringVar(&e.language, "language", quiz.LocaleEN, "language of the exported texts: en or vi")
		fs.StringVar(&e.order, "order", "", "multichoice: export order questions as multiple choice")
		fs.IntVar(&e.variants, "variants", 0, "export at most this many variants of each question, spread evenly (0: every variant)")
	case "import":
		fs.BoolVar(&e.replace, "replace", false, "replace bank files whose question differs from the imported one")
	}
}

// exportBank writes the bank as Moodle XML or a QTI package; skipped questions are named
// on stderr.
func exportBank(ctx context.Context, engine *quiz.Engine, items []content.Item, ex exportFlags, stdout, stderr io.Writer) int {
	if ex.format != "moodle" && ex.format != "qti" || ex.language != quiz.LocaleEN && ex.language != quiz.LocaleVI || ex.variants < 0 {
		fmt.Fprintln(stderr, "looplab content export: --format must be json, moodle or qti; --language en or vi; --variants 0 or more")
		return 2
	}
	qs := make([]export.Question, len(items))
	for i, it := range items {
		qs[i] = export.Question{Slug: it.Slug, Version: &quiz.QuestionVersion{ID: int64(i + 1), Version: 1, Content: it.Content}}
	}
	out, skipped, err := export.Build(ctx, engine, qs, export.Options{Lang: ex.language, OrderAsChoice: ex.order == "multichoice", MaxVariants: ex.variants})
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

// importBank reads the looplab questions of Moodle XML files (each a path, or - for
// standard input) and writes each as a bank file <slug>.yaml in dir, after validating
// it as `content validate` does. A file that already holds the same question is left
// as it is; one that holds another is refused unless replace. Nothing is written unless
// every question is valid.
func importBank(ctx context.Context, engine *quiz.Engine, dir string, files []string, replace bool, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int { fmt.Fprintln(stderr, "looplab content import:", err); return 1 }
	if dir == "" || len(files) == 0 {
		fmt.Fprintln(stderr, "usage: looplab content import --content DIR [--replace] FILE.xml... (the built-in bank is read-only: name the bank directory to import into)")
		return 2
	}
	var items []content.Item
	seen := map[string]string{}
	for _, name := range files {
		srcs, skipped, err := readMoodleFile(name, stdin)
		if err != nil {
			return fail(err)
		}
		for _, s := range skipped {
			fmt.Fprintf(stderr, "looplab content import: %s: skipped %q: %s\n", name, s.Slug, s.Reason)
		}
		for _, s := range srcs {
			if other, dup := seen[s.Slug]; dup {
				return fail(fmt.Errorf("%s: question %s is also in %s", name, s.Slug, other))
			}
			seen[s.Slug] = name
			items = append(items, content.Item{File: name + "#" + s.Slug, Slug: s.Slug, Content: s.Content})
		}
	}
	if err := content.Validate(ctx, engine, items); err != nil {
		return fail(err)
	}
	plan, err := content.PlanWrites(dir, items, replace)
	if err != nil {
		return fail(err)
	}
	if err := plan.Apply(); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "imported %d questions into %s: %d new, %d replaced, %d unchanged\n", len(items), dir, plan.New, plan.Replaced, plan.Unchanged)
	if plan.New+plan.Replaced == 0 {
		fmt.Fprintln(stdout, "nothing changed: the bank already holds every question as imported")
	}
	return 0
}

func readMoodleFile(name string, stdin io.Reader) ([]export.Source, []export.Skipped, error) {
	if name == "-" {
		return export.ReadMoodle(stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	srcs, skipped, err := export.ReadMoodle(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return srcs, skipped, nil
}
