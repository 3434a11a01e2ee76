// Package export turns published looplab questions into formats other quiz engines
// import, Moodle XML (Moodle's question bank import) and QTI 3.0 items and a test in an
// IMS content package, and reads looplab questions back from Moodle XML (ReadMoodle).
//
// Every variant of a question is exported (up to Options.MaxVariants, spread evenly over
// them): each becomes a static question with its answer key computed by the simulator and
// a snapshot of the explanation (the author's text, the answer, the simulated trace) as
// general feedback. A question with several variants becomes a pool: a Moodle category of
// its own (a quiz draws one with "random question from this category"), a QTI section
// that selects one.
//
// Kinds map as follows:
//
//	order, one valid output       Moodle "ordering"; QTI order interaction
//	order, several valid outputs  Moodle "multichoice", one answer: any valid output is
//	                              right, near misses earn the grader's credit, each with
//	                              its feedback; QTI choice interaction
//	numeric                       Moodle "numerical" with tolerance; QTI text entry (float)
//	choice, multi-choice          Moodle "multichoice" with per-option feedback; QTI choice
//	trace, a queue's contents     Moodle "multichoice": the queue and near misses with the
//	                              grader's credit and feedback; QTI order interaction over
//	                              every label of the trace, choosing a subset (max-choices)
//	trace, a phase                Moodle "multichoice" over the loop's phases; QTI choice
//	trace, a thread or a count    Moodle "numerical" (exact); QTI text entry (integer)
//	exercise                      Moodle "essay", graded by the teacher: the starting code
//	                              as the response template, the checks and the reference
//	                              solution as information for graders; QTI extended text
//	                              (preformatted), scored by a human, with a scorer rubric
//
// Each option, order and number grades in the target format as looplab grades the same
// answer: a multiple-answer choice costs 1/k per wrong option chosen (k right ones), an
// ordering question uses Moodle's "longest ordered subset", and a near miss is offered
// only when its credit is a grade Moodle's import accepts (TestExportsGradeAsLooplab
// grades every exported variant in both). Each Moodle question also carries its looplab
// source (SourceComment), so that ReadMoodle gives the question back unchanged.
package export

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/looplab/looplab/quiz"
)

// Question is a published question to export.
type Question struct {
	Slug    string
	Version *quiz.QuestionVersion
}

// Options say what to build.
type Options struct {
	// Lang is the language of the exported texts (quiz.LocaleEN or quiz.LocaleVI).
	Lang string
	// OrderAsChoice renders every order question as a multiple choice.
	OrderAsChoice bool
	// MaxVariants bounds the variants exported per question (0: all of them).
	MaxVariants int
}

// Item is one variant of a question, ready to export: its static content and what each
// format needs (exactly one of Order, Number, Queue with Options, Exercise, or Options
// alone is set).
type Item struct {
	Slug    string
	Version int
	Lang    string
	// Source is the question as written (its parameters unfilled): what an import
	// restores.
	Source quiz.Content
	// Content is the variant's content (parameters filled in).
	Content quiz.Content
	Variant *quiz.Variant
	// VariantNo numbers the variant from 1 among the Variants exported of the question,
	// which has Total variants in all.
	VariantNo, Variants int
	Total               int64
	// Options are the choices of a multiple-choice rendering, and Multiple whether
	// more than one is right.
	Options  []Option
	Multiple bool
	// Order is the one valid output of a deterministic order question.
	Order []string
	// Number is the key of a numeric question, or of a trace question asking a number.
	Number *Number
	// Queue is the key of a trace question asking a queue's contents.
	Queue *Queue
	// Exercise is what a teacher grades an exercise with.
	Exercise *Exercise
}

// Option is one choice: whether it is right, its credit (the fraction of the question's
// mark looplab gives it: 1 for a right option of a one-answer question, 1/k for one of k
// right options of a multiple-answer question and -1/k for a wrong one there, a near
// miss's partial credit) and the feedback shown when it is chosen. Answer is the looplab
// answer choosing it stands for (an order's lines, a queue's labels, a phase); an option
// of a choice question has none, its ID being the answer.
type Option struct {
	ID       string
	Text     string
	Right    bool
	Credit   float64
	Feedback string
	Answer   json.RawMessage
}

