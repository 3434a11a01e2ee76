package engine

import (
	"strings"
	"testing"
)

// TestCheckpointRestore runs a program that changes everything it can reach (globals,
// built-ins' prototypes, host functions, atoms, pending jobs, a large allocation, a
// Math.random sequence) many times on one runtime, restoring it in between, and
// requires every run to see the checkpoint's state and print what a fresh runtime
// prints, with the heap back to its checkpoint size.
func TestCheckpointRestore(t *testing.T) {
	const setup = `globalThis.counter = { n: 0 }; function bump() { return ++counter.n }`
	const program = `
	const out = [bump(), typeof leaked, Array.prototype.extra, JSON.stringify(counter)];
	globalThis.leaked = 'x'.repeat(100000) + Math.random();
	Array.prototype.extra = 'polluted';
	const big = new Array(5000).fill({ a: 1 });
	const closures = big.map((o, i) => () => i);
	Promise.resolve().then(() => { globalThis.late = true });
	out.push(host(21), Object.keys(globalThis).filter(k => k !== 'host').sort().join(','));
	out.join('|')`
	run := func(r *Runtime) string {
		mark := r.Mark()
		defer r.Unwind(mark)
		r.Define(r.Global(), "host", r.Function("host", 1, func(c *Call) Value { return r.Int(c.Arg(0).Int() * 2) }), Writable|Configurable)
		return mustEval(t, r, program).String()
	}
	fresh := newRT(t, Config{})
	fresh.SetRandomSeed(0)
	mustEval(t, fresh, setup)
	want := run(fresh)
	if !strings.HasPrefix(want, "1|undefined||{\"n\":1}|42|") {
		t.Fatalf("fresh runtime printed %q", want)
	}

	r := newRT(t, Config{})
	mustEval(t, r, setup)
	if err := r.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	base, funcs := r.HeapBytes(), len(r.funcs)
	for i := range 20 {
		r.SetRandomSeed(0)
		if got := run(r); got != want {
			t.Fatalf("run %d printed %q, a fresh runtime %q", i, got, want)
		}
		if err := r.Restore(); err != nil {
			t.Fatal(err)
		}
		if r.HeapBytes() != base || len(r.funcs) != funcs || r.JobCount() != 0 || r.Work().Ops != 0 {
			t.Fatalf("after restore %d: heap %d (checkpoint %d), %d host functions (%d), %d jobs, %d ops", i, r.HeapBytes(), base, len(r.funcs), funcs, r.JobCount(), r.Work().Ops)
		}
	}
	if got := mustEval(t, r, `typeof leaked + typeof late + Array.prototype.extra + counter.n`).String(); got != "undefinedundefinedundefined0" {
		t.Fatalf("after the last restore: %q", got)
	}
}

// BenchmarkRestore is the price of a run's fresh runtime: Restore after a small
// program, against New (a runtime and context with the standard built-ins).
func BenchmarkRestore(b *testing.B) {
	b.Run("restore", func(b *testing.B) {
		r := newRT(b, Config{})
		if err := r.Checkpoint(); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := r.Eval(`globalThis.x = [1, 2, 3].map(String)`, "b.js"); err != nil {
				b.Fatal(err)
			}
			if err := r.Restore(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			r, err := New(Config{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := r.Eval(`globalThis.x = [1, 2, 3].map(String)`, "b.js"); err != nil {
				b.Fatal(err)
			}
			r.Close()
		}
	})
}
