package sim

import (
	"context"
	"testing"

	"github.com/looplab/looplab/sim/internal/loop"
)

// BenchmarkSeedAllQueues is the seed's all-queues snippet (issue 25's bar: at most 300 us
// of CPU per simulation with both outcomes and the full trace, cached program). One op is
// one complete simulation: every race timing explored, outcomes folded. Besides the wall-clock ns/op
// it reports cpu-ns/op, the process's CPU time per op (all threads, the GC's included),
// which a loaded machine does not inflate: compare versions by it.
func BenchmarkSeedAllQueues(b *testing.B) {
	for _, mode := range []struct {
		name    string
		summary bool
	}{{"trace", false}, {"summary", true}} {
		b.Run(mode.name, func(b *testing.B) {
			s := New()
			prog := Program{Source: seedAllQueues}
			sc := Scenario{SummaryOnly: mode.summary}
			if _, err := s.Run(context.Background(), prog, sc); err != nil { // the warm runtime and the compiled program
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu0, n := cpuNow(), 0
			for b.Loop() {
				if _, err := s.Run(context.Background(), prog, sc); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(cpuNow()-cpu0)/float64(n), "cpu-ns/op")
		})
	}
}

// BenchmarkOneLine is a one-line program's complete simulation with its trace (issue 25's
// bar: at most 100 us of CPU): what a run costs beyond its program.
func BenchmarkOneLine(b *testing.B) {
	s := New()
	prog := Program{Source: "console.log('hello')"}
	if _, err := s.Run(context.Background(), prog, Scenario{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0, n := cpuNow(), 0
	for b.Loop() {
		if _, err := s.Run(context.Background(), prog, Scenario{}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cpuNow()-cpu0)/float64(n), "cpu-ns/op")
}

// BenchmarkSingleRun is one run of the snippet without race exploration.
func BenchmarkSingleRun(b *testing.B) {
	for _, mode := range []struct {
		name  string
		trace bool
	}{{"trace", true}, {"summary", false}} {
		b.Run(mode.name, func(b *testing.B) {
			s := New()
			prog := Program{Source: seedAllQueues, Module: CommonJS, Name: "main.cjs"}
			code, _ := s.compile(prog, true)
			ex := &explorer{sim: s, prog: prog, code: code, sc: Scenario{}.withDefaults(DefaultLimits(), scenarioProfile(Scenario{})), prof: scenarioProfile(Scenario{}), ctx: context.Background(), cpu: newCPUBudget(DefaultLimits())}
			b.ReportAllocs()
			for b.Loop() {
				ex.runOnce(loop.Plan{}, mode.trace)
			}
		})
	}
}

func BenchmarkEndlessImmediates(b *testing.B) {
	s := New()
	prog := Program{Source: `let n = 0; function f() { if (++n < 20000) setImmediate(f) } f()`}
	sc := Scenario{SummaryOnly: true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Run(context.Background(), prog, sc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkServerScale measures summary-mode cost against the number of requests
// (issue bar: linear growth, the 10,000-request /fast+/slow scenario under 1 s).
func BenchmarkServerScale(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(itoa(n), func(b *testing.B) {
			s := New(WithLimits(Limits{CPUMS: 60_000}))
			rate := float64(n) / 10
			sc := Scenario{SummaryOnly: true, Clients: &Clients{OpenLoop: []OpenLoop{
				{Rate: rate, DurationMS: 10_000, Path: "/fast"},
				{Rate: 1, DurationMS: 10_000, StartMS: 505, Path: "/slow"},
			}}}
			b.ReportAllocs()
			for b.Loop() {
				res, err := s.Run(context.Background(), Program{Source: fastSlowServer}, sc)
				if err != nil || res.Error != nil || res.Summary.Server.All.Count != n+10 {
					b.Fatalf("%v %+v", err, res.Error)
				}
			}
		})
	}
}
