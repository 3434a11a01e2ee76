package inspect

import (
	"errors"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/internal/engine"
)

func evalOne(t *testing.T, r *engine.Runtime, src string) engine.Value {
	t.Helper()
	v, err := r.Eval(src, "test.js")
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return v
}

// TestLazyInstall checks that printing primitives runs no JavaScript and that the first
// object installs inspect.js.
func TestLazyInstall(t *testing.T) {
	r, err := engine.New(engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	in := New(r)
	heap, ops := r.HeapBytes(), r.Ops()
	s, err := in.Format([]engine.Value{r.String("n ="), r.Int(42), r.Float(-0.0 * 1), r.Bool(true), r.Null(), r.Undefined()})
	if err != nil || s != "n = 42 0 true null undefined" {
		t.Fatalf("primitives: %q %v", s, err)
	}
	if in.loaded || r.Ops() != ops || r.HeapBytes() > heap+1024 {
		t.Fatalf("the fast path installed inspect.js (loaded %v, ops %d, heap +%d)", in.loaded, r.Ops()-ops, r.HeapBytes()-heap)
	}
	s, err = in.Format([]engine.Value{r.String("%s!"), r.String("x")})
	if err != nil || s != "x!" || !in.loaded {
		t.Fatalf("placeholder: %q %v (loaded %v)", s, err, in.loaded)
	}
	t.Logf("installing: %d ops, %d bytes of heap", r.Ops()-ops, r.HeapBytes()-heap)
	s, err = in.Format([]engine.Value{evalOne(t, r, "({ a: [1, 2] })")})
	if err != nil || s != "{ a: [ 1, 2 ] }" {
		t.Fatalf("object: %q %v", s, err)
	}
	s, err = in.Inspect(r.String("it's"))
	if err != nil || s != `"it's"` {
		t.Fatalf("Inspect: %q %v", s, err)
	}
	opts := evalOne(t, r, "({ depth: 0 })")
	s, err = in.InspectWith(evalOne(t, r, "({ a: { b: 1 } })"), opts)
	if err != nil || s != "{ a: [Object] }" {
		t.Fatalf("InspectWith: %q %v", s, err)
	}
}

// TestFastPathFollowsDefaultOptions checks that the Go fast path stops where
// util.inspect.defaultOptions changes how numbers print.
func TestFastPathFollowsDefaultOptions(t *testing.T) {
	r, in, api := newRuntime(t)
	r.Define(r.Global(), "api", api, engine.Hidden)
	args := []engine.Value{r.Int(1234567), r.String("x"), evalOne(t, r, "12345678901n")}
	if s, _ := in.Format(args); s != "1234567 x 12345678901n" {
		t.Fatalf("default: %q", s)
	}
	evalOne(t, r, "api.inspect.defaultOptions = { numericSeparator: true }")
	if s, _ := in.Format(args); s != "1_234_567 x 12_345_678_901n" {
		t.Fatalf("numericSeparator: %q", s)
	}
}

// TestPatchedBuiltins patches the built-ins one at a time after inspect was installed:
// console.log keeps working except for the four methods Node's own inspect calls
// directly. (Node 24 fails on the same program on these four and on
// String.prototype.charCodeAt, which its getStringWidth calls and ours leaves to Go.)
func TestPatchedBuiltins(t *testing.T) {
	r, _, api := newRuntime(t)
	r.Define(r.Global(), "api", api, engine.Hidden)
	res := evalOne(t, r, `
		const value = { list: [1, 'two', { three: [3] }], map: new Map([['k', new Set([1])]]), when: new Date(0), re: /x/g, long: Array.from({ length: 30 }, (_, i) => i) };
		const want = api.inspect(value);
		const failed = [];
		for (const [obj, names] of [
			[Array.prototype, ['push', 'join', 'map', 'filter', 'slice', 'sort', 'includes', 'indexOf', 'forEach', 'pop', 'splice', 'unshift']],
			[String.prototype, ['slice', 'includes', 'indexOf', 'repeat', 'padStart', 'padEnd', 'replace', 'replaceAll', 'split', 'startsWith', 'endsWith', 'charCodeAt', 'normalize', 'toLowerCase']],
			[Object, ['keys', 'getOwnPropertyDescriptor', 'getOwnPropertyNames', 'getOwnPropertySymbols', 'getPrototypeOf', 'is', 'assign', 'defineProperty']],
			[Object.prototype, ['hasOwnProperty', 'propertyIsEnumerable', 'toString']],
			[RegExp.prototype, ['exec', 'toString', Symbol.replace, Symbol.split]],
			[Map.prototype, ['get', 'set', 'entries']], [Set.prototype, ['has', 'add', 'values']],
			[Function.prototype, ['call', 'bind', 'toString']], [Math, ['max', 'min', 'floor', 'sqrt', 'round']],
			[Date.prototype, ['toISOString', 'getTime']], [JSON, ['stringify']], [Reflect, ['apply', 'ownKeys']],
		]) {
			for (const name of names) {
				const orig = obj[name];
				obj[name] = () => { throw new Error('patched') };
				let got;
				try { got = api.inspect(value) } catch (e) { got = e.message }
				obj[name] = orig;
				if (got !== want) failed.push(String(name) + (got === 'patched' ? '' : ': ' + got));
			}
		}
		failed.join()`)
	if got := res.String(); got != "push,includes,pop,indexOf" {
		t.Fatalf("console.log broke on: %s", got)
	}
}

// TestThrowingCustomInspect checks that what a custom inspect method throws reaches
// the caller as the JavaScript exception, as console.log would throw it in Node.
func TestThrowingCustomInspect(t *testing.T) {
	r, in, _ := newRuntime(t)
	v := evalOne(t, r, "({ [Symbol.for('nodejs.util.inspect.custom')]() { throw new RangeError('from custom') } })")
	_, err := in.Format([]engine.Value{v})
	var exc *engine.Exception
	if !errors.As(err, &exc) || r.Get(exc.Value, "message").String() != "from custom" {
		t.Fatalf("err %v", err)
	}
	// The runtime is still usable.
	if s, err := in.Format([]engine.Value{evalOne(t, r, "[1]")}); err != nil || s != "[ 1 ]" {
		t.Fatalf("after: %q %v", s, err)
	}
}

// TestInterruptStopsInspect checks that a budget interrupt stops a long inspection and
// is not swallowed by inspect.js's own try/catch blocks.
func TestInterruptStopsInspect(t *testing.T) {
	budget := errors.New("budget")
	var r *engine.Runtime
	var limit int64
	r, err := engine.New(engine.Config{OnInterrupt: func() error {
		if limit > 0 && r.Ops() > limit {
			return budget
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	in, err := Install(r)
	if err != nil {
		t.Fatal(err)
	}
	big := evalOne(t, r, "Array.from({ length: 5000 }, (_, i) => ({ i, s: 'x' + i, get g() { return i } }))")
	opts := evalOne(t, r, "({ maxArrayLength: Infinity, getters: true })")
	limit = r.Ops() + 50_000
	_, err = in.InspectWith(big, opts)
	if !errors.Is(err, budget) {
		t.Fatalf("err %v", err)
	}
}

// TestDeepNesting checks Node's answer to a structure deeper than the stack: the level
// where the stack ran out says so, and the run goes on.
func TestDeepNesting(t *testing.T) {
	r, err := engine.New(engine.Config{MaxStackSlots: 2000}) // a small stack keeps the output small
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	in := New(r)
	deep := evalOne(t, r, "(() => { let o = {}; for (let i = 0; i < 1000; i++) o = { o }; return o })()")
	s, err := in.InspectWith(deep, evalOne(t, r, "({ depth: Infinity })"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s, "[Object: Inspection interrupted prematurely. Maximum call stack size exceeded.]") {
		t.Fatalf("no interruption in %d bytes: %.200s", len(s), s)
	}
	if s, err := in.Format([]engine.Value{r.String("after"), evalOne(t, r, "({})")}); err != nil || s != "after {}" {
		t.Fatalf("after: %q %v", s, err)
	}
}

func TestStringWidth(t *testing.T) {
	for s, want := range map[string]int{
		"":                          0,
		"abc":                       3,
		"中文":                        4,
		"😀":                         2,
		"e\u0301":                   1,
		"\u200b":                    0,
		"\x1b":                      0,
		"a\x7f":                     1,
		"\xed\xa0\x80x":             2, // a lone surrogate, as the engine encodes it, then x
		"ｆｕｌｌ":                      8,
		"\x1b[31mred\x1b[39m":       3,
		"\u009b1;2mx":               1,
		"tab\there\x1b]0;title\x07": 7,
	} {
		if got := nodeStringWidth(s, true); got != want {
			t.Errorf("nodeStringWidth(%q) = %d, want %d", s, got, want)
		}
	}
	if got := nodeStringWidth("\x1b[31mred\x1b[39m", false); got != 11 {
		t.Errorf("without stripping: %d, want 11", got)
	}
}
