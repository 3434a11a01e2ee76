package engine

import lib "modernc.org/libquickjs"

// V8 serialises JSON with a recursive C++ serializer whose stack check fails far sooner
// than a JavaScript recursion's: real Node stringifies {o: {o: ...}} 4,466 levels deep
// (24.18.0; 4,185 in 20.20.2, 4,172 in 22.23.5) and throws RangeError one level
// deeper. The engine's serializer recurses through the same stack slots as JavaScript
// calls, one or two a level, so it would go 10,800 levels deep, and its cycle check is
// linear in the depth: 58 million comparisons, three seconds, before it failed.

// The engine's JSON.stringify takes one stack slot per level of nesting (an object or
// an array), and jsonEntrySlots between the bounded function's entry and its first
// level (the call into the engine's own stringify); TestJSONStringifyDepth measures both.
const (
	jsonSlotsPerLevel = 1
	jsonEntrySlots    = 6
)

// BoundJSONDepth makes JSON.stringify throw the engine's stack overflow once it is
// levels deep, as V8's does: for the call, the stack limit is lowered to what is in use
// plus levels levels of the serializer (never raised). A replacer or toJSON it calls runs
// under the same lowered limit, as in V8, where the serializer's frames take the stack.
func (r *Runtime) BoundJSONDepth(levels int) error {
	mark := r.Mark()
	defer r.Unwind(mark)
	json := r.Get(r.Global(), "JSON")
	native := r.Keep(r.Get(json, "stringify"))
	bounded := r.Function("stringify", 3, func(c *Call) Value {
		rt := at[lib.TJSRuntime](r.rt)
		saved := rt.Fstack_size
		bound := uint64(r.tls.StackSlots() + jsonEntrySlots + levels*jsonSlotsPerLevel)
		if bound < saved {
			rt.Fstack_size = bound
		}
		v, err := r.Call(native, c.This, c.Args()...)
		rt.Fstack_size = saved
		if err != nil {
			return r.Propagate(err)
		}
		return v
	})
	r.Define(json, "stringify", bounded, Writable|Configurable)
	return nil
}
