package quiz

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// OrderKind is the "order" kind: the learner puts the printed lines in order. An answer
// must be a permutation of the presented lines (those of the first outcome), else it is
// EANSWER and not graded. Any outcome the runtime can produce earns full credit;
// otherwise the credit is the longest common subsequence with the closest outcome over
// the longer of the two lengths: the share of lines already in the runtime's relative
// order. A single line is in no relative order, so an answer whose longest such run is
// one line (the outcome reversed) earns nothing: this is Moodle's "longest ordered
// subset" grading (qtype_ordering), so that an exported order question grades alike.
// The closest outcome is the one giving the most credit. The spec is empty.
type OrderKind struct{}

// Name implements Kind.
func (OrderKind) Name() string { return "order" }

// ValidateSpec implements Kind.
func (OrderKind) ValidateSpec(c *Content) []FieldError {
	var fe fieldErrors
	if s := strings.TrimSpace(string(c.Spec)); s != "" && s != "{}" && s != "null" {
		fe.add("spec", "must be empty for order questions")
	}
	for i, m := range c.Misconceptions {
		var lines []string
		if json.Unmarshal(fillJSON(m.Answer, c.extremeValues()[0]), &lines) != nil {
			fe.add(fmt.Sprintf("misconceptions[%d].answer", i), "must be a list of lines")
		}
	}
	return fe
}

// orderKey is the key of an order variant: every outcome, and where each line of the
// first outcome is printed in the trace.
type orderKey struct {
	outcomes []sim.Outcome
	steps    []sim.Step
	printed  []printedLine // console lines of the trace, in order
}

type printedLine struct {
	text string
	step int // index into steps
}

// Key implements Kind.
func (OrderKind) Key(c *Content, res *sim.Result) (Key, error) {
	if len(res.Outcomes) == 0 || len(res.Outcomes[0].Stdout) < 2 {
		return nil, &Error{Code: EINVALID, Message: "An order question needs a program that prints at least two lines.",
			Fields: []FieldError{{Field: "program", Message: "prints fewer than two lines"}}}
	}
	for i, m := range c.Misconceptions { // an answer the learner cannot give never matches
		var lines []string
		_ = json.Unmarshal(m.Answer, &lines)
		if p := permutationProblem(lines, res.Outcomes[0].Stdout); p != "" {
			return nil, Invalid("The question is invalid.", []FieldError{{Field: fmt.Sprintf("misconceptions[%d].answer", i),
				Message: "is not an answer a learner can give: it " + p}})
		}
	}
	k := &orderKey{outcomes: res.Outcomes, steps: res.Steps}
	for i, s := range res.Steps {
		if s.Event == trace.Console {
			for _, line := range strings.Split(strings.TrimSuffix(s.Detail, "\n"), "\n") {
				k.printed = append(k.printed, printedLine{line, i})
			}
		}
	}
	return k, nil
}

// Public shows the lines of the first outcome, shuffled by the seed (never in the
// printed order when the lines differ).
func (k *orderKey) Public(seed int64) any {
	lines := slices.Clone(k.outcomes[0].Stdout)
	r := rand.New(rand.NewPCG(uint64(seed), 0x6f72646572)) //nolint:gosec // not a secret
	r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	if slices.Equal(lines, k.outcomes[0].Stdout) {
		lines = append(lines[1:], lines[0])
	}
	return map[string]any{"lines": lines}
}

type revealedOutcome struct {
	Stdout      []string `json:"stdout"`
	Condition   string   `json:"condition"`
	ConditionVI string   `json:"condition_vi"`
}

// Reveal lists every valid order.
func (k *orderKey) Reveal() any {
	out := make([]revealedOutcome, len(k.outcomes))
	for i, o := range k.outcomes {
		out[i] = revealedOutcome{o.Stdout, o.Condition, o.ConditionVI}
	}
	return map[string]any{"outcomes": out}
}