// Number is a numeric key with its tolerances and wrong answers worth a feedback;
// Integer keys (a thread, a count) are exact.
type Number struct {
	Value, Tolerance, PartialTolerance float64
	Unit                               string
	Integer                            bool
	// Also are other values accepted in full: what the program's other timings give
	// (equal thread-pool jobs racing, R-R4), as looplab accepts them.
	Also           []float64
	Misconceptions []Option // Text is the number
}

// Queue is the answer of a trace question about a queue: the labels in it, in order,
// chosen from Candidates (every label the trace's queues hold).
type Queue struct {
	Key, Candidates []string
}

// Exercise is the grading material of an exercise: the starting code, what the checks
// want, and a reference solution.
type Exercise struct {
	Starter, Solution string
	Checks            []string
}

// Skipped names a question (or one variant of it) that could not be exported, and why.
type Skipped struct {
	Slug   string
	Reason string
}

// Build simulates the variants of every question and derives what the formats need,
// in parallel; items come out in the order of qs, variants in AllValues order. A
// variant that cannot be simulated is skipped and named, not failed.
func Build(ctx context.Context, engine *quiz.Engine, qs []Question, opt Options) ([]Item, []Skipped, error) {
	type result struct {
		items   []Item
		skipped []Skipped
		err     error
	}
	results := make([]result, len(qs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := range qs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			r := &results[i]
			r.items, r.skipped, r.err = buildQuestion(ctx, engine, qs[i], opt)
		}()
	}
	wg.Wait()
	var items []Item
	var skipped []Skipped
	for i, r := range results {
		if r.err != nil {
			return nil, nil, fmt.Errorf("export %s: %w", qs[i].Slug, r.err)
		}
		items = append(items, r.items...)
		skipped = append(skipped, r.skipped...)
	}
	return items, skipped, nil
}

// buildQuestion builds the exported variants of one question.
func buildQuestion(ctx context.Context, engine *quiz.Engine, q Question, opt Options) ([]Item, []Skipped, error) {
	all := q.Version.Content.AllValues(opt.MaxVariants)
	var items []Item
	var skipped []Skipped
	for _, vals := range all {
		vr, err := engine.VariantWith(ctx, q.Version, vals)
		if err != nil {
			if quiz.ErrorCode(err) != quiz.EINVALID {
				return nil, nil, err
			}
			skipped = append(skipped, Skipped{q.Slug, "variant " + valuesText(vals) + ": " + quiz.ErrorMessage(err) + fieldsText(err)})
			continue
		}
		it := Item{Slug: q.Slug, Version: q.Version.Version, Lang: opt.Lang, Source: q.Version.Content, Content: vr.Content,
			Variant: vr, Total: q.Version.Content.VariantCount()}
		if err := it.derive(ctx, engine, opt); err != nil {
			return nil, nil, err
		}
		items = append(items, it)
	}
	for i := range items {
		items[i].VariantNo, items[i].Variants = i+1, len(items)
	}
	return items, skipped, nil
}

// derive fills in what the formats need for the item's kind.
func (it *Item) derive(ctx context.Context, engine *quiz.Engine, opt Options) error {
	vr := it.Variant
	var err error
	switch vr.Content.Kind {
	case "order":
		outs := vr.Result.Outcomes
		if len(outs) == 1 && !opt.OrderAsChoice && orderable(outs[0].Stdout) {
			it.Order = outs[0].Stdout
			return nil
		}
		it.Options, err = orderOptions(ctx, engine, vr, opt.Lang)
	case "numeric":
		it.Number, err = numberKey(vr, opt.Lang)
	case "choice", "multi-choice":
		it.Options, err = choiceOptions(vr, opt.Lang)
		it.Multiple = vr.Content.Kind == "multi-choice"
	case "trace":
		err = it.deriveTrace(ctx, engine)
	case "exercise":
		it.Exercise, err = exerciseKey(vr, opt.Lang)
	default:
		return fmt.Errorf("kind %q has no export", vr.Content.Kind)
	}
	return err
}

