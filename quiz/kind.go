package quiz

import (
	"encoding/json"
	"sort"

	"github.com/looplab/looplab/sim"
)

// Kind is one kind of question: it checks a question's kind-specific spec, derives the
// answer key of a simulated variant, and grades answers. New kinds plug in through a
// Registry; nothing else in the server switches on the kind.
type Kind interface {
	// Name is the kind's name in content files and the API ("order", "numeric").
	Name() string
	// ValidateSpec checks c.Spec and c.Misconceptions without simulating.
	ValidateSpec(c *Content) []FieldError
	// Key derives the answer key of a variant from its simulation. An error means the
	// variant cannot be graded; it should be EINVALID naming the field at fault.
	Key(c *Content, res *sim.Result) (Key, error)
	// Grade grades an answer to a variant. EINVALID for an answer of the wrong shape.
	Grade(v *Variant, answer json.RawMessage) (Grade, error)
}

// Key is a variant's answer key.
type Key interface {
	// Public is what a learner may see before answering (the lines to put in order),
	// or nil. It must not reveal the answer.
	Public(seed int64) any
	// Reveal is the answer as shown after answering.
	Reveal() any
}

// Registry holds the kinds a server knows. It is built at start-up and then only read.
type Registry struct {
	kinds map[string]Kind
}

// NewRegistry returns a registry of the given kinds.
func NewRegistry(kinds ...Kind) *Registry {
	r := &Registry{kinds: map[string]Kind{}}
	for _, k := range kinds {
		r.Register(k)
	}
	return r
}

// DefaultKinds returns a registry of every built-in kind.
func DefaultKinds() *Registry {
	return NewRegistry(OrderKind{}, NewNumericKind(DefaultExtractors()))
}

// Register adds a kind, replacing one of the same name.
func (r *Registry) Register(k Kind) { r.kinds[k.Name()] = k }

// Lookup returns the kind of a name.
func (r *Registry) Lookup(name string) (Kind, bool) {
	k, ok := r.kinds[name]
	return k, ok
}

// Names lists the kinds in order.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.kinds))
	for n := range r.kinds {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Grade is the result of grading one answer.
type Grade struct {
	// Score is the credit in 0..1.
	Score   float64 `json:"score"`
	Verdict Verdict `json:"verdict"`
	// Divergence is where the answer first parts from the runtime (order questions).
	Divergence *Divergence `json:"divergence"`
	// Step is the trace step the explanation starts at (0 when none applies).
	Step int `json:"step"`
	// Explanation explains the grade, starting from the step that decides it.
	Explanation Text `json:"explanation"`
	// Misconception tags the mistake: an author's tag when the answer matches a listed
	// misconception, else the id of the runtime rule the answer broke, else "".
	Misconception string `json:"misconception"`
	// Expected is the key, revealed once the learner has answered.
	Expected json.RawMessage `json:"expected"`
}

// Divergence is the first place an ordered answer differs from the closest outcome.
type Divergence struct {
	// Index is the 0-based position of the first line out of place.
	Index int `json:"index"`
	// Expected is the line the runtime prints there; Got is the learner's line there
	// (null when the answer is shorter).
	Expected string  `json:"expected"`
	Got      *string `json:"got"`
	// Step is the trace step at which Expected is printed (0 when it is not in the
	// trace), with its virtual time and phase, and the rule that decided it.
	Step   int     `json:"step"`
	TimeMS float64 `json:"time_ms"`
	Phase  string  `json:"phase"`
	Rule   string  `json:"rule,omitempty"`
}

// Variant is one simulated variant of a question version: its filled-in content, the
// simulation, the key, and the trace pre-encoded as JSON (so grading a cached variant
// runs neither the simulator nor the trace encoder).
type Variant struct {
	VersionID int64
	Values    []ParamValue
	Content   Content
	Result    *sim.Result
	Key       Key
	Steps     json.RawMessage
}