// Grade implements Kind.
func (OrderKind) Grade(v *Variant, answer json.RawMessage) (Grade, error) {
	var lines []string
	if err := json.Unmarshal(answer, &lines); err != nil {
		return Grade{}, InvalidAnswer("must be an array of strings (the presented lines, in order)")
	}
	k := v.Key.(*orderKey)
	if p := permutationProblem(lines, k.outcomes[0].Stdout); p != "" {
		return Grade{}, InvalidAnswer(p)
	}
	best, bestScore := 0, -1.0
	for i, o := range k.outcomes {
		if slices.Equal(lines, o.Stdout) {
			return k.correct(v, i), nil
		}
		if s := orderScore(lines, o.Stdout); s > bestScore {
			best, bestScore = i, s
		}
	}
	return k.wrong(v, lines, best, bestScore), nil
}

func (k *orderKey) correct(v *Variant, outcome int) Grade {
	g := Grade{Score: 1}
	en, vi := "Correct.", "Đúng."
	if len(k.outcomes) > 1 {
		when, whenVI := whenClause(k.outcomes[outcome])
		en += fmt.Sprintf(" This is one of the %d orders the runtime can print; it prints this one %s.", len(k.outcomes), when)
		vi += fmt.Sprintf(" Đây là một trong %d thứ tự runtime có thể in; nó in thứ tự này %s.", len(k.outcomes), whenVI)
	}
	g.Explanation = joinText(Text{EN: en, VI: vi}, v.Content.Explanation)
	return g
}

// whenClause says when the runtime prints an outcome, to follow "it prints this one":
// "when the loop's clock ticks over…", or "with the usual timing (…)" for the first
// outcome of a race, whose condition names the usual timing rather than an event.
func whenClause(o sim.Outcome) (en, vi string) {
	if o.Timing == sim.TimingUsual {
		return "with the usual timing (" + sim.UsualTiming.EN + ")", "với thời điểm thường gặp (" + sim.UsualTiming.VI + ")"
	}
	return "when " + o.Condition, "khi " + o.ConditionVI
}

func (k *orderKey) wrong(v *Variant, lines []string, outcome int, score float64) Grade {
	want := k.outcomes[outcome].Stdout
	i := 0
	for i < len(lines) && i < len(want) && lines[i] == want[i] {
		i++
	}
	d := &Divergence{Index: i}
	if i < len(lines) {
		d.Got = &lines[i]
	}
	g := Grade{Score: score, Divergence: d}
	var en, vi string
	switch {
	case i >= len(want):
		en = fmt.Sprintf("The runtime prints only %d lines; line %d (%q) is never printed there.", len(want), i+1, lines[i])
		vi = fmt.Sprintf("Runtime chỉ in %d dòng; dòng %d (%q) không được in ở đó.", len(want), i+1, lines[i])
	default:
		d.Expected = want[i]
		got, gotVI := "nothing", "không có gì"
		if d.Got != nil {
			got, gotVI = strconv.Quote(*d.Got), strconv.Quote(*d.Got)
		}
		en = fmt.Sprintf("Line %d should be %q, not %s.", i+1, want[i], got)
		vi = fmt.Sprintf("Dòng %d phải là %q, không phải %s.", i+1, want[i], gotVI)
		if si, ok := k.stepOf(want, i); ok {
			s := k.steps[si]
			d.Step, d.TimeMS, d.Phase = s.N, float64(s.TimeUS)/1000, string(s.Phase)
			cause := k.cause(si)
			g.Step = s.N
			g.Misconception = k.misconception(v, want, i, d.Got, si)
			d.Rule = ruleFor(g.Misconception, v.Content.Module, cause.Rule)
			g.Rule = d.Rule
			en += fmt.Sprintf(" The runtime prints it at step %d (t = %s ms, %s phase): %s", s.N, fmtMS(s.TimeUS), s.Phase, cause.Explain)
			vi += fmt.Sprintf(" Runtime in dòng này ở bước %d (t = %s ms, pha %s): %s", s.N, fmtMS(s.TimeUS), s.Phase, cause.ExplainVI)
		}
	}
	msg := Text{EN: en, VI: vi}
	if m, ok := matchMisconception(v.Content.Misconceptions, lines); ok {
		if g.Rule == "" || g.Misconception == "" {
			g.Rule = ruleFor(m.Tag, v.Content.Module, g.Rule)
		}
		g.Misconception = m.Tag
		msg = joinText(msg, m.Explanation)
	}
	g.Explanation = joinText(msg, v.Content.Explanation)
	return g
}

