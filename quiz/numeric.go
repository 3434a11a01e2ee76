package quiz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// NumericSpec is the spec of a numeric question: which extractor computes the key from
// the simulation, its arguments, and the tolerance.
type NumericSpec struct {
	// Extract names the extractor ("line_time_ms", "exit_code", ...).
	Extract string `json:"extract"`
	// Line selects a printed line (for the line extractors); Match is "exact" (default)
	// or "prefix".
	Line  string `json:"line,omitempty"`
	Match string `json:"match,omitempty"`
	// Job is a 1-based thread-pool job number (pool_job_end_ms).
	Job int `json:"job,omitempty"`
	// Expr is the expression of the "expr" extractor, over the facts of the simulation
	// (see Facts): "maxLatency", "elu", "percentile(latencies, 99)".
	Expr string `json:"expr,omitempty"`
	// Tolerance is the largest distance from the key that earns full credit;
	// PartialTolerance, when set, the largest that earns half.
	Tolerance        float64 `json:"tolerance"`
	PartialTolerance float64 `json:"partial_tolerance,omitempty"`
	// Unit is shown next to the number ("ms").
	Unit string `json:"unit,omitempty"`

	scenario sim.Scenario // the variant's scenario, for the expr extractor
}

// virtualTimeSlackMS is the least full-credit tolerance of a key read from virtual time:
// the simulator charges the program's own JavaScript in microseconds (25.001 ms where the
// program's steps add up to 25), which no learner is asked to work out.
const virtualTimeSlackMS = 0.05

// fullCredit is the largest distance from the key that earns full credit: Tolerance, at
// least virtualTimeSlackMS for the extractors that read virtual time.
func (s NumericSpec) fullCredit() float64 {
	switch s.Extract {
	case "line_time_ms", "end_time_ms", "pool_job_end_ms":
		return max(s.Tolerance, virtualTimeSlackMS)
	}
	return s.Tolerance
}

// Extractor computes a numeric key from a simulation: the value and the trace step that
// shows it (0 when none does).
type Extractor func(res *sim.Result, s NumericSpec) (value float64, step int, err error)

// DefaultExtractors returns the built-in extractors:
//
//	line_time_ms    virtual time (ms) of the console step that prints Line
//	line_value      the first number in the printed line Line (match prefix for "timer: 105")
//	exit_code       the process exit code
//	end_time_ms     the virtual time at which the process exits
//	pool_job_end_ms when thread-pool job number Job finishes
//	line_count      how many lines the program prints
//	expr            the number the expression Expr computes from the simulation (Facts)
func DefaultExtractors() map[string]Extractor {
	return map[string]Extractor{
		"expr": func(res *sim.Result, s NumericSpec) (float64, int, error) {
			p, err := CompileValue(s.Expr)
			if err != nil {
				return 0, 0, err
			}
			return NewFacts(res, s.scenario).Value(p)
		},
		"line_time_ms": func(res *sim.Result, s NumericSpec) (float64, int, error) {
			st, err := consoleStep(res, s)
			if err != nil {
				return 0, 0, err
			}
			return float64(st.TimeUS) / 1000, st.N, nil
		},
		"line_value": func(res *sim.Result, s NumericSpec) (float64, int, error) {
			st, err := consoleStep(res, s)
			if err != nil {
				return 0, 0, err
			}
			m := numberRE.FindString(strings.TrimPrefix(st.Detail, s.Line))
			v, perr := strconv.ParseFloat(m, 64)
			if perr != nil {
				return 0, 0, fmt.Errorf("line %q holds no number", st.Detail)
			}
			return v, st.N, nil
		},
		"exit_code": func(res *sim.Result, _ NumericSpec) (float64, int, error) {
			return float64(res.Outcomes[0].ExitCode), lastStep(res), nil
		},
		"end_time_ms": func(res *sim.Result, _ NumericSpec) (float64, int, error) {
			return float64(res.Summary.EndTimeUS) / 1000, lastStep(res), nil
		},
		"pool_job_end_ms": func(res *sim.Result, s NumericSpec) (float64, int, error) {
			jobs := append([]sim.PoolJob(nil), res.Summary.ThreadPool...)
			sort.Slice(jobs, func(i, j int) bool { return jobs[i].ID < jobs[j].ID })
			if s.Job < 1 || s.Job > len(jobs) {
				return 0, 0, fmt.Errorf("the program runs %d thread-pool jobs, not %d", len(jobs), s.Job)
			}
			return float64(jobs[s.Job-1].EndUS) / 1000, 0, nil
		},
		"line_count": func(res *sim.Result, _ NumericSpec) (float64, int, error) {
			return float64(len(res.Outcomes[0].Stdout)), 0, nil
		},
	}
}

var numberRE = regexp.MustCompile(`-?\d+(\.\d+)?`)

