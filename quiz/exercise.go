package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/looplab/looplab/sim"
)

// ExerciseSpec is the spec of an exercise: the learner writes or fixes the program
// (Content.Program is the starting code) and every check must hold on the simulation
// of their program. Checks are expr predicates over the result (see Facts).
type ExerciseSpec struct {
	Checks []Check `json:"checks"`
	// Solution is a reference program: it must pass every check (the bank refuses an
	// exercise whose solution fails, or whose starting code already passes).
	Solution string `json:"solution"`
}

// Check is one predicate an exercise's program must satisfy.
type Check struct {
	Expr string `json:"expr"`
	// Text says what the check wants, for the learner ("the socket data is handled
	// before t = 6 ms").
	Text Text `json:"text"`
	// Misconception tags a program that fails this check, and Rule names the runtime
	// rule it breaks (node-semantics.md; default: the rule of the step it looked at).
	Misconception string `json:"misconception,omitempty"`
	Rule          string `json:"rule,omitempty"`
}

// MaxExerciseCode bounds a learner's program.
const MaxExerciseCode = 16 << 10

// ExerciseKind is the "exercise" kind. The score is the share of checks that pass; the
// learner's own trace comes back as feedback. A learner's program runs under tighter
// limits than the bank's (LearnerLimits) on top of the simulator's own safety.
type ExerciseKind struct{}

// Name implements Kind.
func (ExerciseKind) Name() string { return "exercise" }

func exerciseSpec(c *Content) (ExerciseSpec, []FieldError) {
	var s ExerciseSpec
	var fe fieldErrors
	dec := json.NewDecoder(bytes.NewReader(c.Spec))
	dec.DisallowUnknownFields()
	if len(c.Spec) == 0 || dec.Decode(&s) != nil {
		fe.add("spec", "must be an object {checks: [{expr, text, misconception?}], solution}")
	}
	return s, fe
}

// ValidateSpec implements Kind.
func (ExerciseKind) ValidateSpec(c *Content) []FieldError {
	s, fe := exerciseSpec(c)
	if len(fe) > 0 {
		return fe
	}
	errs := fieldErrors(fe)
	if len(s.Checks) == 0 || len(s.Checks) > 20 {
		errs.add("spec.checks", "must list 1 to 20 checks")
	}
	for i, ch := range s.Checks {
		f := fmt.Sprintf("spec.checks[%d]", i)
		if _, err := CompileFact(ch.Expr); err != nil {
			errs.add(f+".expr", "%s", err.Error())
		}
		validateText(&errs, f+".text", ch.Text, 500)
		if ch.Misconception != "" && !validTag(ch.Misconception) {
			errs.add(f+".misconception", tagRule)
		}
		if _, ok := RuleText(ch.Rule); ch.Rule != "" && !ok {
			errs.add(f+".rule", "must be a rule id of node-semantics.md (R-CB2, R-P4, …)")
		}
	}
	switch {
	case strings.TrimSpace(s.Solution) == "":
		errs.add("spec.solution", "is required")
	case len(s.Solution) > MaxExerciseCode:
		errs.add("spec.solution", "must be at most 16 KiB")
	}
	return errs
}

// Key implements Kind; the engine calls KeySim instead.
func (k ExerciseKind) Key(*Content, *sim.Result) (Key, error) {
	return nil, Errorf(EINTERNAL, "exercise keys need the simulator")
}

// Grade implements Kind; the engine calls GradeSim instead.
func (ExerciseKind) Grade(*Variant, json.RawMessage) (Grade, error) {
	return Grade{}, Errorf(EINTERNAL, "exercises are graded with the simulator")
}

type exerciseKey struct {
	spec     ExerciseSpec
	programs []*vm.Program
}

// Public lists what the checks want.
func (k *exerciseKey) Public(int64) any {
	texts := make([]Text, len(k.spec.Checks))
	for i, c := range k.spec.Checks {
		texts[i] = c.Text
	}
	return map[string]any{"checks": texts}
}

// Reveal shows the reference solution and the checks.
func (k *exerciseKey) Reveal() any {
	out := k.Public(0).(map[string]any)
	out["solution"] = k.spec.Solution
	return out
}

