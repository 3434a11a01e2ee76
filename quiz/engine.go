package quiz

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/looplab/looplab/internal/bytecache"
	"github.com/looplab/looplab/sim"
)

// Simulator runs programs; *sim.Simulator implements it.
type Simulator interface {
	Run(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error)
}

// Engine turns question versions into simulated variants and grades answers. Variants
// are deterministic, so each (version, parameter values) is simulated once and kept in
// an LRU cache; concurrent requests for the same missing variant share one run. Every
// simulation it runs goes through its Admission, under the kind of work its context
// names (WithWork). It is safe for concurrent use.
type Engine struct {
	sim   Simulator
	kinds *Registry
	obs   Observer
	admit *Admission // nil: runs are not queued
	cache *bytecache.Cache[string, *Variant]
	// runs caches the simulations of learners' programs (exercises), so that reading an
	// attempt back does not run the learner's program again.
	runs *bytecache.Cache[string, *sim.Result]

	mu       sync.Mutex // guards inflight
	inflight map[string]*variantCall
}

type variantCall struct {
	done chan struct{}
	v    *Variant
	err  error
}

// EngineOption configures an Engine.
type EngineOption func(*Engine)

// WithAdmission makes every simulation the engine runs wait for a slot of a.
func WithAdmission(a *Admission) EngineOption { return func(e *Engine) { e.admit = a } }

// WithCacheBytes bounds the bytes the variant cache and the cache of learners' runs
// are charged (defaults DefaultVariantCacheBytes and DefaultRunCacheBytes).
func WithCacheBytes(variants, runs int64) EngineOption {
	return func(e *Engine) {
		e.cache = bytecache.New[string, *Variant](e.cache.Entries(), variants)
		e.runs = bytecache.New[string, *sim.Result](e.runs.Entries(), runs)
	}
}

// Default bounds of the engine's caches, in bytes.
const (
	DefaultVariantCacheBytes = 64 << 20
	DefaultRunCacheBytes     = 32 << 20
)

// NewEngine returns an engine that keeps up to cacheSize variants in memory (and
// DefaultVariantCacheBytes at most, unless WithCacheBytes says otherwise).
func NewEngine(s Simulator, kinds *Registry, cacheSize int, obs Observer, opts ...EngineOption) *Engine {
	if obs == nil {
		obs = nopObserver{}
	}
	e := &Engine{sim: s, kinds: kinds, obs: obs, inflight: map[string]*variantCall{},
		cache: bytecache.New[string, *Variant](max(1, cacheSize), DefaultVariantCacheBytes),
		runs:  bytecache.New[string, *sim.Result](1024, DefaultRunCacheBytes)}
	for _, o := range opts {
		o(e)
	}
	return e
}

// CacheStats reports the entries of the variant cache and of the cache of learners'
// runs and the bytes each is charged.
func (e *Engine) CacheStats() (variants int, variantBytes int64, runs int, runBytes int64) {
	variants, variantBytes = e.cache.Stats()
	runs, runBytes = e.runs.Stats()
	return
}

// enter prepares a simulation under ctx: its RunContext, then a slot for the kind of
// work ctx names. done gives both back; on an error there is nothing to give back.
func (e *Engine) enter(ctx context.Context) (_ context.Context, done func(), err error) {
	stop := func() {}
	if f := runContextOf(ctx); f != nil {
		ctx, stop = f(ctx)
	}
	if e.admit == nil {
		return ctx, stop, nil
	}
	release, err := e.admit.Acquire(ctx, WorkOf(ctx))
	if err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, func() { release(); stop() }, nil
}

// run is the one place the engine runs the simulator: under ctx's RunContext, it waits
// for a slot for the kind of work ctx names, runs, and records the run. A run cancelled
// with its context (its caller went away) is an EUNAVAILABLE error, never a result.
func (e *Engine) run(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error) {
	ctx, done, err := e.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	start := time.Now()
	res, err := e.sim.Run(ctx, p, sc)
	e.obs.SimRun(time.Since(start), err != nil || res.Error != nil)
	if err == nil && res.Error != nil && res.Error.Code == sim.CodeCancelled {
		return nil, Errorf(EUNAVAILABLE, "The request ended before its program finished.")
	}
	return res, err
}

// Comparer runs a program under every simulated Node release; *sim.Simulator
// implements it.
type Comparer interface {
	Compare(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Comparison, error)
}

