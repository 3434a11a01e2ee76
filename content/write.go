package content

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/looplab/looplab/quiz"
)

// WritePlan is what writing questions into a bank directory will do: which files it
// creates or replaces, and how many questions the bank already holds as they are.
type WritePlan struct {
	New, Replaced, Unchanged int
	writes                   []plannedWrite
}

type plannedWrite struct {
	path string
	data []byte
}

// PlanWrites plans writing items into the bank directory dir (created if missing): a
// question whose slug the bank holds goes to that file, replacing it when its content
// differs (only with replace; else an error names it), and a new one to <slug>.yaml.
// Nothing is written until Apply.
func PlanWrites(dir string, items []Item, replace bool) (*WritePlan, error) {
	existing := map[string]Item{}
	if _, err := os.Stat(dir); err == nil {
		have, err := Load(os.DirFS(dir))
		if err != nil {
			return nil, fmt.Errorf("the bank in %s does not load (fix it first): %w", dir, err)
		}
		for _, it := range have {
			existing[it.Slug] = it
		}
	}
	p := &WritePlan{}
	for _, it := range items {
		data, err := Marshal(it.Slug, it.Content)
		if err != nil {
			return nil, err
		}
		old, ok := existing[it.Slug]
		switch {
		case !ok:
			path := filepath.Join(dir, it.Slug+".yaml")
			if _, err := os.Stat(path); err == nil {
				return nil, fmt.Errorf("%s exists and holds another question than %s", path, it.Slug)
			}
			p.New++
			p.writes = append(p.writes, plannedWrite{path, data})
		case sameContent(old.Content, it.Content):
			p.Unchanged++
		case !replace:
			return nil, fmt.Errorf("%s: the bank's question %s differs from the imported one (--replace replaces it)", filepath.Join(dir, old.File), it.Slug)
		default:
			p.Replaced++
			p.writes = append(p.writes, plannedWrite{filepath.Join(dir, old.File), data})
		}
	}
	return p, nil
}

// Apply writes the planned files.
func (p *WritePlan) Apply() error {
	for _, w := range p.writes {
		if err := os.MkdirAll(filepath.Dir(w.path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(w.path, w.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// sameContent compares two contents, each with its defaults (a bank file may leave out
// what a validated question spells), by their JSON (raw JSON fields compare as values,
// whatever their spacing).
func sameContent(a, b quiz.Content) bool {
	a.SetDefaults()
	b.SetDefaults()
	var x, y any
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	_ = json.Unmarshal(ja, &x)
	_ = json.Unmarshal(jb, &y)
	return reflect.DeepEqual(x, y)
}