// KeySim implements SimKind: the starting program must fail a check and the reference
// solution must pass them all.
func (ExerciseKind) KeySim(ctx context.Context, s Simulator, c *Content, res *sim.Result) (Key, error) {
	spec, fe := exerciseSpec(c)
	if len(fe) > 0 {
		return nil, Invalid("The question is invalid.", fe)
	}
	k := &exerciseKey{spec: spec}
	for i, ch := range spec.Checks {
		p, err := CompileFact(ch.Expr)
		if err != nil {
			return nil, Invalid("The question is invalid.", []FieldError{{Field: fmt.Sprintf("spec.checks[%d].expr", i), Message: err.Error()}})
		}
		k.programs = append(k.programs, p)
	}
	sc, err := c.SimScenario()
	if err != nil {
		return nil, Invalid("The question is invalid.", []FieldError{{Field: "scenario", Message: err.Error()}})
	}
	if passed, _ := k.run(res, sc); allPassed(passed) {
		return nil, Invalid("The question is invalid.", []FieldError{{Field: "program", Message: "the starting code already passes every check"}})
	}
	sol, err := runLearner(ctx, s, c, spec.Solution)
	if err != nil {
		return nil, simInvalid(err, func(m string) error {
			return Invalid("The question is invalid.", []FieldError{{Field: "spec.solution", Message: m}})
		})
	}
	passed, errs := k.run(sol, sc)
	for i, ok := range passed {
		if !ok {
			msg := "the solution fails this check"
			if errs[i] != nil {
				msg = errs[i].Error()
			}
			if sol.Error != nil {
				msg += " (" + sol.Error.Code + ": " + sol.Error.Message + ")"
			}
			return nil, Invalid("The question is invalid.", []FieldError{{Field: fmt.Sprintf("spec.checks[%d]", i), Message: msg}})
		}
	}
	return k, nil
}

// run evaluates every check on a result.
func (k *exerciseKey) run(res *sim.Result, sc sim.Scenario) ([]bool, []error) {
	facts := NewFacts(res, sc)
	passed, errs := make([]bool, len(k.programs)), make([]error, len(k.programs))
	for i, p := range k.programs {
		passed[i], _, errs[i] = facts.Eval(p)
	}
	return passed, errs
}

func allPassed(p []bool) bool {
	for _, ok := range p {
		if !ok {
			return false
		}
	}
	return true
}

// LearnerLimits bounds a learner's program (tighter than the simulator's defaults): 30
// million operations end a loop that never yields at the same point on any machine (about
// a second of CPU here), well before the CPU backstop.
func LearnerLimits() sim.Limits {
	return sim.Limits{CPUMS: 10_000, MaxOps: 30_000_000, MaxSteps: 100_000, MaxTicks: 50_000, MaxVirtualMS: 120_000,
		MaxOutputBytes: 64 << 10, MaxTraceSteps: 3000, MaxCallDepth: 1000, MaxHeapMB: 64, MaxStringLen: 1 << 20}
}

// runLearner simulates a program written for an exercise in the exercise's scenario,
// under LearnerLimits and at most 8 explored timings.
func runLearner(ctx context.Context, s Simulator, c *Content, code string) (*sim.Result, error) {
	sc, err := c.SimScenario()
	if err != nil {
		return nil, err
	}
	sc.Limits = LearnerLimits()
	sc.MaxOutcomes = 8
	sc.SummaryOnly = false
	sim.ApplyHeaders(&sc, code)
	return s.Run(ctx, sim.Program{Source: code, Module: c.Module}, sc)
}

// exerciseAnswer reads a learner's program: a JSON string, or {"code": "..."}.
func exerciseAnswer(answer json.RawMessage) (string, error) {
	var code string
	if err := json.Unmarshal(answer, &code); err != nil {
		var obj struct {
			Code string `json:"code"`
		}
		dec := json.NewDecoder(bytes.NewReader(answer))
		dec.DisallowUnknownFields()
		if dec.Decode(&obj) != nil {
			return "", InvalidAnswer(`must be the program as a string, or {"code": "..."}`)
		}
		code = obj.Code
	}
	switch {
	case strings.TrimSpace(code) == "":
		return "", InvalidAnswer("must be a non-empty program")
	case len(code) > MaxExerciseCode:
		return "", InvalidAnswer("must be a program of at most 16 KiB")
	}
	return code, nil
}