// Compare runs one program under every simulated Node release (the playground's "what
// changed between versions"), in one slot of the caller's kind of work.
func (e *Engine) Compare(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Comparison, error) {
	c, ok := e.sim.(Comparer)
	if !ok {
		return nil, Errorf(EUNAVAILABLE, "This server's simulator cannot compare Node releases.")
	}
	ctx, done, err := e.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	start := time.Now()
	cmp, err := c.Compare(ctx, p, sc)
	e.obs.SimRun(time.Since(start), err != nil)
	if err != nil {
		return nil, simInvalid(err, func(m string) error { return Errorf(EINVALID, "%s", m) })
	}
	if ctx.Err() != nil {
		return nil, Errorf(EUNAVAILABLE, "The request ended before its program finished.")
	}
	return cmp, nil
}

// Kinds returns the engine's kind registry.
func (e *Engine) Kinds() *Registry { return e.kinds }

// Simulate runs one program (the playground), recording the run's metrics.
func (e *Engine) Simulate(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error) {
	res, err := e.run(ctx, p, sc)
	if err != nil {
		return nil, simInvalid(err, func(m string) error { return Errorf(EINVALID, "%s", m) })
	}
	return res, nil
}

// Variant returns the variant of version v that seed selects.
func (e *Engine) Variant(ctx context.Context, v *QuestionVersion, seed int64) (*Variant, error) {
	return e.VariantWith(ctx, v, v.Content.Values(seed))
}

// VariantWith returns the variant of version v with the given parameter values (one of
// Content.AllValues), simulated once and cached like Variant's.
func (e *Engine) VariantWith(ctx context.Context, v *QuestionVersion, vals []ParamValue) (*Variant, error) {
	key := strconv.FormatInt(v.ID, 10) + "\x00" + valuesKey(vals)
	if got, ok := e.cache.Get(key); ok {
		e.obs.VariantCache(true)
		return got, nil
	}
	e.obs.VariantCache(false)
	e.mu.Lock()
	if c, ok := e.inflight[key]; ok {
		e.mu.Unlock()
		select {
		case <-c.done:
			return c.v, c.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	c := &variantCall{done: make(chan struct{})}
	e.inflight[key] = c
	e.mu.Unlock()

	// The run is shared: it must not end because the first caller went away.
	c.v, c.err = e.build(WithRunContext(context.WithoutCancel(ctx), nil), v.ID, &v.Content, vals)
	if c.err == nil {
		e.cache.Add(key, c.v, c.v.size())
	}
	e.mu.Lock()
	delete(e.inflight, key)
	e.mu.Unlock()
	close(c.done)
	return c.v, c.err
}

// build simulates one variant and derives its key.
func (e *Engine) build(ctx context.Context, versionID int64, c *Content, vals []ParamValue) (*Variant, error) {
	kind, ok := e.kinds.Lookup(c.Kind)
	if !ok {
		return nil, Errorf(EINTERNAL, "unknown question kind %q", c.Kind)
	}
	inst := c.Instantiate(vals)
	sc, err := inst.SimScenario()
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: "The question cannot be simulated.",
			Fields: []FieldError{{Field: "scenario", Message: err.Error()}}}
	}
	res := &sim.Result{Module: inst.Module, Deterministic: true, Outcomes: []sim.Outcome{}, Steps: []sim.Step{}}
	if inst.Program != "" {
		sim.ApplyHeaders(&sc, inst.Program)
		res, err = e.run(ctx, sim.Program{Source: inst.Program, Module: inst.Module}, sc)
	}
	if err != nil {
		return nil, simInvalid(err, func(m string) error {
			return &Error{Code: EINVALID, Message: "The question cannot be simulated.", Fields: []FieldError{{Field: "scenario", Message: m}}}
		})
	}
	if res.Error != nil {
		return nil, &Error{Code: EINVALID, Message: "The question's program does not run to completion.",
			Fields: []FieldError{{Field: "program", Message: res.Error.Code + ": " + res.Error.Message}}}
	}
	var k Key
	if sk, ok := kind.(SimKind); ok {
		k, err = sk.KeySim(ctx, e.runner(), &inst, res)
	} else {
		k, err = kind.Key(&inst, res)
	}
	if err != nil {
		return nil, err
	}
	steps, err := json.Marshal(res.Steps)
	if err != nil {
		return nil, fmt.Errorf("encode trace: %w", err)
	}
	others, err := otherTraces(res.Outcomes)
	if err != nil {
		return nil, fmt.Errorf("encode the other outcomes' traces: %w", err)
	}
	return &Variant{VersionID: versionID, Values: vals, Content: inst, Result: res, Key: k, Steps: steps, OtherSteps: others}, nil
}

