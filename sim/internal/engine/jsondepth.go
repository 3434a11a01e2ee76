package engine

import lib "modernc.org/libquickjs"

// V8 serialises JSON with a recursive C++ serializer whose stack check fails far sooner
// than a JavaScript recursion's: real Node stringifies {o: {o: ...}} 4,466 levels deep
// (24.18.0; 4,185 in 20.20.2, 4,172 in 22.23.5) and throws RangeError one level
// deeper. The engine's serializer recurses through the same stack slots as JavaScript
// calls, so it would go 10,800 levels deep, and its cycle check is linear in the depth:
// 58 million comparisons, three seconds, before it failed.

// The engine's JSON.stringify takes one stack slot per level of nesting (an object or
// an array), and jsonEntrySlots between a host function's call of it and its first
// level; TestJSONStringifyDepth measures both.
const (
	jsonSlotsPerLevel = 1
	jsonEntrySlots    = 6
)

// CallJSONBounded calls fn (the engine's JSON.stringify, or a function that calls it
// directly) from a host function with the stack limit lowered, for the call, to what is
// in use plus levels levels of the serializer (never raised), so it throws the engine's
// stack overflow once it is levels deep, as V8's does. A replacer or toJSON it calls
// runs under the same lowered limit, as in V8, where the serializer's frames take the
// stack.
func (r *Runtime) CallJSONBounded(levels int, fn, this Value, args ...Value) (Value, error) {
	rt := at[lib.TJSRuntime](r.rt)
	saved := rt.Fstack_size
	if bound := uint64(r.tls.StackSlots() + jsonEntrySlots + levels*jsonSlotsPerLevel); bound < saved {
		rt.Fstack_size = bound
	}
	defer func() { rt.Fstack_size = saved }()
	return r.Call(fn, this, args...)
}