// misconception names what putting got where want[i] belongs shows, from the kinds of
// callback that print the two lines.
func (k *orderKey) misconception(v *Variant, want []string, i int, got *string, wantStep int) string {
	if got == nil {
		return ""
	}
	j := slices.Index(want[i+1:], *got)
	if j < 0 || len(k.outcomes) > 1 && !slices.Equal(want, k.outcomes[0].Stdout) {
		return ""
	}
	gotStep, ok := k.stepOf(want, i+1+j)
	if !ok {
		return ""
	}
	return orderMisconception(sourceOf(k.steps, wantStep), sourceOf(k.steps, gotStep), v.Content.Module)
}

// ruleFor is the rule a misconception breaks (the cause step's rule when none fits better).
func ruleFor(tag string, module sim.ModuleKind, cause string) string {
	switch tag {
	case TagNextTickAsMicrotask:
		return "R-CB2"
	case TagESMCJSOrder:
		return "R-M2"
	case TagMicrotasksPerPhase:
		return "R-CB7"
	case TagTimersExact:
		return "R-P3"
	case TagPoolSizeForgotten:
		return "R-P4"
	case TagCallbackBeforeSync:
		return "R-M1"
	case TagImmediateVsTimeout:
		if module == sim.ESModule {
			return "R-M3"
		}
		return "R-P2"
	}
	return cause
}

// stepOf finds the trace step that prints want[i]: the n-th printing of that text, n
// being how often it occurs in want[:i].
func (k *orderKey) stepOf(want []string, i int) (int, bool) {
	n := 0
	for _, l := range want[:i] {
		if l == want[i] {
			n++
		}
	}
	for _, p := range k.printed {
		if p.text == want[i] {
			if n == 0 {
				return p.step, true
			}
			n--
		}
	}
	return 0, false
}

// cause returns the step that explains a console step: the start of the callback that
// prints it (the main module, a tick, a promise job, a timer...), or the step itself.
func (k *orderKey) cause(i int) sim.Step {
	for j := i - 1; j >= 0; j-- {
		if trace.RunsCallback(k.steps[j].Event) {
			return k.steps[j]
		}
	}
	return k.steps[i]
}

func matchMisconception(ms []Misconception, lines []string) (Misconception, bool) {
	for _, m := range ms {
		var want []string
		if json.Unmarshal(m.Answer, &want) == nil && slices.Equal(want, lines) {
			return m, true
		}
	}
	return Misconception{}, false
}

// permutationProblem says why lines is not a permutation of presented (the lines the
// learner was given to order), or "" when it is one.
func permutationProblem(lines, presented []string) string {
	left := map[string]int{}
	for _, l := range presented {
		left[l]++
	}
	for _, l := range lines {
		n, ok := left[l]
		switch {
		case !ok:
			return fmt.Sprintf("names %q, which is not one of the presented lines", l)
		case n == 0:
			return fmt.Sprintf("repeats %q more often than the presented lines hold it", l)
		}
		left[l] = n - 1
	}
	if len(lines) < len(presented) {
		return fmt.Sprintf("must order all %d presented lines, not %d", len(presented), len(lines))
	}
	return ""
}

// orderScore is the credit of an answer against one outcome (see OrderKind).
func orderScore(answer, outcome []string) float64 {
	n := lcs(answer, outcome)
	if n < 2 {
		return 0
	}
	return float64(n) / float64(max(len(answer), len(outcome)))
}

// lcs is the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// joinText joins two texts paragraph by paragraph, per language.
func joinText(a, b Text) Text {
	join := func(x, y string) string {
		switch {
		case x == "":
			return y
		case y == "":
			return x
		}
		return x + "\n\n" + y
	}
	return Text{EN: join(a.EN, b.EN), VI: join(a.VI, b.VI)}
}

func fmtMS(us int64) string { return strconv.FormatFloat(float64(us)/1000, 'f', -1, 64) }