// Grade grades an answer to the variant of v that seed selects.
func (e *Engine) Grade(ctx context.Context, v *QuestionVersion, seed int64, answer json.RawMessage) (*Variant, Grade, error) {
	vr, err := e.Variant(ctx, v, seed)
	if err != nil {
		return nil, Grade{}, err
	}
	g, err := e.GradeVariant(ctx, vr, answer)
	if err != nil {
		return nil, Grade{}, err
	}
	e.obs.Graded(vr.Content.Kind, g.Verdict)
	return vr, g, nil
}

// GradeVariant grades an answer to a variant, completing the grade as Grade does (the
// verdict, the expected answer, the rule); it records no metric (exports grade near
// misses with it).
func (e *Engine) GradeVariant(ctx context.Context, vr *Variant, answer json.RawMessage) (Grade, error) {
	kind, _ := e.kinds.Lookup(vr.Content.Kind)
	var g Grade
	var err error
	if sk, ok := kind.(SimKind); ok {
		g, err = sk.GradeSim(ctx, e.runner(), vr, answer)
	} else {
		g, err = kind.Grade(vr, answer)
	}
	if err != nil {
		return Grade{}, err
	}
	g.Verdict = VerdictOf(g.Score)
	if g.Expected == nil {
		g.Expected = vr.Revealed()
	}
	explainRule(&g, vr)
	return g, nil
}

// explainRule completes a wrong answer's grade: the rule of the deciding step (when the
// kind did not name one) and that rule and the misconception in words.
func explainRule(g *Grade, vr *Variant) {
	if g.Score >= 1 {
		g.Rule, g.Divergence = "", nil
		return
	}
	if g.Rule == "" && g.Trace == nil && g.Step > 0 {
		g.Rule = ruleNear(vr.Result.Steps, g.Step-1)
	}
	if t, ok := RuleText(g.Rule); ok {
		g.RuleText = &t
		g.Explanation = joinText(g.Explanation, Text{EN: "Rule " + g.Rule + ": " + t.EN, VI: "Quy tắc " + g.Rule + ": " + t.VI})
	}
	if t, ok := MisconceptionText(g.Misconception); ok {
		g.MisconceptionText = &t
	}
}

// Traces are the encoded traces an attempt is explained with, and their program.
type Traces struct {
	// Program is the program the traces are of: the variant's, or the learner's own.
	Program string
	// Steps is the trace of the runtime's first outcome (a JSON array of sim.Step).
	Steps json.RawMessage
	// Others is a JSON array of OutcomeTrace, one per other outcome of a race; nil when
	// the program has one outcome, or the trace is the learner's own program's.
	Others json.RawMessage
}

// OutcomeTrace is the trace of one outcome after the first, as an attempt carries it.
type OutcomeTrace struct {
	// Outcome is the outcome's number, from 1 (the first outcome's trace is Steps).
	Outcome     int        `json:"outcome"`
	Condition   string     `json:"condition"`
	ConditionVI string     `json:"condition_vi"`
	Steps       []sim.Step `json:"steps"`
	Console     []string   `json:"console"`
}

// otherTraces encodes the traces of the outcomes after the first, nil when none has one.
func otherTraces(outcomes []sim.Outcome) (json.RawMessage, error) {
	var out []OutcomeTrace
	for i, o := range outcomes {
		if i > 0 && len(o.Steps) > 0 {
			out = append(out, OutcomeTrace{Outcome: i + 1, Condition: o.Condition, ConditionVI: o.ConditionVI, Steps: o.Steps, Console: o.Console})
		}
	}
	if out == nil {
		return nil, nil
	}
	return json.Marshal(out)
}

// traces are the traces an attempt graded g is explained with: the learner's own
// program's (answer) when the grade ran it, else the variant's.
func (v *Variant) traces(g Grade, answer json.RawMessage) Traces {
	if g.Trace != nil {
		var program string
		_ = json.Unmarshal(answer, &program) // a kind that runs the learner's program takes it as a string
		return Traces{Program: program, Steps: g.Trace}
	}
	return Traces{Program: v.Content.Program, Steps: v.Steps, Others: v.OtherSteps}
}

