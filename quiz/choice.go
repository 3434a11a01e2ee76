package quiz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim"
)

// ChoiceSpec is the spec of a choice or multi-choice question.
type ChoiceSpec struct {
	Options []Option `json:"options"`
	// Shuffle presents the options in an order the variant's seed decides.
	Shuffle bool `json:"shuffle,omitempty"`
}

// Option is one option of a choice question. It is true when Correct is set (a written
// key, for conceptual questions) or when its Fact holds on the simulation (an expr
// predicate, see Facts): "lineTime(\"timer\") > 100". An option has at most one of the two.
type Option struct {
	ID      string `json:"id"`
	Text    Text   `json:"text"`
	Correct bool   `json:"correct,omitempty"`
	Fact    string `json:"fact,omitempty"`
	// Misconception tags an answer that misjudges this option.
	Misconception string `json:"misconception,omitempty"`
	// Why explains the option after answering.
	Why Text `json:"why,omitzero"`
}

// ChoiceKind is the "choice" kind (one option is true; the answer is its id) and, with
// Multi, the "multi-choice" kind (any number of options are true; the answer is the list
// of the ids chosen). Multi-choice credit is per option: each true option chosen earns
// 1/k and each false option chosen costs 1/k (k true options), floored at 0, so guessing
// everything earns nothing and every correct judgement counts.
type ChoiceKind struct {
	Multi bool
}

// Name implements Kind.
func (k ChoiceKind) Name() string {
	if k.Multi {
		return "multi-choice"
	}
	return "choice"
}

var optionIDRE = regexp.MustCompile(`^[a-z0-9_-]{1,20}$`)

func choiceSpec(c *Content) (ChoiceSpec, []FieldError) {
	var s ChoiceSpec
	var fe fieldErrors
	dec := json.NewDecoder(bytes.NewReader(c.Spec))
	dec.DisallowUnknownFields()
	if len(c.Spec) == 0 || dec.Decode(&s) != nil {
		fe.add("spec", "must be an object {options: [{id, text, correct?, fact?, misconception?, why?}], shuffle?}")
	}
	return s, fe
}

// ProgramOptional reports whether the question states no simulated fact (a conceptual
// question needs no program).
func (ChoiceKind) ProgramOptional(c *Content) bool {
	s, fe := choiceSpec(c)
	if len(fe) > 0 {
		return false
	}
	return !slices.ContainsFunc(s.Options, func(o Option) bool { return o.Fact != "" })
}

// ValidateSpec implements Kind.
func (k ChoiceKind) ValidateSpec(c *Content) []FieldError {
	s, fe := choiceSpec(c)
	if len(fe) > 0 {
		return fe
	}
	errs := fieldErrors(fe)
	if len(s.Options) < 2 || len(s.Options) > 12 {
		errs.add("spec.options", "must list 2 to 12 options")
	}
	seen, facts, correct := map[string]bool{}, 0, 0
	for i, o := range s.Options {
		f := fmt.Sprintf("spec.options[%d]", i)
		if !optionIDRE.MatchString(o.ID) {
			errs.add(f+".id", "must be 1-20 lowercase letters, digits, - or _")
		}
		if seen[o.ID] {
			errs.add(f+".id", "is used twice")
		}
		seen[o.ID] = true
		validateText(&errs, f+".text", o.Text, 1000)
		switch {
		case o.Fact != "" && o.Correct:
			errs.add(f, "has both correct and fact: a simulated fact decides by itself")
		case o.Fact != "":
			facts++
			if _, err := CompileFact(o.Fact); err != nil {
				errs.add(f+".fact", "%s", err.Error())
			}
		case o.Correct:
			correct++
		}
		if o.Misconception != "" && !validTag(o.Misconception) {
			errs.add(f+".misconception", tagRule)
		}
	}
	if facts > 0 && strings.TrimSpace(c.Program) == "" {
		errs.add("program", "is required when an option states a simulated fact")
	}
	if facts == 0 && !k.Multi && correct != 1 {
		errs.add("spec.options", "a choice question needs exactly one correct option")
	}
	if facts == 0 && k.Multi && correct == 0 {
		errs.add("spec.options", "a multi-choice question needs at least one correct option")
	}
	for i, m := range c.Misconceptions {
		if !k.validAnswer(fillJSON(m.Answer, c.extremeValues()[0])) {
			errs.add(fmt.Sprintf("misconceptions[%d].answer", i), "must be an answer of this kind")
		}
	}
	return errs
}

func (k ChoiceKind) validAnswer(raw json.RawMessage) bool {
	if k.Multi {
		var ids []string
		return json.Unmarshal(raw, &ids) == nil
	}
	var id string
	return json.Unmarshal(raw, &id) == nil
}

// choiceKey is a variant's truth table: which options are true and the step that
// decides each simulated one.
type choiceKey struct {
	multi   bool
	options []Option
	truth   []bool
	steps   []int
	shuffle bool
	steps0  []sim.Step
}

