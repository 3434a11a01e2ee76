package sim

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLimitsWithinCeiling: a caller's limits lower the operator's ceiling, never raise
// it; zero fields take the ceiling's value, and a zero ceiling field is its default.
func TestLimitsWithinCeiling(t *testing.T) {
	ceiling := Limits{CPUMS: 800, MaxHeapMB: 64}
	got := Limits{CPUMS: 3_600_000, MaxHeapMB: 32, MaxStringLen: 1 << 40, MaxTraceSteps: -5}.Within(ceiling)
	d := DefaultLimits()
	want := d
	want.CPUMS, want.MaxHeapMB = 800, 32
	if got != want {
		t.Fatalf("Within:\n got %+v\nwant %+v", got, want)
	}
	if err := (Limits{MaxSteps: -1}).Validate(); err == nil || !strings.Contains(err.Error(), "max_steps") {
		t.Fatalf("a negative operator limit: %v", err)
	}
}

// TestScenarioCannotRaiseTheCeiling: an endless loop asking for an hour of CPU time
// ends at the operator's backstop, and a scenario asking for more memory gets the
// operator's.
func TestScenarioCannotRaiseTheCeiling(t *testing.T) {
	s := New(WithLimits(Limits{CPUMS: 300}))
	if got := s.Limits().CPUMS; got != 300 {
		t.Fatalf("ceiling cpu_ms = %d", got)
	}
	start := time.Now()
	res, err := s.Run(context.Background(), Program{Source: `while (true) {}`}, Scenario{Limits: Limits{CPUMS: 3_600_000}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || res.Error.Code != CodeTimeBudget || !strings.Contains(res.Error.Message, "300 ms") {
		t.Fatalf("want the operator's 300 ms budget, got %+v", res.Error)
	}
	// 300 ms of the run's own CPU: longer in wall time on a loaded machine.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("took %v with a 300 ms ceiling", d)
	}
	res, err = New(WithLimits(Limits{MaxHeapMB: 16})).Run(context.Background(),
		Program{Source: `const s = 'x'.repeat(32 << 20)`}, Scenario{Limits: Limits{MaxHeapMB: 1 << 10}})
	if err != nil || res.Error == nil || res.Error.Code != CodeMemoryLimit {
		t.Fatalf("a scenario raising max_heap_mb over the ceiling: %v %+v", err, res.Error)
	}
}

// TestCancelledContextStopsTheRun: a run whose context is cancelled stops at its next
// interrupt check with a typed error instead of running out its budget.
func TestCancelledContextStopsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	res, err := New().Run(ctx, Program{Source: `while (true) {}`}, Scenario{Limits: Limits{CPUMS: 10_000}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || res.Error.Code != CodeCancelled {
		t.Fatalf("want %s, got %+v", CodeCancelled, res.Error)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a cancelled run took %v of its 10 s budget", d)
	}
}

// TestCompileCacheIsBoundedInBytes: distinct large programs do not stay resident
// beyond the cache's bound.
func TestCompileCacheIsBoundedInBytes(t *testing.T) {
	const limit = 4 << 20
	s := New(WithCompileCache(limit))
	filler := strings.Repeat("// padding padding padding padding padding padding padding\n", 200) // ~12 KB
	for i := range 40 {
		src := fmt.Sprintf("%sconsole.log(%d)", filler, i)
		res, err := s.Run(context.Background(), Program{Source: src}, Scenario{SummaryOnly: true})
		if err != nil || res.Error != nil {
			t.Fatalf("program %d: %v %+v", i, err, res.Error)
		}
		if got := programsCharged(s); got > limit {
			t.Fatalf("after %d programs the cache is charged %d bytes, over its %d", i+1, got, limit)
		}
	}
	if programsCharged(s) == 0 {
		t.Fatal("nothing was cached")
	}
	huge := strings.Repeat("x", limit/8+1)
	s.programs.Add(programKey{source: huge}, &compiledEntry{}, int64(len(huge)))
	if _, ok := s.programs.Get(programKey{source: huge}); ok {
		t.Fatal("an entry over an eighth of the bound was kept")
	}
}

func programsCharged(s *Simulator) int64 {
	_, b := s.programs.Stats()
	return b
}
