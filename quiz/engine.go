package quiz

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/looplab/looplab/sim"
)

// Simulator runs programs; *sim.Simulator implements it.
type Simulator interface {
	Run(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error)
}

// Engine turns question versions into simulated variants and grades answers. Variants
// are deterministic, so each (version, parameter values) is simulated once and kept in
// an LRU cache; concurrent requests for the same missing variant share one run. It is
// safe for concurrent use.
type Engine struct {
	sim   Simulator
	kinds *Registry
	obs   Observer
	cache *lru[*Variant]

	mu       sync.Mutex // guards inflight
	inflight map[string]*variantCall
}

type variantCall struct {
	done chan struct{}
	v    *Variant
	err  error
}

// NewEngine returns an engine that keeps up to cacheSize variants in memory.
func NewEngine(s Simulator, kinds *Registry, cacheSize int, obs Observer) *Engine {
	if obs == nil {
		obs = nopObserver{}
	}
	return &Engine{sim: s, kinds: kinds, obs: obs, cache: newLRU[*Variant](cacheSize), inflight: map[string]*variantCall{}}
}

// Kinds returns the engine's kind registry.
func (e *Engine) Kinds() *Registry { return e.kinds }

// Simulate runs one program (the playground), recording the run's metrics.
func (e *Engine) Simulate(ctx context.Context, p sim.Program, sc sim.Scenario) (*sim.Result, error) {
	start := time.Now()
	res, err := e.sim.Run(ctx, p, sc)
	e.obs.SimRun(time.Since(start), err != nil || res.Error != nil)
	if err != nil {
		return nil, Errorf(EINVALID, "%s", simMessage(err))
	}
	return res, nil
}

// Variant returns the variant of version v that seed selects.
func (e *Engine) Variant(ctx context.Context, v *QuestionVersion, seed int64) (*Variant, error) {
	vals := v.Content.Values(seed)
	key := strconv.FormatInt(v.ID, 10) + "\x00" + valuesKey(vals)
	if got, ok := e.cache.get(key); ok {
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
	c.v, c.err = e.build(context.WithoutCancel(ctx), v.ID, &v.Content, vals)
	if c.err == nil {
		e.cache.add(key, c.v)
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
	sim.ApplyHeaders(&sc, inst.Program)
	start := time.Now()
	res, err := e.sim.Run(ctx, sim.Program{Source: inst.Program, Module: inst.Module}, sc)
	e.obs.SimRun(time.Since(start), err != nil || (res != nil && res.Error != nil))
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: "The question cannot be simulated.",
			Fields: []FieldError{{Field: "scenario", Message: simMessage(err)}}}
	}
	if res.Error != nil {
		return nil, &Error{Code: EINVALID, Message: "The question's program does not run to completion.",
			Fields: []FieldError{{Field: "program", Message: res.Error.Code + ": " + res.Error.Message}}}
	}
	k, err := kind.Key(&inst, res)
	if err != nil {
		return nil, err
	}
	steps, err := json.Marshal(res.Steps)
	if err != nil {
		return nil, fmt.Errorf("encode trace: %w", err)
	}
	return &Variant{VersionID: versionID, Values: vals, Content: inst, Result: res, Key: k, Steps: steps}, nil
}

// Grade grades an answer to the variant of v that seed selects.
func (e *Engine) Grade(ctx context.Context, v *QuestionVersion, seed int64, answer json.RawMessage) (*Variant, Grade, error) {
	vr, err := e.Variant(ctx, v, seed)
	if err != nil {
		return nil, Grade{}, err
	}
	kind, _ := e.kinds.Lookup(vr.Content.Kind)
	g, err := kind.Grade(vr, answer)
	if err != nil {
		return nil, Grade{}, err
	}
	g.Verdict = VerdictOf(g.Score)
	if g.Expected == nil {
		g.Expected, _ = json.Marshal(vr.Key.Reveal())
	}
	e.obs.Graded(vr.Content.Kind, g.Verdict)
	return vr, g, nil
}

// Check validates a question's content fully: statically, then by simulating its
// lowest and highest variants and deriving their keys. Errors are EINVALID with fields.
func (e *Engine) Check(ctx context.Context, c *Content) error {
	if fe := c.validate(e.kinds); len(fe) > 0 {
		return Invalid("The question is invalid.", fe)
	}
	for _, vals := range c.extremeValues() {
		if _, err := e.build(ctx, 0, c, vals); err != nil {
			return err
		}
	}
	return nil
}

// ValidateContent checks a content statically (no simulation), for drafts.
func (e *Engine) ValidateContent(c *Content) error {
	return Invalid("The question is invalid.", c.validate(e.kinds))
}