// orderable reports whether lines can be an ordering question: Moodle's needs two
// answers at least, drops empty ones, and cannot tell equal lines apart (a learner
// ordering "tick", "tick" could not say which is which). Other outputs become a choice.
func orderable(lines []string) bool {
	seen := map[string]bool{}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" || seen[l] {
			return false
		}
		seen[l] = true
	}
	return len(lines) >= 2
}

// orderOptions offers every valid output, each fully right (the learner picks one, as
// looplab accepts any), and up to three near misses: the misconceptions of the
// question, then outputs with two neighbouring lines swapped, then with one line moved,
// each with the grader's own explanation as feedback.
func orderOptions(ctx context.Context, engine *quiz.Engine, vr *quiz.Variant, lang string) ([]Option, error) {
	var opts []Option
	var keys [][]string
	for i, o := range vr.Result.Outcomes {
		keys = append(keys, o.Stdout)
		opts = append(opts, Option{ID: "out" + strconv.Itoa(i+1), Text: strings.Join(o.Stdout, "\n"), Right: true,
			Credit: 1, Feedback: o.Condition, Answer: mustJSON(o.Stdout)})
	}
	var wrong [][]string
	for _, m := range vr.Content.Misconceptions {
		var lines []string
		if json.Unmarshal(m.Answer, &lines) == nil {
			wrong = append(wrong, lines)
		}
	}
	wrong = append(wrong, neighbourSwaps(keys[0])...)
	wrong = append(wrong, moves(keys[0])...)
	misses, err := nearMisses(ctx, engine, vr, keys, wrong, 3, lang)
	return append(opts, misses...), err
}

// nearMisses grades wrong answers (lists of lines or labels) that are none of the keys,
// each once, and makes options of the first n whose credit is a grade Moodle offers
// (so that the option grades there as here), with the grader's explanation.
func nearMisses(ctx context.Context, engine *quiz.Engine, vr *quiz.Variant, keys, wrong [][]string, n int, lang string) ([]Option, error) {
	seen := map[string]bool{}
	for _, k := range keys {
		seen[strings.Join(k, "\n")] = true
	}
	var opts []Option
	for _, w := range wrong {
		text := strings.Join(w, "\n")
		if seen[text] || len(opts) == n {
			continue
		}
		seen[text] = true
		answer := mustJSON(w)
		g, err := engine.GradeVariant(ctx, vr, answer)
		if err != nil {
			return nil, err
		}
		if _, ok := moodleGrade(g.Score); !ok {
			continue
		}
		opts = append(opts, Option{ID: "miss" + strconv.Itoa(len(opts)+1), Text: text, Credit: g.Score, Feedback: g.Explanation.In(lang), Answer: answer})
	}
	return opts, nil
}

// neighbourSwaps lists the answers with two neighbouring entries swapped.
func neighbourSwaps(key []string) [][]string {
	var out [][]string
	for i := 0; i+1 < len(key); i++ {
		w := slices.Clone(key)
		w[i], w[i+1] = w[i+1], w[i]
		out = append(out, w)
	}
	return out
}

// moves lists the answers with one entry moved elsewhere (first to last, then last to
// first, then the others), for near misses of other credits than a swap's.
func moves(key []string) [][]string {
	var out [][]string
	for i := range key {
		for j := range key {
			if j == i || j == i+1 || j == i-1 {
				continue // a swap of neighbours, or no move
			}
			w := slices.Delete(slices.Clone(key), i, i+1)
			out = append(out, slices.Insert(w, j, key[i]))
		}
	}
	return out
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
	n.Misconceptions = numberMisconceptions(vr, key.Value, spec.Tolerance, lang)
	return n, nil
}