// Key implements Kind: it evaluates every fact on the simulation.
func (k ChoiceKind) Key(c *Content, res *sim.Result) (Key, error) {
	s, fe := choiceSpec(c)
	if len(fe) > 0 {
		return nil, Invalid("The question is invalid.", fe)
	}
	sc, _ := c.SimScenario()
	facts := NewFacts(res, sc)
	key := &choiceKey{multi: k.Multi, options: s.Options, truth: make([]bool, len(s.Options)),
		steps: make([]int, len(s.Options)), shuffle: s.Shuffle, steps0: res.Steps}
	for i, o := range s.Options {
		if o.Fact == "" {
			key.truth[i] = o.Correct
			continue
		}
		p, err := CompileFact(o.Fact)
		if err == nil {
			key.truth[i], key.steps[i], err = facts.Eval(p)
		}
		if err != nil {
			return nil, &Error{Code: EINVALID, Message: "The answer key cannot be computed.",
				Fields: []FieldError{{Field: fmt.Sprintf("spec.options[%d].fact", i), Message: err.Error()}}}
		}
	}
	n := 0
	for _, t := range key.truth {
		if t {
			n++
		}
	}
	if n == 0 || !k.Multi && n != 1 {
		return nil, &Error{Code: EINVALID, Message: "The answer key cannot be computed.",
			Fields: []FieldError{{Field: "spec.options", Message: fmt.Sprintf("%d options are true in this variant; a %s question needs %s",
				n, k.Name(), map[bool]string{false: "exactly one", true: "at least one"}[k.Multi])}}}
	}
	return key, nil
}

type publicOption struct {
	ID   string `json:"id"`
	Text Text   `json:"text"`
}

// Public lists the options (shuffled by the seed when the spec asks).
func (k *choiceKey) Public(seed int64) any {
	opts := make([]publicOption, len(k.options))
	for i, o := range k.options {
		opts[i] = publicOption{o.ID, o.Text}
	}
	if k.shuffle {
		r := rand.New(rand.NewPCG(uint64(seed), 0x63686f696365)) //nolint:gosec // not a secret
		r.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	}
	return map[string]any{"options": opts, "multiple": k.multi}
}

// Reveal lists the true options.
func (k *choiceKey) Reveal() any {
	ids := []string{}
	for i, o := range k.options {
		if k.truth[i] {
			ids = append(ids, o.ID)
		}
	}
	return map[string]any{"correct": ids}
}

// Grade implements Kind.
func (k ChoiceKind) Grade(v *Variant, answer json.RawMessage) (Grade, error) {
	key := v.Key.(*choiceKey)
	chosen, err := key.parse(answer)
	if err != nil {
		return Grade{}, err
	}
	g := Grade{}
	ntrue := 0
	for _, t := range key.truth {
		if t {
			ntrue++
		}
	}
	first := -1
	for i, o := range key.options {
		r := OptionResult{ID: o.ID, Correct: key.truth[i], Chosen: chosen[o.ID], Step: key.steps[i], Why: o.Why}
		switch {
		case !k.Multi && r.Chosen && r.Correct:
			r.Credit = 1
		case k.Multi && r.Chosen && r.Correct:
			r.Credit = 1 / float64(ntrue)
		case k.Multi && r.Chosen:
			r.Credit = -1 / float64(ntrue)
		}
		g.Score += r.Credit
		if r.Correct != r.Chosen && first < 0 {
			first = i
		}
		g.Options = append(g.Options, r)
	}
	g.Score = math.Max(0, math.Min(1, math.Round(g.Score*1e9)/1e9))
	if first < 0 {
		g.Score = 1
		g.Explanation = joinText(Text{EN: "Correct.", VI: "Đúng."}, joinText(key.whyChosen(chosen), v.Content.Explanation))
		return g, nil
	}
	key.explainWrong(&g, v, first, chosen, k.Multi)
	if m, ok := matchAnswer(v.Content.Misconceptions, answer, normaliseChoice(k.Multi)); ok {
		g.Misconception = m.Tag
		g.Explanation = joinText(m.Explanation, g.Explanation)
	}
	return g, nil
}

func (k *choiceKey) parse(answer json.RawMessage) (map[string]bool, error) {
	var ids []string
	if k.multi {
		if err := json.Unmarshal(answer, &ids); err != nil {
			return nil, InvalidAnswer("must be an array of option ids")
		}
	} else {
		var id string
		if err := json.Unmarshal(answer, &id); err != nil {
			return nil, InvalidAnswer("must be the id of one option")
		}
		ids = []string{id}
	}
	chosen := map[string]bool{}
	for _, id := range ids {
		switch {
		case !slices.ContainsFunc(k.options, func(o Option) bool { return o.ID == id }):
			return nil, InvalidAnswer(fmt.Sprintf("names %q, which is not one of the options", id))
		case chosen[id]:
			return nil, InvalidAnswer(fmt.Sprintf("names %q twice", id))
		}
		chosen[id] = true
	}
	return chosen, nil
}