func consoleStep(res *sim.Result, s NumericSpec) (sim.Step, error) {
	for _, st := range res.Steps {
		if st.Event != trace.Console {
			continue
		}
		if st.Detail == s.Line || s.Match == "prefix" && strings.HasPrefix(st.Detail, s.Line) {
			return st, nil
		}
	}
	return sim.Step{}, fmt.Errorf("no printed line matches %q", s.Line)
}

func lastStep(res *sim.Result) int {
	if len(res.Steps) == 0 {
		return 0
	}
	return res.Steps[len(res.Steps)-1].N
}

// NumericKind is the "numeric" kind: the answer is a number, the key comes from the
// simulation through a named extractor, with the author's tolerance.
type NumericKind struct {
	extractors map[string]Extractor
}

// NewNumericKind returns the numeric kind with the given extractors.
func NewNumericKind(extractors map[string]Extractor) NumericKind {
	return NumericKind{extractors: extractors}
}

// Name implements Kind.
func (NumericKind) Name() string { return "numeric" }

func (k NumericKind) spec(c *Content) (NumericSpec, []FieldError) {
	var s NumericSpec
	var fe fieldErrors
	dec := json.NewDecoder(bytes.NewReader(c.Spec))
	dec.DisallowUnknownFields()
	if len(c.Spec) == 0 || dec.Decode(&s) != nil {
		fe.add("spec", "must be an object {extract, line?, match?, job?, expr?, tolerance, partial_tolerance?, unit?}")
		return s, fe
	}
	if _, ok := k.extractors[s.Extract]; !ok {
		names := make([]string, 0, len(k.extractors))
		for n := range k.extractors {
			names = append(names, n)
		}
		sort.Strings(names)
		fe.add("spec.extract", "must be one of %s", strings.Join(names, ", "))
	}
	if s.Match != "" && s.Match != "exact" && s.Match != "prefix" {
		fe.add("spec.match", "must be exact or prefix")
	}
	if s.Extract == "expr" {
		if _, err := CompileValue(s.Expr); err != nil {
			fe.add("spec.expr", "%s", err.Error())
		}
	}
	if s.Tolerance < 0 || math.IsNaN(s.Tolerance) {
		fe.add("spec.tolerance", "must be zero or positive")
	}
	if s.PartialTolerance != 0 && s.PartialTolerance < s.Tolerance {
		fe.add("spec.partial_tolerance", "must be at least tolerance")
	}
	return s, fe
}

// ValidateSpec implements Kind.
func (k NumericKind) ValidateSpec(c *Content) []FieldError {
	_, fe := k.spec(c)
	for i, m := range c.Misconceptions {
		var f float64
		if json.Unmarshal(fillJSON(m.Answer, c.extremeValues()[0]), &f) != nil {
			fe = append(fe, FieldError{Field: fmt.Sprintf("misconceptions[%d].answer", i), Message: "must be a number"})
		}
	}
	return fe
}

type numericKey struct {
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	step  int
	spec  NumericSpec
	res   *sim.Result
}

func (k *numericKey) Public(int64) any {
	if k.Unit == "" {
		return nil
	}
	return map[string]any{"unit": k.Unit}
}

func (k *numericKey) Reveal() any { return k }

// Key implements Kind.
func (k NumericKind) Key(c *Content, res *sim.Result) (Key, error) {
	s, fe := k.spec(c)
	if len(fe) > 0 {
		return nil, Invalid("The question is invalid.", fe)
	}
	s.scenario, _ = c.SimScenario()
	v, step, err := k.extractors[s.Extract](res, s)
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: "The answer key cannot be computed.",
			Fields: []FieldError{{Field: "spec", Message: err.Error()}}}
	}
	if !res.Deterministic && !k.sameInEveryOutcome(res, s, v) {
		return nil, &Error{Code: EINVALID, Message: "A numeric question needs a deterministic program.",
			Fields: []FieldError{{Field: "program", Message: "has several outcomes; a numeric key needs one"}}}
	}
	return &numericKey{Value: v, Unit: s.Unit, step: step, spec: s, res: res}, nil
}

// traceExtractors read a key from an outcome's own trace and output alone, so a racing
// program's other outcomes can be read too (the summary is the first outcome's only).
var traceExtractors = map[string]bool{"line_time_ms": true, "line_value": true, "exit_code": true, "line_count": true}

// sameInEveryOutcome reports whether every other outcome of a racing program gives v
// within the key's tolerance, each read from its own trace: the order two equal pool
// jobs finish in races (R-R4), and a key may not depend on it.
func (k NumericKind) sameInEveryOutcome(res *sim.Result, s NumericSpec, v float64) bool {
	if !traceExtractors[s.Extract] {
		return false
	}
	for _, o := range res.Outcomes[1:] {
		if len(o.Steps) == 0 {
			return false // its trace was cut: it cannot be read
		}
		alt := &sim.Result{Module: res.Module, Deterministic: true, Outcomes: []sim.Outcome{o}, Steps: o.Steps, Console: o.Console, Summary: res.Summary}
		w, _, err := k.extractors[s.Extract](alt, s)
		if err != nil || math.Abs(w-v) > s.fullCredit()+1e-9 {
			return false
		}
	}
	return true
}

