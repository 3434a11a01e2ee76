package inspect

import (
	"syscall"
	"testing"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
)

// BenchmarkInstall is the cost of installing inspect.js in a fresh runtime (the
// runtime's own New and Close are outside the CPU figure; compare engine's
// BenchmarkNewRuntime), and the heap it takes.
func BenchmarkInstall(b *testing.B) {
	if _, err := compiledSource(); err != nil {
		b.Fatal(err)
	}
	var cpu time.Duration
	var heap int64
	for b.Loop() {
		r, err := engine.New(engine.Config{})
		if err != nil {
			b.Fatal(err)
		}
		before, c0 := r.HeapBytes(), cpuTime()
		if _, err := Install(r); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - c0
		heap += r.HeapBytes() - before
		r.Close()
	}
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(heap)/float64(b.N), "heap-B/op")
}

// benchFormat measures Format of the arguments src evaluates to.
func benchFormat(b *testing.B, src string) {
	r, in, _ := newRuntime(b)
	args := evalList(b, r, src)
	measure(b, r, func() error {
		_, err := in.Format(args)
		return err
	})
}

// measure runs f b.N times and reports its CPU time and the engine operations (calls
// and jumps: the simulator's unit of CPU) per call.
func measure(b *testing.B, r *engine.Runtime, f func() error) {
	ops, cpu := r.Ops(), cpuTime()
	for b.Loop() {
		mark := r.Mark()
		if err := f(); err != nil {
			b.Fatal(err)
		}
		r.Unwind(mark)
	}
	b.ReportMetric(float64(r.Ops()-ops)/float64(b.N), "ops/op")
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time the process used so far: on a loaded machine a benchmark's
// wall time counts other processes' turns, its CPU time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkFormatString(b *testing.B)      { benchFormat(b, `'hello world'`) }
func BenchmarkFormatPrimitives(b *testing.B)  { benchFormat(b, `'n =', 42, -0, true, null, 10n`) }
func BenchmarkFormatPlaceholder(b *testing.B) { benchFormat(b, `'%s is %d years', 'Bob', 42`) }
func BenchmarkFormatSmallObject(b *testing.B) { benchFormat(b, `{ a: 1, b: 'two', c: [1, 2, 3] }`) }
func BenchmarkFormatError(b *testing.B) {
	benchFormat(b, `(() => { function f() { return new Error('boom') } return f() })()`)
}
func BenchmarkFormatArray100(b *testing.B) {
	benchFormat(b, `Array.from({ length: 100 }, (_, i) => i * 7)`)
}
func BenchmarkFormatNested(b *testing.B) {
	benchFormat(b, `{ user: { id: 7, name: 'Ann', tags: ['a', 'b'] }, items: Array.from({ length: 30 }, (_, i) => i), when: new Date(0), m: new Map([['k', { v: 1 }]]) }`)
}

// BenchmarkFormatLogJS is console.log('n =', 42, ...) formatted by the API's formatLog,
// as a console written in JavaScript calls it (no Go fast path).
func BenchmarkFormatLogJS(b *testing.B) {
	r, _, api := newRuntime(b)
	fn := r.Get(api, "formatLog")
	args := evalList(b, r, `'n =', 42, -0, true, null, 10n`)
	measure(b, r, func() error {
		_, err := r.Call(fn, r.Undefined(), args...)
		return err
	})
}

// BenchmarkConsoleLogFromJS is a program's console.log(obj): a JavaScript loop calling
// a host console.log that formats through Format.
func BenchmarkConsoleLogFromJS(b *testing.B) {
	r, in, _ := newRuntime(b)
	var last string
	r.Define(r.Global(), "log", r.Function("log", 0, func(c *engine.Call) engine.Value {
		s, err := in.Format(c.Args())
		if err != nil {
			return c.R.Propagate(err)
		}
		last = s
		return c.R.Undefined()
	}), engine.Hidden)
	fn, err := r.Eval("(function (n) { const o = { a: 1, b: 'two', c: [1, 2, 3] }; for (let i = 0; i < n; i++) log(o) })", "bench.js")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	if _, err := r.Call(fn, r.Undefined(), r.Int(int64(b.N))); err != nil {
		b.Fatal(err)
	}
	if last != "{ a: 1, b: 'two', c: [ 1, 2, 3 ] }" {
		b.Fatalf("printed %q", last)
	}
}