// numberMisconceptions are the question's wrong numbers with their explanations.
func numberMisconceptions(vr *quiz.Variant, key, tolerance float64, lang string, accepted ...float64) []Option {
	var out []Option
	for _, m := range vr.Content.Misconceptions {
		var f float64
		if json.Unmarshal(m.Answer, &f) == nil && abs(f-key) > tolerance && !slices.Contains(accepted, f) {
			out = append(out, Option{Text: formatNumber(f), Feedback: m.Explanation.In(lang)})
		}
	}
	return out
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
	share := 1 / float64(len(key.Correct))
	opts := make([]Option, len(spec.Options))
	for i, o := range spec.Options {
		opts[i] = Option{ID: o.ID, Text: o.Text.In(lang), Credit: -share, Feedback: o.Why.In(lang)}
		if slices.Contains(key.Correct, o.ID) {
			opts[i].Right, opts[i].Credit = true, share
		}
	}
	return opts, nil
}

// phases are the answers a trace question about a phase chooses from, as looplab's
// practice page offers them.
var phases = []string{"main", "timers", "pending", "poll", "check", "close", "exit"}

// deriveTrace makes a trace question static: a queue as the labels to choose from (and,
// for formats without that interaction, the queue and near misses as options), a phase
// as a choice among the phases, a thread or a count as an exact number.
func (it *Item) deriveTrace(ctx context.Context, engine *quiz.Engine) error {
	vr := it.Variant
	var public struct {
		Ask        string   `json:"ask"`
		Candidates []string `json:"candidates"`
		Phases     []string `json:"phases"`
	}
	var revealed struct {
		Answer json.RawMessage `json:"answer"`
		Also   []float64       `json:"also"`
	}
	if err := json.Unmarshal(mustJSON(vr.Key.Public(0)), &public); err != nil {
		return err
	}
	if err := json.Unmarshal(vr.Revealed(), &revealed); err != nil {
		return err
	}
	var list []string
	var word string
	var number float64
	switch {
	case json.Unmarshal(revealed.Answer, &list) == nil:
		it.Queue = &Queue{Key: list, Candidates: public.Candidates}
		wrong := traceMisconceptions(vr)
		wrong = append(wrong, neighbourSwaps(list)...)
		wrong = append(wrong, queueVariations(list, public.Candidates)...)
		right := Option{ID: "queue", Text: queueText(list, it.Lang), Right: true, Credit: 1, Answer: mustJSON(list)}
		misses, err := nearMisses(ctx, engine, vr, [][]string{list}, wrong, 4, it.Lang)
		for i := range misses {
			misses[i].Text = queueText(splitLines(misses[i].Text), it.Lang)
		}
		it.Options = append([]Option{right}, misses...)
		return err
	case json.Unmarshal(revealed.Answer, &word) == nil:
		for _, p := range phases {
			o := Option{ID: p, Text: p, Credit: 0, Answer: mustJSON(p)}
			if p == word {
				o.Right, o.Credit = true, 1
			} else {
				g, err := engine.GradeVariant(ctx, vr, o.Answer)
				if err != nil {
					return err
				}
				o.Credit, o.Feedback = g.Score, g.Explanation.In(it.Lang)
			}
			it.Options = append(it.Options, o)
		}
		return nil
	case json.Unmarshal(revealed.Answer, &number) == nil:
		it.Number = &Number{Value: number, Integer: true, Also: revealed.Also,
			Misconceptions: numberMisconceptions(vr, number, 0, it.Lang, revealed.Also...)}
		return nil
	}
	return fmt.Errorf("trace answer %s has no static form", revealed.Answer)
}

// traceMisconceptions are the question's wrong queues.
func traceMisconceptions(vr *quiz.Variant) [][]string {
	var out [][]string
	for _, m := range vr.Content.Misconceptions {
		var labels []string
		if json.Unmarshal(m.Answer, &labels) == nil {
			out = append(out, labels)
		}
	}
	return out
}

// queueVariations are near misses of a queue: its last label missing, the first label
// of the trace it lacks added, and the queue reversed.
func queueVariations(key, candidates []string) [][]string {
	var out [][]string
	if len(key) > 0 {
		out = append(out, key[:len(key)-1])
	}
	for _, c := range candidates {
		if !slices.Contains(key, c) {
			out = append(out, append(slices.Clone(key), c))
			break
		}
	}
	rev := slices.Clone(key)
	slices.Reverse(rev)
	return append(out, rev)
}

