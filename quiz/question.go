package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// Text is prose in the languages the content exists in (Text.In picks one, falling back
// to the other): the one bilingual shape, trace.Text.
type Text = trace.Text

// Status is where a question is in its life.
type Status string

// A question is a draft until its first version is published.
const (
	StatusDraft     Status = "draft"
	StatusPublished Status = "published"
)

// Param is one parameter of a question's variants: an integer range Min..Max, one of
// Choices, or a list of Labels (Count of them, 0 for all, in an order the seed shuffles).
// Its value replaces {{Name}} in the program, the texts, the scenario and the spec; a
// list also fills {{Name.json}} (a JSON array, for code) and {{Name.0}}, {{Name.1}}…
// (its elements); any parameter fills {{Name.json}} with its JSON value.
type Param struct {
	Name    string   `json:"name"`
	Min     int64    `json:"min,omitempty"`
	Max     int64    `json:"max,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Labels  []string `json:"labels,omitempty"`
	Count   int      `json:"count,omitempty"`
}

// Source is the passage of a seed document a question comes from.
type Source struct {
	// Seed is the seed file ("event-loop.vi.txt").
	Seed string `json:"seed"`
	// Section is the title of the section, as written in the seed.
	Section string `json:"section"`
	// Quote is a short quotation of the passage (optional).
	Quote string `json:"quote,omitempty"`
}

// Misconception names a typical wrong answer: an answer equal to Answer is tagged Tag
// and gets Explanation.
type Misconception struct {
	Tag         string          `json:"tag"`
	Answer      json.RawMessage `json:"answer"`
	Explanation Text            `json:"explanation"`
}

// Content is everything a question version says: the texts, the program and scenario
// the answer key comes from, the kind and its kind-specific Spec, and the parameters of
// its variants. A published version's Content never changes.
type Content struct {
	Topic      string         `json:"topic"`
	Kind       string         `json:"kind"`
	Difficulty int            `json:"difficulty"`
	Title      Text           `json:"title"`
	Prompt     Text           `json:"prompt"`
	Module     sim.ModuleKind `json:"module"`
	// Program is the JavaScript the key is simulated from (an exercise's starting code).
	// Conceptual choice questions may have none.
	Program  string          `json:"program"`
	Scenario json.RawMessage `json:"scenario,omitempty"` // a sim.Scenario; may hold "{{name}}"
	// Node is the Node release the key is made for, as sim.LookupProfile takes it (a
	// major, "24", or the exact version a profile reports); validation fills in the
	// default (sim.DefaultNode), so a stored question always says which Node it is about.
	Node string `json:"node,omitempty"`

	Params         []Param         `json:"params,omitempty"`
	Spec           json.RawMessage `json:"spec,omitempty"`
	Hints          []Text          `json:"hints,omitempty"`
	Explanation    Text            `json:"explanation"`
	Misconceptions []Misconception `json:"misconceptions,omitempty"`
	// Source is the seed passage the question is written from.
	Source *Source `json:"source,omitempty"`
}

// Languages lists the locales in which the title and the prompt both exist.
func (c *Content) Languages() []string {
	var out []string
	if c.Title.EN != "" && c.Prompt.EN != "" {
		out = append(out, LocaleEN)
	}
	if c.Title.VI != "" && c.Prompt.VI != "" {
		out = append(out, LocaleVI)
	}
	return out
}

// tagRule says what a misconception tag must look like: one spelling per idea, as the
// built-in tags are spelled, so statistics do not split one misconception in two
// (pool_is_unbounded next to pool-size-forgotten).
const tagRule = "must be lowercase words joined by hyphens (pool-size-forgotten), at most 40 characters"

// validTag reports whether a misconception tag is spelled as tagRule says.
func validTag(tag string) bool { return len(tag) <= 40 && tagRE.MatchString(tag) }

var (
	slugRE        = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,79}$`)
	nameRE        = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)
	tagRE         = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	placeholderRE = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*)(?:\.(json|[0-9]+))?\}\}`)
)

// SetDefaults fills in the fields a question may leave out: the module (CommonJS) and
// the Node profile (sim.DefaultNode). Validation does it; contents compare once both
// have them.
func (c *Content) SetDefaults() {
	if c.Module == "" {
		c.Module = sim.CommonJS
	}
	if c.Node == "" {
		c.Node = sim.DefaultNode
	}
}

// validate reports the static problems of c (no simulation); the kind is looked up in
// kinds. It sets the defaults first.
func (c *Content) validate(kinds *Registry) []FieldError {
	var fe fieldErrors
	c.Topic = strings.TrimSpace(c.Topic)
	if c.Topic == "" || !nameRE.MatchString(strings.ReplaceAll(c.Topic, "-", "_")) {
		fe.add("topic", "must be a short lowercase name (letters, digits, - or _)")
	}
	kind, ok := kinds.Lookup(c.Kind)
	if !ok {
		fe.add("kind", "must be one of %s", strings.Join(kinds.Names(), ", "))
	}
	if c.Difficulty < 1 || c.Difficulty > 5 {
		fe.add("difficulty", "must be between 1 and 5")
	}
	validateText(&fe, "title", c.Title, 200)
	validateText(&fe, "prompt", c.Prompt, 4000)
	if len(c.Languages()) == 0 {
		fe.add("prompt", "title and prompt need at least one language in common (en or vi)")
	}
	c.SetDefaults()
	if c.Module != sim.CommonJS && c.Module != sim.ESModule {
		fe.add("module", "must be cjs or esm")
	}
	if _, err := sim.LookupProfile(c.Node); err != nil {
		fe.add("node", "must be one of %s", strings.Join(sim.ProfileNames(), ", "))
	}
	switch {
	case strings.TrimSpace(c.Program) == "" && !(ok && programOptional(kind, c)):
		fe.add("program", "is required")
	case len(c.Program) > 64<<10:
		fe.add("program", "must be at most 64 KiB")
	}
	inst := c.Instantiate(c.extremeValues()[0])
	if _, err := inst.SimScenario(); err != nil {
		fe.add("scenario", "%s", err.Error())
	}
	c.validateParams(&fe)
	for i, h := range c.Hints {
		validateText(&fe, fmt.Sprintf("hints[%d]", i), h, 1000)
	}
	if c.Source != nil && (strings.TrimSpace(c.Source.Seed) == "" || strings.TrimSpace(c.Source.Section) == "") {
		fe.add("source", "needs a seed and a section")
	}
	for i, m := range c.Misconceptions {
		if !validTag(m.Tag) {
			fe.add(fmt.Sprintf("misconceptions[%d].tag", i), tagRule)
		}
		if len(m.Answer) == 0 {
			fe.add(fmt.Sprintf("misconceptions[%d].answer", i), "is required")
		}
	}
	if ok {
		// The spec may hold placeholders ("job": "{{job}}"): check it filled in.
		vc := *c
		vc.Spec = fillJSON(c.Spec, c.extremeValues()[0])
		fe = append(fe, kind.ValidateSpec(&vc)...)
	}
	return fe
}

func validateText(fe *fieldErrors, field string, t Text, maxLen int) {
	if t.EN == "" && t.VI == "" {
		fe.add(field, "needs an en or vi text")
	}
	if utf8.RuneCountInString(t.EN) > maxLen {
		fe.add(field+".en", "must be at most %d characters", maxLen)
	}
	if utf8.RuneCountInString(t.VI) > maxLen {
		fe.add(field+".vi", "must be at most %d characters", maxLen)
	}
}

func (c *Content) validateParams(fe *fieldErrors) {
	seen := map[string]bool{}
	for i, p := range c.Params {
		f := fmt.Sprintf("params[%d]", i)
		if !nameRE.MatchString(p.Name) {
			fe.add(f+".name", "must be a lowercase identifier")
		}
		if seen[p.Name] {
			fe.add(f+".name", "is used twice")
		}
		seen[p.Name] = true
		kinds := 0
		for _, set := range []bool{len(p.Choices) > 0, len(p.Labels) > 0, p.Min != 0 || p.Max != 0} {
			if set {
				kinds++
			}
		}
		switch {
		case kinds > 1:
			fe.add(f, "must be one of a range, choices or labels")
		case len(p.Labels) > 0 && (p.Count < 0 || p.Count > len(p.Labels)):
			fe.add(f+".count", "must be between 0 and the number of labels")
		case len(p.Labels) > 64:
			fe.add(f+".labels", "must be at most 64 labels")
		case p.Count != 0 && len(p.Labels) == 0:
			fe.add(f+".count", "applies to labels only")
		case len(p.Labels) > 0:
		case len(p.Choices) == 0 && p.Max < p.Min:
			fe.add(f+".max", "must be at least min")
		case len(p.Choices) == 0 && p.Max-p.Min > 1_000_000:
			fe.add(f+".max", "the range is too large")
		}
	}
	fields := map[string]string{"program": c.Program, "prompt.en": c.Prompt.EN, "prompt.vi": c.Prompt.VI,
		"explanation.en": c.Explanation.EN, "explanation.vi": c.Explanation.VI,
		"spec": string(c.Spec), "scenario": string(c.Scenario)}
	for i, m := range c.Misconceptions {
		fields[fmt.Sprintf("misconceptions[%d].answer", i)] = string(m.Answer)
	}
	for field, s := range fields {
		for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
			if !seen[m[1]] {
				fe.add(field, "placeholder {{%s}} has no parameter", m[1])
			}
		}
		for _, m := range computedRE.FindAllStringSubmatch(s, -1) {
			for _, vals := range c.extremeValues() {
				if _, err := EvalComputed(m[2], vals); err != nil {
					fe.add(field, "{{= %s}}: %s", m[2], err.Error())
					break
				}
			}
		}
	}
}

// SimScenario decodes the scenario strictly (unknown fields are errors) and validates it.
// Call it on an instantiated content: placeholders must be filled.
func (c *Content) SimScenario() (sim.Scenario, error) {
	var sc sim.Scenario
	if len(c.Scenario) == 0 || string(c.Scenario) == "null" {
		return c.withNode(sc)
	}
	dec := json.NewDecoder(bytes.NewReader(c.Scenario))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return sc, fmt.Errorf("is not a valid scenario: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if err := sc.Validate(); err != nil {
		return sc, simInvalid(err, errors.New)
	}
	return c.withNode(sc)
}

// withNode is sc simulated as the question's Node release: the question's node, unless
// the scenario names the same release itself (naming another one is an error).
func (c *Content) withNode(sc sim.Scenario) (sim.Scenario, error) {
	if c.Node == "" {
		return sc, nil
	}
	if sc.Node != "" {
		mine, err1 := sim.LookupProfile(c.Node)
		theirs, err2 := sim.LookupProfile(sc.Node)
		if err1 == nil && err2 == nil && mine.Version != theirs.Version {
			return sc, fmt.Errorf("names Node %s, the question Node %s: say it once, in node", theirs.Version, mine.Version)
		}
	}
	sc.Node = c.Node
	return sc, nil
}

// NodeVersion is the exact Node release the key is made for ("24.18.0").
func (c *Content) NodeVersion() string {
	p, err := sim.LookupProfile(c.Node)
	if err != nil {
		return ""
	}
	return p.Version
}

// simInvalid turns a simulator error that is the program's or the scenario's fault (a
// *sim.Error: a syntax error, a budget exceeded, an API not simulated, an invalid
// scenario) into the client error invalid builds from its message. Any other error (a
// cancelled request, an internal failure) is returned wrapped instead, for the API to
// answer 500 without showing its text.
func simInvalid(err error, invalid func(message string) error) error {
	var se *sim.Error
	if errors.As(err, &se) {
		return invalid(se.Message)
	}
	return fmt.Errorf("simulate: %w", err)
}

// Question is an authored question: the working copy of its content (what the next
// publish snapshots) and the number of its latest published version (0 for none).
type Question struct {
	ID      int64   `json:"id"`
	Slug    string  `json:"slug"`
	OwnerID int64   `json:"owner_key_id"` // the API key that created it; 0 for the built-in bank
	Status  Status  `json:"status"`
	Version int     `json:"version"`
	Content Content `json:"content"`
	// Bank is true for questions loaded from the built-in bank.
	Bank      bool      `json:"bank"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ValidateQuestion checks a question's slug and content (statically).