// AttemptTrace returns the traces an attempt is explained with: the learner's own for
// kinds that run the learner's program (recomputed deterministically, usually from the
// cache), the variant's otherwise.
func (e *Engine) AttemptTrace(ctx context.Context, v *QuestionVersion, seed int64, answer json.RawMessage) (Traces, error) {
	vr, err := e.Variant(ctx, v, seed)
	if err != nil {
		return Traces{}, err
	}
	kind, _ := e.kinds.Lookup(vr.Content.Kind)
	if sk, ok := kind.(SimKind); ok {
		g, err := sk.GradeSim(ctx, e.runner(), vr, answer)
		if ErrorCode(err) == EUNAVAILABLE { // not another trace: this one, later
			return Traces{}, err
		}
		if err == nil {
			return vr.traces(g, answer), nil
		}
	}
	return vr.traces(Grade{}, answer), nil
}

// Preview simulates one variant of a content without caching it (for authors): the
// values given, or those seed selects when vals is nil.
func (e *Engine) Preview(ctx context.Context, c *Content, seed int64, vals []ParamValue) (*Variant, error) {
	if fe := c.validate(e.kinds); len(fe) > 0 {
		return nil, Invalid("The question is invalid.", fe)
	}
	if vals == nil {
		vals = c.Values(seed)
	}
	return e.build(ctx, 0, c, vals)
}

// runner is the simulator kinds use for learners' programs: runs are cached by
// program and scenario, and measured.
func (e *Engine) runner() Simulator { return cachedRuns{e} }

type cachedRuns struct{ e *Engine }

func (c cachedRuns) Run(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error) {
	scj, _ := json.Marshal(sc)
	h := sha256.New()
	h.Write([]byte(p.Module))
	h.Write([]byte{0})
	h.Write([]byte(p.Source))
	h.Write([]byte{0})
	h.Write(scj)
	key := hex.EncodeToString(h.Sum(nil))
	if res, ok := c.e.runs.Get(key); ok {
		return res, nil
	}
	res, err := c.e.run(ctx, p, sc)
	if err == nil {
		c.e.runs.Add(key, res, resultSize(res))
	}
	return res, err
}

// resultSize estimates the memory a result holds: what its trace and outputs take as
// JSON, twice over (a variant measured 1.3 times its encoded trace in the heap).
func resultSize(res *sim.Result) int64 {
	b, _ := json.Marshal(res)
	return 2 * int64(len(b))
}

// size estimates the memory a cached variant holds: its encoded trace, and its result
// (about as large again, measured over the bank's variants), plus the program.
func (v *Variant) size() int64 {
	return 2*int64(len(v.Steps)+len(v.OtherSteps)) + int64(len(v.Content.Program)) + 4096
}

// Check validates a question's content fully: statically, then by simulating its
// lowest and highest variants and a few seeded ones, and deriving their keys. Errors are
// EINVALID with fields.
func (e *Engine) Check(ctx context.Context, c *Content) error {
	if fe := c.validate(e.kinds); len(fe) > 0 {
		return Invalid("The question is invalid.", fe)
	}
	seen := map[string]bool{}
	for _, vals := range c.SampleValues(2) {
		if k := valuesKey(vals); !seen[k] {
			seen[k] = true
			if _, err := e.build(ctx, 0, c, vals); err != nil {
				return withValues(err, vals)
			}
		}
	}
	return nil
}

// withValues adds the variant's values to an error's message.
func withValues(err error, vals []ParamValue) error {
	qe, ok := err.(*Error)
	if !ok || len(vals) == 0 {
		return err
	}
	out := *qe
	out.Fields = append([]FieldError(nil), qe.Fields...)
	for i := range out.Fields {
		out.Fields[i].Message += " (variant " + valuesText(vals) + ")"
	}
	return &out
}

func valuesText(vals []ParamValue) string {
	s := ""
	for i, v := range vals {
		if i > 0 {
			s += ", "
		}
		s += v.Name + "=" + v.Value
	}
	return s
}

// ValidateContent checks a content statically (no simulation), for drafts.
func (e *Engine) ValidateContent(c *Content) error {
	return Invalid("The question is invalid.", c.validate(e.kinds))
}