// Grade implements Kind.
func (NumericKind) Grade(v *Variant, answer json.RawMessage) (Grade, error) {
	var a float64
	if err := json.Unmarshal(answer, &a); err != nil || math.IsInf(a, 0) || math.IsNaN(a) {
		return Grade{}, InvalidAnswer("must be a finite number")
	}
	k := v.Key.(*numericKey)
	dist := math.Abs(a - k.Value)
	g := Grade{Step: k.step}
	switch {
	case dist <= k.spec.fullCredit()+1e-9:
		g.Score = 1
	case k.spec.PartialTolerance > 0 && dist <= k.spec.PartialTolerance+1e-9:
		g.Score = 0.5
	}
	val := strconv.FormatFloat(k.Value, 'f', -1, 64) + unitSuffix(k.Unit)
	msg := Text{EN: "The runtime gives " + val + ".", VI: "Runtime cho ra " + val + "."}
	if g.Score == 1 {
		msg = Text{EN: "Correct: " + val + ".", VI: "Đúng: " + val + "."}
	}
	if k.step > 0 && k.step <= len(k.res.Steps) {
		s := k.res.Steps[k.step-1]
		msg.EN += fmt.Sprintf(" See step %d (t = %s ms, %s phase): %s", s.N, fmtMS(s.TimeUS), s.Phase, s.Explain)
		msg.VI += fmt.Sprintf(" Xem bước %d (t = %s ms, pha %s): %s", s.N, fmtMS(s.TimeUS), s.Phase, s.ExplainVI)
	}
	if g.Score < 1 {
		g.Misconception = numericMisconception(k.spec.Extract, a, k.Value, k.source())
		for _, m := range v.Content.Misconceptions {
			var f float64
			if json.Unmarshal(m.Answer, &f) == nil && math.Abs(f-a) <= k.spec.fullCredit()+1e-9 {
				g.Misconception = m.Tag
				msg = joinText(msg, m.Explanation)
				break
			}
		}
		if k.step > 0 {
			g.Divergence = &Divergence{Expected: strconv.FormatFloat(k.Value, 'f', -1, 64), Step: k.step}
			got := strconv.FormatFloat(a, 'f', -1, 64)
			g.Divergence.Got = &got
			if k.step <= len(k.res.Steps) {
				s := k.res.Steps[k.step-1]
				g.Divergence.TimeMS, g.Divergence.Phase = ms(s.TimeUS), string(s.Phase)
				g.Rule = k.rule()
				g.Divergence.Rule = g.Rule
			}
		}
	}
	g.Explanation = joinText(msg, v.Content.Explanation)
	return g, nil
}

// rule is the rule that governs the key's step, "" when none is known to: only a key
// read from virtual time is decided by when its step runs (a printed value or an exit
// code is the program's own logic), by the pool's queue for a pool callback (R-P4), by
// a callback that held the thread for a timer that fired after its due time (R-P3), else
// by the rule of the step that runs the callback.
func (k *numericKey) rule() string {
	switch k.spec.Extract {
	case "line_time_ms", "end_time_ms", "pool_job_end_ms":
	default:
		return ""
	}
	switch k.source() {
	case srcPool:
		return "R-P4"
	case srcTimer:
		if timerFiredLate(k.res.Steps, k.step-1) {
			return "R-P3"
		}
	}
	return ruleNear(k.res.Steps, k.step-1)
}

// timerFiredLate reports whether the timer whose callback step i runs in fired after the
// millisecond it was due: a callback held the thread past it (R-P3).
func timerFiredLate(steps []sim.Step, i int) bool {
	for j := i; j > 0; j-- {
		if steps[j].Event != trace.TimerFires {
			continue
		}
		for _, t := range steps[j-1].State.Timers {
			if t.ID == steps[j].Item {
				return steps[j].TimeUS > t.DueMS*1000
			}
		}
		return false
	}
	return false
}

// source is the kind of callback the key's step runs in.
func (k *numericKey) source() source {
	if k.step < 1 || k.step > len(k.res.Steps) {
		return srcOther
	}
	return sourceOf(k.res.Steps, k.step-1)
}

// numericMisconception guesses what a wrong number shows when no author's answer
// matches: a pool job, or a line printed by a pool callback, that the learner expects
// too early suggests the pool's queue was forgotten; a timer's line expected too early,
// that timers were taken as exact. Other early answers get no guess.
func numericMisconception(extract string, answer, key float64, src source) string {
	if answer >= key {
		return ""
	}
	switch {
	case extract == "pool_job_end_ms", src == srcPool:
		return TagPoolSizeForgotten
	case extract == "line_time_ms" && src == srcTimer: // a timer's line, later than its delay
		return TagTimersExact
	}
	return "" // too early for another reason (a busy loop, nextTick starvation): no guess
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}