// GradeSim implements SimKind: it runs the learner's program and checks it.
func (ExerciseKind) GradeSim(ctx context.Context, s Simulator, v *Variant, answer json.RawMessage) (Grade, error) {
	code, err := exerciseAnswer(answer)
	if err != nil {
		return Grade{}, err
	}
	k := v.Key.(*exerciseKey)
	res, err := runLearner(ctx, s, &v.Content, code)
	if err != nil {
		return Grade{}, simInvalid(err, func(m string) error {
			return &Error{Code: EINVALID, Message: "The program cannot be simulated.", Fields: []FieldError{{Field: "answer", Message: m}}}
		})
	}
	sc, _ := v.Content.SimScenario()
	facts := NewFacts(res, sc)
	g := Grade{}
	var lines Text
	failed := -1
	for i, p := range k.programs {
		ok, step, _ := facts.Eval(p)
		ch := k.spec.Checks[i]
		g.Checks = append(g.Checks, CheckResult{Text: ch.Text, Passed: ok, Step: step})
		mark := "✓ "
		if !ok {
			mark = "✗ "
			if failed < 0 {
				failed = i
			}
		} else {
			g.Score++
		}
		lines = joinLines(lines, Text{EN: mark + ch.Text.In(LocaleEN), VI: mark + ch.Text.In(LocaleVI)})
	}
	g.Score /= float64(len(k.programs))
	head := Text{EN: fmt.Sprintf("%d of %d checks pass on your program.", int(g.Score*float64(len(k.programs))+0.5), len(k.programs)),
		VI: fmt.Sprintf("Chương trình của bạn đạt %d trên %d điều kiện.", int(g.Score*float64(len(k.programs))+0.5), len(k.programs))}
	if res.Error != nil {
		g.ProgramError = res.Error
		head = joinText(head, Text{EN: "Your program did not finish: " + res.Error.Code + ": " + res.Error.Message,
			VI: "Chương trình của bạn không chạy xong: " + res.Error.Code + ": " + res.Error.Message})
		g.Misconception = errorMisconception(res.Error.Code)
	}
	msg := joinText(head, lines)
	if failed >= 0 {
		if t := k.spec.Checks[failed].Misconception; t != "" {
			g.Misconception = t
		}
		explainCheck(&g, res, failed, &msg)
		rule := k.spec.Checks[failed].Rule
		if rule == "" && res.Error != nil && errorMisconception(res.Error.Code) == TagLoopStarvation {
			rule = "R-CB6"
		}
		if rule != "" && g.Divergence != nil {
			g.Rule, g.Divergence.Rule = rule, rule
		}
	}
	g.Explanation = joinText(msg, v.Content.Explanation)
	if g.Trace, err = json.Marshal(res.Steps); err != nil {
		return Grade{}, fmt.Errorf("encode trace: %w", err)
	}
	return g, nil
}

// explainCheck points the grade at the step of the learner's trace where the first
// failing check is decided (the last step it looked at, else the last step).
func explainCheck(g *Grade, res *sim.Result, failed int, msg *Text) {
	step := g.Checks[failed].Step
	if step == 0 && len(res.Steps) > 0 {
		step = res.Steps[len(res.Steps)-1].N
	}
	if step == 0 || step > len(res.Steps) {
		return
	}
	s := res.Steps[step-1]
	g.Step = s.N
	g.Rule = ruleNear(res.Steps, step-1)
	exp := g.Checks[failed].Text
	g.Divergence = &Divergence{Index: failed, Expected: exp.In(LocaleEN), Step: s.N, TimeMS: ms(s.TimeUS), Phase: string(s.Phase), Rule: g.Rule}
	*msg = joinText(*msg, Text{EN: fmt.Sprintf("In your trace, step %d (t = %s ms, %s phase) decides the first failing check: %s", s.N, fmtMS(s.TimeUS), s.Phase, s.Explain),
		VI: fmt.Sprintf("Trong trace của bạn, bước %d (t = %s ms, pha %s) quyết định điều kiện đầu tiên không đạt: %s", s.N, fmtMS(s.TimeUS), s.Phase, s.ExplainVI)})
}

// joinLines joins two texts line by line, per language.
func joinLines(a, b Text) Text {
	j := func(x, y string) string {
		if x == "" {
			return y
		}
		return x + "\n" + y
	}
	return Text{EN: j(a.EN, b.EN), VI: j(a.VI, b.VI)}
}
