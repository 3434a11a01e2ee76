package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/looplab/looplab/quiz"
)

// A looplab question travels inside the formats it is exported to as an HTML comment
// holding its source as JSON: <!-- looplab-question: {"slug":…,"version":…,"content":…} -->.
// An HTML comment shows nowhere, and Moodle keeps question texts as they are written
// through its own import, editing and export, so the source comes back unchanged.
// encoding/json escapes <, > and &, so the JSON can never close the comment.

const sourceMarker = "looplab-question:"

// Source is a looplab question as written: what ReadMoodle gives back.
type Source struct {
	Slug    string       `json:"slug"`
	Version int          `json:"version,omitempty"`
	Content quiz.Content `json:"content"`
}

// SourceComment is the HTML comment carrying the item's question source.
func (it *Item) SourceComment() string {
	js, _ := json.Marshal(Source{Slug: it.Slug, Version: it.Version, Content: it.Source}) // a Content always encodes
	return "<!-- " + sourceMarker + " " + string(js) + " -->"
}

var sourceRE = regexp.MustCompile(`<!-- ` + regexp.QuoteMeta(sourceMarker) + ` (\{.*?\}) -->`)

// parseSource finds the question source in an HTML text, and its JSON text; ok is
// false when the text carries none.
func parseSource(text string) (src Source, raw string, ok bool, err error) {
	m := sourceRE.FindStringSubmatch(text)
	if m == nil {
		return Source{}, "", false, nil
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(m[1])))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&src); err != nil {
		return Source{}, "", true, fmt.Errorf("looplab question source: %w", err)
	}
	if src.Slug == "" {
		return Source{}, "", true, fmt.Errorf("looplab question source: no slug")
	}
	return src, m[1], true, nil
}
