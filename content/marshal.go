package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/looplab/looplab/quiz"
	"go.yaml.in/yaml/v3"
)

// Marshal writes a question as a bank file: its slug, then the fields of quiz.Content in
// their declared order, multi-line text as literal blocks. Parse(Marshal(x)) gives x back
// (the round trip loses nothing).
func Marshal(slug string, c quiz.Content) ([]byte, error) {
	js, err := json.Marshal(file{Slug: slug, Content: c})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", slug, err)
	}
	// JSON is YAML: decoding it into a node keeps the key order of the struct.
	var doc yaml.Node
	if err := yaml.Unmarshal(js, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", slug, err)
	}
	restyle(&doc)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", slug, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", slug, err)
	}
	return buf.Bytes(), nil
}

// restyle turns the flow style of decoded JSON into block style: mappings and lists in
// blocks, strings plain or literal (multi-line), scalars of short lists and small
// objects (a scenario's data, an answer) kept inline.
func restyle(n *yaml.Node) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			restyle(c)
		}
	case yaml.MappingNode, yaml.SequenceNode:
		n.Style = 0
		if n.Kind == yaml.SequenceNode && allScalars(n) && len(n.Content) <= 12 {
			n.Style = yaml.FlowStyle
		}
		for _, c := range n.Content {
			restyle(c)
		}
	case yaml.ScalarNode:
		n.Style = 0
		if n.Tag == "!!str" && strings.Contains(n.Value, "\n") && !strings.Contains(n.Value, "\t") && !hasTrailingSpace(n.Value) {
			n.Style = yaml.LiteralStyle
		} else if n.Tag == "!!str" {
			n.Style = scalarStyle(n.Value)
		}
	}
}

func allScalars(n *yaml.Node) bool {
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode || strings.Contains(c.Value, "\n") {
			return false
		}
	}
	return true
}

// hasTrailingSpace reports lines ending in blanks, which a literal block cannot keep.
func hasTrailingSpace(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasSuffix(l, " ") {
			return true
		}
	}
	return false
}

// scalarStyle keeps a string plain when YAML reads it back as the same string, and
// double-quotes it otherwise.
func scalarStyle(v string) yaml.Style {
	var back any
	if err := yaml.Unmarshal([]byte(v), &back); err == nil {
		if s, ok := back.(string); ok && s == v && !strings.ContainsAny(v, "#:{}[],&*!|>'\"%@`") && v == strings.TrimSpace(v) {
			return 0
		}
	}
	return yaml.DoubleQuotedStyle
}