// queueText writes a queue's labels one per line, or says it is empty.
func queueText(labels []string, lang string) string {
	if len(labels) == 0 {
		if lang == quiz.LocaleVI {
			return "(hàng đợi trống)"
		}
		return "(the queue is empty)"
	}
	return strings.Join(labels, "\n")
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func exerciseKey(vr *quiz.Variant, lang string) (*Exercise, error) {
	var key struct {
		Checks   []quiz.Text `json:"checks"`
		Solution string      `json:"solution"`
	}
	if err := json.Unmarshal(vr.Revealed(), &key); err != nil {
		return nil, err
	}
	ex := &Exercise{Starter: vr.Content.Program, Solution: key.Solution}
	for _, c := range key.Checks {
		ex.Checks = append(ex.Checks, c.In(lang))
	}
	return ex, nil
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

// valuesText writes a variant's parameter values ("pool=2, job=3").
func valuesText(vals []quiz.ParamValue) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = v.Name + "=" + v.Value
	}
	return strings.Join(parts, ", ")
}

// fieldsText appends a validation error's fields to its message.
func fieldsText(err error) string {
	var s string
	for _, f := range quiz.ErrorFields(err) {
		s += "; " + f.Field + ": " + f.Message
	}
	return s
}

// Title is the item's name: the variant's title, with the variant named when the
// question has several.
func (it *Item) Title() string {
	t := it.Content.Title.In(it.Lang)
	if it.Variants > 1 {
		t += fmt.Sprintf(" (%s %d/%d: %s)", variantWord(it.Lang), it.VariantNo, it.Variants, valuesText(it.Variant.Values))
	}
	return t
}

func variantWord(lang string) string {
	if lang == quiz.LocaleVI {
		return "biến thể"
	}
	return "variant"
}

// ID names the item uniquely and stably: the slug and version, and the variant number
// when the question has several.
func (it *Item) ID() string {
	id := it.Slug + "-v" + strconv.Itoa(it.Version)
	if it.Variants > 1 {
		id += "-" + strconv.Itoa(it.VariantNo)
	}
	return id
}

// QuestionHTML is the question as static HTML: the prompt and the program.
func (it *Item) QuestionHTML() string {
	var b strings.Builder
	b.WriteString("<p>" + paragraphs(it.Content.Prompt.In(it.Lang)) + "</p>\n")
	if it.Content.Program != "" && it.Exercise == nil {
		b.WriteString(`<pre><code>` + html.EscapeString(it.Content.Program) + "</code></pre>\n")
	}
	switch {
	case it.Content.Kind == "order" && len(it.Options) > 0:
		b.WriteString("<p>" + chooseOutputs(len(it.Variant.Result.Outcomes) > 1, it.Lang) + "</p>\n")
	case it.Queue != nil:
		b.WriteString("<p>" + chooseQueue(it.Lang) + "</p>\n")
	case it.Exercise != nil:
		b.WriteString("<p>" + checksIntro(it.Lang) + "</p>\n<ul>\n")
		for _, c := range it.Exercise.Checks {
			b.WriteString("<li>" + html.EscapeString(c) + "</li>\n")
		}
		b.WriteString("</ul>\n")
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
		b.WriteString("<p>" + answerIs(it.Lang) + " " + html.EscapeString(strings.TrimSpace(formatNumber(it.Number.Value)+" "+it.Number.Unit)) + ".</p>\n")
	case it.Queue != nil:
		b.WriteString("<p>" + answerIs(it.Lang) + "</p>\n<pre>" + html.EscapeString(queueText(it.Queue.Key, it.Lang)) + "</pre>\n")
	case it.Content.Kind == "trace":
		for _, o := range it.Options {
			if o.Right {
				b.WriteString("<p>" + answerIs(it.Lang) + " " + html.EscapeString(o.Text) + ".</p>\n")
			}
		}
	case it.Content.Kind == "order":
		for _, o := range it.Variant.Result.Outcomes {
			b.WriteString("<p>" + html.EscapeString(o.Condition) + ":</p>\n<pre>" + html.EscapeString(strings.Join(o.Stdout, "\n")) + "</pre>\n")
		}
	}
	steps := it.Variant.Result.Steps
	if len(steps) == 0 {
		return b.String()
	}
	b.WriteString("<p>" + simulatedRun(it.Lang, it.Exercise != nil) + "</p>\n<ol>\n")
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
			html.EscapeString(string(s.Phase)), html.EscapeString(string(s.Event)), html.EscapeString(s.Detail), html.EscapeString(explain))
	}
	b.WriteString("</ol>\n")
	return b.String()
}

