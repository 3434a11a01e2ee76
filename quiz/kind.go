package quiz

import (
	"context"
	"encoding/json"
	"sort"
	"sync"

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

// SimKind is a kind that runs the simulator itself, to key a variant (an exercise's
// reference solution) or to grade an answer (the learner's own program). The engine
// calls these methods instead of Key and Grade.
type SimKind interface {
	Kind
	KeySim(ctx context.Context, s Simulator, c *Content, res *sim.Result) (Key, error)
	GradeSim(ctx context.Context, s Simulator, v *Variant, answer json.RawMessage) (Grade, error)
}

// programOptional reports whether a content of this kind may have no program (a
// conceptual choice question with a written key).
func programOptional(k Kind, c *Content) bool {
	po, ok := k.(interface{ ProgramOptional(c *Content) bool })
	return ok && po.ProgramOptional(c)
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

// DefaultKinds returns a registry of every built-in kind: order, numeric, choice,
// multi-choice, trace and exercise.
func DefaultKinds() *Registry {
	return NewRegistry(OrderKind{}, NewNumericKind(DefaultExtractors()), ChoiceKind{}, ChoiceKind{Multi: true},
		TraceKind{}, ExerciseKind{})
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
	// Rule is the id of the runtime rule that decides the first divergence
	// (node-semantics.md, e.g. "R-CB2"), and RuleText that rule in words.
	Rule     string `json:"rule,omitempty"`
	RuleText *Text  `json:"rule_text,omitempty"`
	// Misconception tags the mistake: an author's tag when the answer matches a listed
	// misconception (or a chosen option or failed check names one), else a tag the
	// grader detects from the answer and the key ("nexttick-as-microtask", …), else "".
	Misconception string `json:"misconception"`
	// MisconceptionText names a known misconception in words.
	MisconceptionText *Text `json:"misconception_text,omitempty"`
	// Expected is the key, revealed once the learner has answered.
	Expected json.RawMessage `json:"expected"`
	// Options is the per-option credit of a choice or multi-choice answer.
	Options []OptionResult `json:"options,omitempty"`
	// Checks is the result of each check of an exercise.
	Checks []CheckResult `json:"checks,omitempty"`
	// ProgramError is the error that stopped the learner's own program (an exercise): a
	// syntax error carries its line and column, where the editor marks it.
	ProgramError *sim.Error `json:"program_error,omitempty"`
	// Trace is the learner's own trace when the grade ran their program (exercises);
	// nil means the variant's trace.
	Trace json.RawMessage `json:"-"`
}

// OptionResult is how an answer judged one option.
type OptionResult struct {
	ID string `json:"id"`
	// Correct is whether the option is true (should be chosen); Chosen whether it was.
	Correct bool    `json:"correct"`
	Chosen  bool    `json:"chosen"`
	Credit  float64 `json:"credit"`
	// Step is the trace step that decides a simulated fact (0 for a written key).
	Step int  `json:"step,omitempty"`
	Why  Text `json:"why"`
}

// CheckResult is the outcome of one exercise check on the learner's program.
type CheckResult struct {
	Text   Text `json:"text"`
	Passed bool `json:"passed"`
	// Step is the step of the learner's trace the check looked at last (0: none).
	Step int `json:"step,omitempty"`
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
	Steps     json.RawMessage // the first outcome's trace, encoded
	// OtherSteps is the other outcomes' traces, encoded (a JSON array of OutcomeTrace),
	// nil when the program has one outcome.
	OtherSteps json.RawMessage

	revealOnce sync.Once
	revealed   json.RawMessage
}

// Revealed returns the key as the learner sees it after answering (Key.Reveal), encoded
// once per variant: a cached variant is graded many times.
func (v *Variant) Revealed() json.RawMessage {
	v.revealOnce.Do(func() { v.revealed, _ = json.Marshal(v.Key.Reveal()) })
	return v.revealed
}

// RunsPrograms reports whether grading a kind runs the learner's program (the caller
// may want to bound such grades like playground runs).
func (r *Registry) RunsPrograms(name string) bool {
	_, ok := r.kinds[name].(SimKind)
	return ok
}
