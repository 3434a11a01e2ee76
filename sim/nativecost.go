package sim

import (
	"math"

	"github.com/looplab/looplab/sim/internal/engine"
)

// Some built-ins do their work in the engine's native code, which its counters
// (operations, allocations) barely see, while V8 spends real time on it: serialising and
// parsing JSON, sorting, matching regular expressions. Each is wrapped so that a call costs the virtual time of a model
// of Node 24's work, in place of the engine's own counts of the call (its callbacks
// included: a comparator, a replacer), and counts against the operation budget at the
// price of bytecode operations. The models are calibrated with scripts/calibrate-cpu.sh
// (TestCPUCalibration and docs/performance.md's table).

// nativeModel is one modelled built-in: where it lives and what a call costs.
type nativeModel struct {
	owner  []string // the object's path from the global object: JSON, Array.prototype
	method string
	length int
	// call calls the engine's own function; nil calls it plainly.
	call func(r *run, fn engine.Value, c *engine.Call) (engine.Value, error)
	// before, when set, reads what the cost needs from before the call.
	before func(r *run, c *engine.Call) int
	// cost is the call's CPU in picoseconds, given its arguments, its result and what
	// before read.
	cost func(r *run, c *engine.Call, result engine.Value, before int) int64
}

var nativeModels = []nativeModel{
	{owner: []string{"JSON"}, method: "stringify", length: 3, call: (*run).callStringify,
		cost: func(r *run, _ *engine.Call, v engine.Value, _ int) int64 {
			if !v.IsString() {
				return 0
			}
			return int64(r.js.Len(v)) * r.sc.Costs.JSONStringifyCharPS
		}},
	{owner: []string{"JSON"}, method: "parse", length: 2,
		cost: func(r *run, c *engine.Call, _ engine.Value, _ int) int64 {
			if !c.Arg(0).IsString() {
				return 0
			}
			return int64(r.js.Len(c.Arg(0))) * r.sc.Costs.JSONParseCharPS
		}},
	{owner: []string{"Array", "prototype"}, method: "sort", length: 1,
		cost: func(r *run, c *engine.Call, _ engine.Value, _ int) int64 {
			per := r.sc.Costs.SortComparePS
			if c.Arg(0).IsUndefined() {
				per = r.sc.Costs.SortDefaultComparePS
			}
			return int64(sortComparisons(r.js.Len(c.This))) * per
		}},
	// Every regular-expression match goes through exec (test, String's match, replace,
	// split and search look it up, as the specification says): a call costs its set-up
	// and result plus the characters it scanned, from where it started to the end of its
	// match, or of the input when nothing matched.
	{owner: []string{"RegExp", "prototype"}, method: "exec", length: 1, before: regexpStart,
		cost: func(r *run, c *engine.Call, v engine.Value, start int) int64 {
			end := r.js.Len(c.Arg(0))
			if !v.IsNull() && !v.IsUndefined() {
				end = int(r.js.Get(v, "index").Int()) + r.js.Len(r.js.Index(v, 0))
			}
			k := &r.sc.Costs
			return k.RegexpExecPS + int64(max(end-start, 0))*k.RegexpCharPS
		}},
}

// regexpStart is where exec starts scanning: lastIndex for a global or sticky
// expression, else the start of the input.
func regexpStart(r *run, c *engine.Call) int {
	js := r.js
	if !c.Arg(0).IsString() || !(js.Get(c.This, "global").Truthy() || js.Get(c.This, "sticky").Truthy()) {
		return 0
	}
	return int(js.Get(c.This, "lastIndex").Int())
}

// sortComparisons is the comparisons a merge sort of n items makes, about: n*log2(n).
func sortComparisons(n int) float64 {
	if n < 2 {
		return 0
	}
	return float64(n) * math.Log2(float64(n))
}

// callStringify calls JSON.stringify with the recursion depth of the profile's V8.
func (r *run) callStringify(fn engine.Value, c *engine.Call) (engine.Value, error) {
	if d := r.prof.JSONDepth; d > 0 {
		return r.js.CallJSONBounded(d, fn, c.This, c.Args()...)
	}
	return r.js.Call(fn, c.This, c.Args()...)
}

// installNativeModels wraps the modelled built-ins of a new runtime.
func (r *run) installNativeModels() {
	js := r.js
	mark := js.Mark()
	defer js.Unwind(mark)
	for i := range nativeModels {
		m := &nativeModels[i]
		owner := js.Global()
		for _, name := range m.owner {
			owner = js.Get(owner, name)
		}
		native := js.Keep(js.Get(owner, m.method))
		js.Define(owner, m.method, js.Function(m.method, m.length, func(c *engine.Call) engine.Value {
			return c.R.Host().(*run).callModelled(m, native, c) // the run the runtime serves now
		}), engine.Writable|engine.Configurable)
	}
}

// callModelled calls a modelled built-in: the engine's counts of the call go to the
// budget only, the model's cost to virtual time and the budget.
func (r *run) callModelled(m *nativeModel, native engine.Value, c *engine.Call) engine.Value {
	before := 0
	if m.before != nil {
		before = m.before(r, c)
	}
	r.internalWork(+1)
	var v engine.Value
	var err error
	if m.call != nil {
		v, err = m.call(r, native, c)
	} else {
		v, err = r.js.Call(native, c.This, c.Args()...)
	}
	r.internalWork(-1)
	if err != nil {
		return r.js.Propagate(err)
	}
	r.chargeNative(m.cost(r, c, v, before))
	return v
}
