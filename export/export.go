// Package export turns published looplab questions into formats other quiz engines
// import: Moodle XML (Moodle's question bank import) and QTI 3.0 items in an IMS content
// package. Each question becomes a static question: the variant of seed 0, its answer
// key computed by the simulator, and a snapshot of the explanation (the author's text,
// the valid outputs or value, and the simulated trace) as general feedback.
//
// Kinds map as follows:
//
//	order, one valid output       Moodle "ordering"; QTI order interaction
//	order, several valid outputs  Moodle "multichoice" (every valid output is right,
//	                              near misses are wrong, each with the grader's feedback);
//	                              QTI choice interaction
//	numeric                       Moodle "numerical" with tolerance; QTI text entry (float)
//	choice, multi-choice          Moodle "multichoice" with per-option feedback; QTI choice
//
// Other kinds (trace, exercise) have no static equivalent and are skipped.
package export

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// Question is a published question to export.
type Question struct {
	Slug    string
	Version *quiz.QuestionVersion
}

// Item is a question ready to export: its static variant and what each format needs.
type Item struct {
	Slug    string
	Version int
	Lang    string
	Content quiz.Content // the variant's content (parameters filled in)
	Variant *quiz.Variant
	// Options are the choices of a multiple-choice rendering, and Multiple whether
	// more than one is right.
	Options  []Option
	Multiple bool
	// Order is the one valid output of a deterministic order question.
	Order []string
	// Number is the key of a numeric question.
	Number *Number
}

// Option is one choice with its credit (the fraction of the question's mark, -1..1)
// and the feedback shown when it is chosen.
type Option struct {
	ID       string
	Text     string
	Credit   float64
	Feedback string
}

// Number is a numeric key with its tolerances and wrong answers worth a feedback.
type Number struct {
	Value, Tolerance, PartialTolerance float64
	Unit                               string
	Misconceptions                     []Option // Text is the number
}

// Skipped names a question that could not be exported, and why.
type Skipped struct {
	Slug   string
	Reason string
}

// Build simulates the static variant of every question and derives what the formats
// need; orderAsChoice renders every order question as a multiple choice. Questions of
// kinds without a static form are skipped, not failed.
func Build(ctx context.Context, engine *quiz.Engine, qs []Question, lang string, orderAsChoice bool) ([]Item, []Skipped, error) {
	var items []Item
	var skipped []Skipped
	for _, q := range qs {
		it, err := build(ctx, engine, q, lang, orderAsChoice)
		if err != nil {
			return nil, nil, fmt.Errorf("export %s: %w", q.Slug, err)
		}
		if it == nil {
			skipped = append(skipped, Skipped{q.Slug, "kind " + q.Version.Content.Kind + " has no static form"})
			continue
		}
		items = append(items, *it)
	}
	return items, skipped, nil
}

func build(ctx context.Context, engine *quiz.Engine, q Question, lang string, orderAsChoice bool) (*Item, error) {
	vr, err := engine.Variant(ctx, q.Version, 0)
	if err != nil {
		return nil, err
	}
	it := &Item{Slug: q.Slug, Version: q.Version.Version, Lang: lang, Content: vr.Content, Variant: vr}
	switch vr.Content.Kind {
	case "order":
		outs := vr.Result.Outcomes
		if len(outs) == 1 && !orderAsChoice {
			it.Order = outs[0].Stdout
			return it, nil
		}
		it.Options, err = orderOptions(ctx, engine, q.Version, vr, lang)
		it.Multiple = len(outs) > 1
	case "numeric":
		it.Number, err = numberKey(vr, lang)
	case "choice", "multi-choice":
		it.Options, err = choiceOptions(vr, lang)
		it.Multiple = vr.Content.Kind == "multi-choice"
	default:
		return nil, nil
	}
	return it, err
}

// orderOptions offers every valid output (right, sharing the credit) and up to three
// near misses: the misconceptions of the question, then outputs with two neighbouring
// lines swapped, each with the grader's own explanation as feedback.
func orderOptions(ctx context.Context, engine *quiz.Engine, v *quiz.QuestionVersion, vr *quiz.Variant, lang string) ([]Option, error) {
	var opts []Option
	valid := map[string]bool{}
	for i, o := range vr.Result.Outcomes {
		text := strings.Join(o.Stdout, "\n")
		valid[text] = true
		opts = append(opts, Option{ID: "out" + strconv.Itoa(i+1), Text: text, Credit: 1 / float64(len(vr.Result.Outcomes)),
			Feedback: o.Condition})
	}
	var wrong [][]string
	for _, m := range vr.Content.Misconceptions {
		var lines []string
		if json.Unmarshal(m.Answer, &lines) == nil {
			wrong = append(wrong, lines)
		}
	}
	first := vr.Result.Outcomes[0].Stdout
	for i := 0; i+1 < len(first); i++ {
		w := slices.Clone(first)
		w[i], w[i+1] = w[i+1], w[i]
		wrong = append(wrong, w)
	}
	n := 0
	for _, w := range wrong {
		text := strings.Join(w, "\n")
		if valid[text] || n == 3 {
			continue
		}
		valid[text] = true
		_, g, err := engine.Grade(ctx, v, 0, mustJSON(w))
		if err != nil {
			return nil, err
		}
		n++
		opts = append(opts, Option{ID: "miss" + strconv.Itoa(n), Text: text, Credit: -1, Feedback: g.Explanation.In(lang)})
	}
	return opts, nil
}

