package content

import (
	_ "embed"
	"fmt"

	"github.com/looplab/looplab/quiz"
)

//go:embed path.yaml
var pathYAML []byte

// Path returns the built-in learning path (path.yaml), checked (quiz.Path.Validate).
func Path() (*quiz.Path, error) { return ParsePath(pathYAML) }

// ParsePath reads a learning path from YAML; unknown fields are errors.
func ParsePath(data []byte) (*quiz.Path, error) {
	var p quiz.Path
	if err := decodeYAML(data, &p); err != nil {
		return nil, fmt.Errorf("path: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("path: %w", err)
	}
	return &p, nil
}
