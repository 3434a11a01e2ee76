// Package content loads the question bank: one YAML file per question (the fields of
// quiz.Content plus an optional slug, which defaults to the file name), English and
// Vietnamese texts side by side. The built-in bank is embedded; Load takes any fs.FS so
// tests and `looplab serve --content DIR` can use another.
package content

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/looplab/looplab/quiz"
	"go.yaml.in/yaml/v3"
)

// Bank is the built-in question bank.
//
//go:embed bank/*.yaml
var bank embed.FS

// Bank returns the built-in bank's files (the *.yaml files at its root).
func Bank() fs.FS {
	sub, err := fs.Sub(bank, "bank")
	if err != nil {
		panic(err) // the embedded directory exists at build time
	}
	return sub
}

// Item is one question of a bank.
type Item struct {
	// File is the file's path in its FS, for error messages.
	File    string
	Slug    string
	Content quiz.Content
}

// file is the shape of a question file.
type file struct {
	Slug string `json:"slug"`
	quiz.Content
}

// Load reads every *.yaml file of fsys (recursively), in path order. Errors name the
// file and the field; all of them are reported together.
func Load(fsys fs.FS) ([]Item, error) {
	var items []Item
	var errs []error
	slugs := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return nil
		}
		it, err := loadFile(fsys, p)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if other, ok := slugs[it.Slug]; ok {
			errs = append(errs, fmt.Errorf("%s: slug: %q is also used by %s", p, it.Slug, other))
			return nil
		}
		slugs[it.Slug] = p
		items = append(items, it)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read bank: %w", err)
	}
	return items, errors.Join(errs...)
}

func loadFile(fsys fs.FS, p string) (Item, error) {
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return Item{}, fmt.Errorf("%s: %w", p, err)
	}
	return Parse(p, data)
}

// Parse reads one question file; p names it in errors and gives the default slug.
func Parse(p string, data []byte) (Item, error) {
	var f file
	if err := decodeYAML(data, &f); err != nil {
		return Item{}, fmt.Errorf("%s: %w", p, err)
	}
	if f.Slug == "" {
		f.Slug = strings.TrimSuffix(strings.TrimSuffix(path.Base(p), ".yaml"), ".yml")
	}
	return Item{File: p, Slug: f.Slug, Content: f.Content}, nil
}

// decodeYAML decodes YAML into v through its JSON field names; an unknown field is an
// error, and errors read "field: problem".
func decodeYAML(data []byte, v any) error {
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	js, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.New(fieldOf(err))
	}
	return nil
}

// fieldOf rewrites a JSON decoding error as "field: problem".
func fieldOf(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: must be %s, not %s", strings.TrimPrefix(te.Field, "Content."), te.Type, te.Value)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return strings.Trim(f, `"`) + ": unknown field"
	}
	return msg
}

// Validate checks every item fully (statically, then by simulating its variants and
// deriving their keys), in parallel. Errors name the file and the field.
func Validate(ctx context.Context, e *quiz.Engine, items []Item) error {
	errs := make([]error, len(items))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			it := &items[i]
			q := &quiz.Question{Slug: it.Slug, Content: it.Content}
			err := quiz.ValidateQuestion(q, e.Kinds())
			if err == nil {
				err = e.Check(ctx, &q.Content)
			}
			it.Content = q.Content // Validate normalises (default module)
			errs[i] = describe(it.File, err)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// describe names the file and the fields of a validation error.
func describe(file string, err error) error {
	if err == nil {
		return nil
	}
	fields := quiz.ErrorFields(err)
	if len(fields) == 0 {
		return fmt.Errorf("%s: %s", file, quiz.ErrorMessage(err))
	}
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = fmt.Sprintf("%s: %s: %s", file, f.Field, f.Message)
	}
	sort.Strings(parts)
	return errors.New(strings.Join(parts, "\n"))
}

// Sync stores every item as a built-in question, publishing a new version of each one
// whose content changed. It returns how many versions it published.
func Sync(ctx context.Context, qs quiz.QuestionService, items []Item) (int, error) {
	n := 0
	for _, it := range items {
		_, created, err := qs.SyncBankQuestion(ctx, it.Slug, it.Content)
		if err != nil {
			return n, fmt.Errorf("%s: %w", it.File, err)
		}
		if created {
			n++
		}
	}
	return n, nil
}
