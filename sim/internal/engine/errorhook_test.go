package engine

import (
	"strconv"
	"strings"
	"testing"
)

// TestErrorHookSeesEveryError checks that the hook sees the engine's own errors (from
// the interpreter, from a native function, a stack overflow) and those a program makes,
// before any JavaScript reads them, and that the stack formats on first read only.
func TestErrorHookSeesEveryError(t *testing.T) {
	r := newRT(t, Config{})
	var created []string
	stacks := 0
	r.SetErrorHook(&ErrorHook{
		Created: func(e *ErrorInfo) Value {
			created = append(created, e.Message)
			if e.Message == "stack overflow" {
				if err := r.SetProto(e.Error, r.Get(r.Get(r.Global(), "RangeError"), "prototype")); err != nil {
					t.Error(err)
				}
			}
			r.Define(e.Error, "message", r.String("hooked: "+e.Message), Hidden)
			return r.String(e.Backtrace)
		},
		Stack: func(e, kept Value) Value {
			stacks++
			frames := strings.Count(kept.String(), "    at ")
			return r.String(r.Get(e, "name").String() + ": " + r.Get(e, "message").String() + " [" + strconv.Itoa(frames) + " frames]")
		},
	})
	got := mustEval(t, r, `
	const out = [];
	try { null.x } catch (e) { out.push(e.message) }
	try { [].reduce((a, b) => a) } catch (e) { out.push(e.message) }
	function deep() { deep() }
	try { deep() } catch (e) { out.push(e instanceof RangeError, e.message) }
	class VE extends Error { constructor(m) { super(m); this.name = 'VE' } }
	const ve = new VE('bad');
	out.push(ve.stack, ve.stack);
	ve.stack = 'mine'; out.push(ve.stack);
	const d = Object.getOwnPropertyDescriptor(new Error('x'), 'stack');
	out.push(typeof d.get, typeof d.set, d.enumerable);
	const plain = new Error('p'); plain.extra = 1; out.push(plain.extra);
	Promise.resolve().then(() => undefined.y).catch(e => out.push('rejected ' + e.message));
	out`)
	for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
		if err != nil {
			t.Fatal(err)
		}
	}
	var lines []string
	for i := range r.Len(got) {
		lines = append(lines, r.Index(got, i).String())
	}
	want := []string{
		"hooked: cannot read property 'x' of null",
		"hooked: empty array",
		"true", "hooked: stack overflow",
		"VE: hooked: bad [2 frames]", "VE: hooked: bad [2 frames]",
		"mine",
		"function", "function", "false",
		"1",
		"rejected hooked: cannot read property 'y' of undefined",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if stacks != 1 {
		t.Fatalf("stack formatted %d times, want once", stacks)
	}
}