// GraderHTML is what a teacher grades an exercise with: what the checks want and a
// reference solution that passes them all.
func (it *Item) GraderHTML() string {
	var b strings.Builder
	b.WriteString("<p>" + gradeByChecks(it.Lang) + "</p>\n<ol>\n")
	for _, c := range it.Exercise.Checks {
		b.WriteString("<li>" + html.EscapeString(c) + "</li>\n")
	}
	b.WriteString("</ol>\n<p>" + referenceSolution(it.Lang) + "</p>\n<pre><code>" + html.EscapeString(it.Exercise.Solution) + "</code></pre>\n")
	return b.String()
}

func bi(lang, en, vi string) string {
	if lang == quiz.LocaleVI {
		return vi
	}
	return en
}

// chooseOutputs asks for an output when an order question is a multiple choice: one of
// several valid outputs is as right as another.
func chooseOutputs(several bool, lang string) string {
	if several {
		return bi(lang, "Choose an output Node can print (there are several: any of them is right).",
			"Chọn một kết quả mà Node có thể in ra (có nhiều kết quả: kết quả nào trong số đó cũng đúng).")
	}
	return bi(lang, "Choose the output Node prints.", "Chọn kết quả mà Node in ra.")
}

func chooseQueue(lang string) string {
	return bi(lang, "Give the queue's contents, first in line first.", "Cho biết nội dung hàng đợi, phần tử đầu hàng trước.")
}

func checksIntro(lang string) string {
	return bi(lang, "Your program must meet every check:", "Chương trình của bạn phải đạt mọi yêu cầu:")
}

// startingCode introduces an exercise's starting code where the format shows it apart
// from the response (QTI: a player need not fill the response with its default value).
func startingCode(lang string) string {
	return bi(lang, "The starting code (write your program in the box below):", "Code ban đầu (viết chương trình của bạn vào ô bên dưới):")
}

func answerIs(lang string) string { return bi(lang, "The answer:", "Đáp án:") }

func simulatedRun(lang string, starter bool) string {
	if starter {
		return bi(lang, "The starting code, simulated step by step:", "Code ban đầu, mô phỏng từng bước:")
	}
	return bi(lang, "The simulated run, step by step:", "Lần chạy mô phỏng, từng bước:")
}

func gradeByChecks(lang string) string {
	return bi(lang, "Grade by the checks (looplab grades each by simulating the program; the mark is the share that pass):",
		"Chấm theo các yêu cầu (looplab chấm từng yêu cầu bằng cách mô phỏng chương trình; điểm là tỉ lệ yêu cầu đạt):")
}

func referenceSolution(lang string) string {
	return bi(lang, "A reference solution that passes every check:", "Một lời giải mẫu đạt mọi yêu cầu:")
}

// paragraphs writes a text as HTML paragraphs (a blank line parts them), its Markdown
// code spans (`setImmediate`) as <code>, as looplab's page shows them.
func paragraphs(s string) string {
	return strings.ReplaceAll(inlineCode(html.EscapeString(strings.TrimSpace(s))), "\n\n", "</p>\n<p>")
}

// codeSpanRE is a Markdown code span within one line.
var codeSpanRE = regexp.MustCompile("`([^`\n]+)`")

// inlineCode turns the code spans of escaped HTML text into <code> elements.
func inlineCode(escaped string) string {
	return codeSpanRE.ReplaceAllString(escaped, "<code>$1</code>")
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
