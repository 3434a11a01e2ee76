package inspect

import (
	"github.com/looplab/looplab/sim/internal/engine"
	"slices"
)

// newBinding makes the object inspect.js is called with: the host functions that stand
// for what Node takes from V8 (internalBinding('util'), util.types, ICU). None of them
// runs JavaScript or triggers a proxy trap or a getter.
//
//	classOf(value)            the engine's class id of an object, 0 for a primitive
//	classes                   class ids by name ({ Map: 35, Proxy: 51, ... })
//	promiseState(promise)     0 pending, 1 fulfilled, 2 rejected, -1 not a promise
//	promiseResult(promise)    a settled promise's value or reason
//	proxyTarget(value)        a proxy's target, null when revoked, undefined for a non-proxy
//	proxyHandler(value)       a proxy's handler, likewise
//	ownNonIndexKeys(obj, enumerableOnly)  own keys without array indices, strings then symbols
//	entries(value)            [entries, isKeyValue] of a Map, Set, WeakMap, WeakSet or of
//	                          what a Map or Set iterator has yet to yield
//	stringWidth(str, removeControlChars)  Node's getStringWidth, with ICU's widths as
//	                          Node 24 has them
//	stripVT(str)              str without VT control sequences
func newBinding(r *engine.Runtime) engine.Value {
	b := r.Object()
	fn := func(name string, length int, f engine.HostFunc) {
		r.Define(b, name, r.Function(name, length, f), engine.Default)
	}
	classes := r.Object()
	byName := engine.Classes()
	ids := make([]engine.Class, 0, len(byName))
	for id := range byName {
		ids = append(ids, id)
	}
	slices.Sort(ids) // the same property order in every run: allocations are counted as CPU
	for _, id := range ids {
		r.Define(classes, byName[id], r.Int(int64(id)), engine.Default)
	}
	r.Define(b, "classes", classes, engine.Default)
	fn("classOf", 1, func(c *engine.Call) engine.Value {
		return c.R.Int(int64(c.R.ClassOf(c.Arg(0))))
	})
	fn("promiseState", 1, func(c *engine.Call) engine.Value {
		return c.R.Int(int64(c.R.PromiseState(c.Arg(0))))
	})
	fn("promiseResult", 1, func(c *engine.Call) engine.Value {
		if c.R.PromiseState(c.Arg(0)) == engine.NotAPromise {
			return c.R.Undefined()
		}
		return c.R.PromiseResult(c.Arg(0))
	})
	fn("proxyTarget", 1, func(c *engine.Call) engine.Value {
		target, _, _ := c.R.ProxyDetails(c.Arg(0))
		return target
	})
	fn("proxyHandler", 1, func(c *engine.Call) engine.Value {
		_, handler, _ := c.R.ProxyDetails(c.Arg(0))
		return handler
	})
	fn("ownNonIndexKeys", 2, func(c *engine.Call) engine.Value {
		filter := engine.SkipIndices
		if c.Arg(1).Truthy() {
			filter |= engine.EnumerableOnly
		}
		return c.R.Array(c.R.OwnKeys(c.Arg(0), filter)...)
	})
	fn("entries", 1, func(c *engine.Call) engine.Value {
		entries, keyValue, _ := c.R.Entries(c.Arg(0))
		return c.R.Array(c.R.Array(entries...), c.R.Bool(keyValue))
	})
	fn("stringWidth", 2, func(c *engine.Call) engine.Value {
		return c.R.Int(int64(nodeStringWidth(c.Arg(0).String(), c.Arg(1).Truthy())))
	})
	fn("stripVT", 1, func(c *engine.Call) engine.Value {
		return c.R.String(ansi.ReplaceAllString(c.Arg(0).String(), ""))
	})
	return b
}