func (k *choiceKey) whyChosen(chosen map[string]bool) Text {
	var t Text
	for _, o := range k.options {
		if chosen[o.ID] {
			t = joinText(t, o.Why)
		}
	}
	return t
}

// explainWrong writes the explanation of a wrong answer from the first misjudged option.
func (k *choiceKey) explainWrong(g *Grade, v *Variant, first int, chosen map[string]bool, multi bool) {
	o := k.options[first]
	got := fmt.Sprintf("%s: %t", o.ID, chosen[o.ID])
	g.Divergence = &Divergence{Index: first, Expected: fmt.Sprintf("%s: %t", o.ID, k.truth[first]), Got: &got}
	var msg Text
	if !multi {
		right := slices.Index(k.truth, true)
		ro := k.options[right]
		for _, co := range k.options {
			if chosen[co.ID] {
				msg = Text{EN: fmt.Sprintf("You chose %s; the answer is %s.", optionName(co, LocaleEN), optionName(ro, LocaleEN)),
					VI: fmt.Sprintf("Bạn chọn %s; đáp án là %s.", optionName(co, LocaleVI), optionName(ro, LocaleVI))}
				msg = joinText(msg, co.Why)
				if co.Misconception != "" {
					g.Misconception = co.Misconception
				}
			}
		}
		msg = joinText(msg, ro.Why)
		first = right
		o = ro
	} else {
		for i, oo := range k.options {
			switch {
			case k.truth[i] && !chosen[oo.ID]:
				msg = joinText(msg, Text{EN: fmt.Sprintf("%s is true, but you left it out.", optionName(oo, LocaleEN)), VI: fmt.Sprintf("%s đúng nhưng bạn không chọn.", optionName(oo, LocaleVI))})
			case !k.truth[i] && chosen[oo.ID]:
				msg = joinText(msg, Text{EN: fmt.Sprintf("%s is false, but you chose it.", optionName(oo, LocaleEN)), VI: fmt.Sprintf("%s sai nhưng bạn đã chọn.", optionName(oo, LocaleVI))})
			default:
				continue
			}
			msg = joinText(msg, oo.Why)
			if g.Misconception == "" {
				g.Misconception = oo.Misconception
			}
		}
	}
	if st := k.steps[first]; st > 0 && st <= len(k.steps0) {
		s := k.steps0[st-1]
		g.Step, g.Divergence.Step, g.Divergence.TimeMS, g.Divergence.Phase = s.N, s.N, ms(s.TimeUS), string(s.Phase)
		g.Rule = ruleNear(k.steps0, st-1)
		g.Divergence.Rule = g.Rule
		msg = joinText(msg, Text{EN: fmt.Sprintf("The simulation decides %s at step %d (t = %s ms, %s phase): %s", optionName(o, LocaleEN), s.N, fmtMS(s.TimeUS), s.Phase, s.Explain),
			VI: fmt.Sprintf("Mô phỏng quyết định %s ở bước %d (t = %s ms, pha %s): %s", optionName(o, LocaleVI), s.N, fmtMS(s.TimeUS), s.Phase, s.ExplainVI)})
	}
	g.Explanation = joinText(msg, v.Content.Explanation)
}

// optionName names an option as the learner sees it: by its text in lang, in quotes (the
// options are shown shuffled and without letters, so an id or a letter would mean nothing).
func optionName(o Option, lang string) string {
	return "“" + strings.TrimSpace(o.Text.In(lang)) + "”"
}

// ruleNear returns the rule of step i, or of the nearest earlier step that has one
// (the callback a console line runs in).
func ruleNear(steps []sim.Step, i int) string {
	for j := i; j >= 0 && j < len(steps); j-- {
		if steps[j].Rule != "" {
			return steps[j].Rule
		}
	}
	return ""
}

// normaliseChoice sorts a multi-choice answer, so that answers compare as sets.
func normaliseChoice(multi bool) func(json.RawMessage) json.RawMessage {
	return func(raw json.RawMessage) json.RawMessage {
		var ids []string
		if !multi || json.Unmarshal(raw, &ids) != nil {
			return raw
		}
		slices.Sort(ids)
		out, _ := json.Marshal(ids)
		return out
	}
}

// matchAnswer finds an author's misconception whose answer equals answer once both are
// normalised by norm (as canonical JSON).
func matchAnswer(ms []Misconception, answer json.RawMessage, norm func(json.RawMessage) json.RawMessage) (Misconception, bool) {
	a, ok := canonicalJSON(norm(answer))
	if !ok {
		return Misconception{}, false
	}
	for _, m := range ms {
		if b, ok := canonicalJSON(norm(m.Answer)); ok && bytes.Equal(a, b) {
			return m, true
		}
	}
	return Misconception{}, false
}

func canonicalJSON(raw json.RawMessage) ([]byte, bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil, false
	}
	out, err := json.Marshal(v)
	return out, err == nil
}