func ValidateQuestion(q *Question, kinds *Registry) error {
	fe := fieldErrors(q.Content.validate(kinds))
	if !slugRE.MatchString(q.Slug) {
		fe = append(fieldErrors{{Field: "slug", Message: "must be 2-80 lowercase letters, digits or -"}}, fe...)
	}
	return Invalid("The question is invalid.", fe)
}

// QuestionVersion is an immutable published snapshot of a question.
type QuestionVersion struct {
	ID         int64     `json:"id"`
	QuestionID int64     `json:"question_id"`
	Version    int       `json:"version"`
	Content    Content   `json:"content"`
	CreatedAt  time.Time `json:"created_at"`
}

// QuestionFilter selects questions; zero fields do not filter. Without a Status, the
// published questions are listed with the drafts and unpublished questions of OwnerID
// (every one with AllDrafts), archived and deleted ones never; another Status than
// published lists only OwnerID's questions of that status (every one with AllDrafts).
type QuestionFilter struct {
	Topic      string
	Kind       string
	Difficulty int
	Language   string
	Status     Status
	OwnerID    int64
	AllDrafts  bool
	// PublishedContent returns each question's latest published content instead of its
	// working copy (for readers who must not see unpublished edits).
	PublishedContent bool
	After            int64
	Limit            int
}