func numberKey(vr *quiz.Variant, lang string) (*Number, error) {
	var key struct {
		Value float64 `json:"value"`
		Unit  string  `json:"unit"`
	}
	var spec quiz.NumericSpec
	if err := json.Unmarshal(mustJSON(vr.Key.Reveal()), &key); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(vr.Content.Spec, &spec); err != nil {
		return nil, err
	}
	n := &Number{Value: key.Value, Unit: key.Unit, Tolerance: spec.Tolerance, PartialTolerance: spec.PartialTolerance}
	for _, m := range vr.Content.Misconceptions {
		var f float64
		if json.Unmarshal(m.Answer, &f) == nil && abs(f-key.Value) > spec.Tolerance {
			n.Misconceptions = append(n.Misconceptions, Option{Text: strconv.FormatFloat(f, 'f', -1, 64), Feedback: m.Explanation.In(lang)})
		}
	}
	return n, nil
}

func choiceOptions(vr *quiz.Variant, lang string) ([]Option, error) {
	var spec quiz.ChoiceSpec
	var key struct {
		Correct []string `json:"correct"`
	}
	if err := json.Unmarshal(vr.Content.Spec, &spec); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(mustJSON(vr.Key.Reveal()), &key); err != nil {
		return nil, err
	}
	opts := make([]Option, len(spec.Options))
	for i, o := range spec.Options {
		credit := -1.0
		if slices.Contains(key.Correct, o.ID) {
			credit = 1 / float64(len(key.Correct))
		}
		opts[i] = Option{ID: o.ID, Text: o.Text.In(lang), Credit: credit, Feedback: o.Why.In(lang)}
	}
	return opts, nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// QuestionHTML is the question as static HTML: the prompt and the program.
func (it *Item) QuestionHTML() string {
	var b strings.Builder
	b.WriteString("<p>" + paragraphs(it.Content.Prompt.In(it.Lang)) + "</p>\n")
	if it.Content.Program != "" {
		b.WriteString(`<pre><code>` + html.EscapeString(it.Content.Program) + "</code></pre>\n")
	}
	if it.Content.Kind == "order" && len(it.Options) > 0 {
		b.WriteString("<p>" + chooseOutputs(it.Multiple, it.Lang) + "</p>\n")
	}
	if it.Number != nil && it.Number.Unit != "" {
		b.WriteString("<p>(" + html.EscapeString(it.Number.Unit) + ")</p>\n")
	}
	return b.String()
}

// ExplanationHTML is the static snapshot of the explanation: the author's text, the
// answer, and the simulated trace step by step (at most 200 steps).
func (it *Item) ExplanationHTML() string {
	var b strings.Builder
	b.WriteString("<p>" + paragraphs(it.Content.Explanation.In(it.Lang)) + "</p>\n")
	switch {
	case len(it.Order) > 0:
		b.WriteString("<p>Node prints:</p>\n<pre>" + html.EscapeString(strings.Join(it.Order, "\n")) + "</pre>\n")
	case it.Number != nil:
		b.WriteString("<p>The runtime gives " + html.EscapeString(formatNumber(it.Number.Value)+" "+it.Number.Unit) + ".</p>\n")
	case it.Content.Kind == "order":
		for _, o := range it.Variant.Result.Outcomes {
			b.WriteString("<p>" + html.EscapeString(o.Condition) + ":</p>\n<pre>" + html.EscapeString(strings.Join(o.Stdout, "\n")) + "</pre>\n")
		}
	}
	steps := it.Variant.Result.Steps
	if len(steps) == 0 {
		return b.String()
	}
	b.WriteString("<p>The simulated run, step by step:</p>\n<ol>\n")
	for i, s := range steps {
		if i == 200 {
			b.WriteString("<li>…</li>\n")
			break
		}
		explain := s.Explain
		if it.Lang == quiz.LocaleVI && s.ExplainVI != "" {
			explain = s.ExplainVI
		}
		fmt.Fprintf(&b, "<li><code>t=%s ms · %s · %s %s</code> %s</li>\n", formatNumber(float64(s.TimeUS)/1000),
			html.EscapeString(string(s.Phase)), html.EscapeString(s.Event), html.EscapeString(s.Detail), html.EscapeString(explain))
	}
	b.WriteString("</ol>\n")
	return b.String()
}

// chooseOutputs asks for the output(s) when an order question is a multiple choice.
func chooseOutputs(multiple bool, lang string) string {
	switch {
	case multiple && lang == quiz.LocaleVI:
		return "Chọn mọi kết quả mà Node có thể in ra."
	case multiple:
		return "Choose every output Node can print."
	case lang == quiz.LocaleVI:
		return "Chọn kết quả mà Node in ra."
	}
	return "Choose the output Node prints."
}

func paragraphs(s string) string {
	return strings.ReplaceAll(html.EscapeString(strings.TrimSpace(s)), "\n\n", "</p>\n<p>")
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
