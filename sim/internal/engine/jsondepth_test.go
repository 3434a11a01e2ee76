package engine

import "testing"

// TestJSONStringifyDepth checks that JSON.stringify called through CallJSONBounded
// serialises exactly the levels it is given, objects and arrays alike, from any depth of
// the calling code, and leaves the stack limit as it was.
func TestJSONStringifyDepth(t *testing.T) {
	r := newRT(t, Config{})
	json := r.Get(r.Global(), "JSON")
	native := r.Keep(r.Get(json, "stringify"))
	r.Define(json, "stringify", r.Function("stringify", 3, func(c *Call) Value {
		v, err := r.CallJSONBounded(4466, native, c.This, c.Args()...)
		if err != nil {
			return r.Propagate(err)
		}
		return v
	}), Writable|Configurable)
	got := mustEval(t, r, `
	function nested(n, wrap) { let o = {}; for (let i = 0; i < n; i++) o = wrap(o); return o }
	function ok(n, wrap) { try { JSON.stringify(nested(n, wrap)); return true } catch (e) { return e.message } }
	function within(depth, f) { return depth === 0 ? f() : within(depth - 1, f) }
	function deep() { deep() }
	const out = [ok(4466, o => ({ o })), ok(4467, o => ({ o })), ok(4466, o => [o]), ok(4467, o => [o]),
		within(3000, () => ok(4466, o => ({ o }))), within(3000, () => ok(4467, o => ({ o })))];
	try { deep() } catch (e) { out.push(e.message) }
	out.push(JSON.stringify({ a: [1, 'x'] }, null, 1));
	out.join('|')`)
	want := "true|stack overflow|true|stack overflow|true|stack overflow|stack overflow|{\n \"a\": [\n  1,\n  \"x\"\n ]\n}"
	if got.String() != want {
		t.Errorf("got %q\nwant %q", got.String(), want)
	}
}