// QuestionImport is one question of an import: its slug and content, and the ID of the
// question the slug named when the import was checked (0: none, a new question).
type QuestionImport struct {
	Slug    string
	Content Content
	ID      int64
}

// QuestionImported is what an import did with one question.
type QuestionImported struct {
	QuestionID int64
	// Action is created, updated or unchanged.
	Action string
	// Version is the question's latest version after the import; Published says the
	// import made it.
	Version   int
	Published bool
}

// QuestionService stores questions and their versions.
type QuestionService interface {
	// FindQuestionByID returns ENOTFOUND if there is no such question.
	FindQuestionByID(ctx context.Context, id int64) (*Question, error)
	// FindQuestions returns at most f.Limit questions in ID order.
	FindQuestions(ctx context.Context, f QuestionFilter) ([]*Question, error)
	// CreateQuestion stores a draft and sets its ID, status and times. ECONFLICT if the
	// slug is taken.
	CreateQuestion(ctx context.Context, q *Question) error
	// UpdateQuestionContent replaces the working copy. ENOTFOUND if there is no question;
	// with a non-zero seen (the UpdatedAt of the copy the change was made on),
	// EPRECONDITION if the question changed since then, and nothing is stored.
	UpdateQuestionContent(ctx context.Context, id int64, c Content, seen time.Time) (*Question, error)
	// PublishQuestion snapshots the working copy as the next version, in one
	// transaction, if it is still checked: the content the caller validated. ECONFLICT
	// if it equals the latest version, or changed since it was checked.
	PublishQuestion(ctx context.Context, id int64, checked Content) (*QuestionVersion, error)
	// ImportQuestions creates or updates (and with publish, publishes) questions by
	// slug, all in one transaction: on any error nothing is stored. A question whose
	// slug now names another question than item.ID (0: none) is ECONFLICT.
	ImportQuestions(ctx context.Context, ownerKeyID int64, items []QuestionImport, publish bool) ([]QuestionImported, error)
	// FindVersion returns version n of a question; n = 0 is the version learners answer:
	// the latest of a question that is published (ENOTFOUND if it is not, or was
	// withdrawn). ENOTFOUND if the question has no such version.
	FindVersion(ctx context.Context, questionID int64, n int) (*QuestionVersion, error)
	// FindVersionByID returns a version by its own ID.
	FindVersionByID(ctx context.Context, id int64) (*QuestionVersion, error)
	// FindVersions lists every version of a question, oldest first.
	FindVersions(ctx context.Context, questionID int64) ([]*QuestionVersion, error)
	// SetQuestionStatus moves a question from status from to status to, a
	// compare-and-set. ENOTFOUND if there is no question; ECONFLICT if its status is no
	// longer from.
	SetQuestionStatus(ctx context.Context, id int64, from, to Status) (*Question, error)
	// DeleteQuestion removes a question nobody answered, with its versions, and reports
	// true; a question with attempts is marked deleted instead (its slug freed, its
	// versions and attempts kept) and it reports false. ENOTFOUND if there is no
	// question (or it is deleted); ECONFLICT when an assessment or an LMS link holds a
	// question it would remove.
	DeleteQuestion(ctx context.Context, id int64) (removed bool, err error)
	// SyncBankQuestion creates or updates a built-in question by slug and publishes its
	// content when it differs from the latest version, all in one transaction. It
	// returns the latest version and whether it is new.
	SyncBankQuestion(ctx context.Context, slug string, c Content) (*QuestionVersion, bool, error)
}
