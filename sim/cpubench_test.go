package sim

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/loop"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestCPUPerRun(t *testing.T) {
	s := New()
	prog := Program{Source: seedAllQueues, Module: CommonJS, Name: "main.cjs"}
	code, _ := s.compile(prog, true)
	ex := &explorer{sim: s, prog: prog, code: code, sc: Scenario{}.withDefaults(DefaultLimits(), scenarioProfile(Scenario{})), prof: scenarioProfile(Scenario{}), ctx: context.Background(), cpu: newCPUBudget(DefaultLimits())}
	for _, trace := range []bool{false, true} {
		ex.runOnce(loop.Plan{}, trace)
		n := 200
		c0 := cpuNow()
		for i := 0; i < n; i++ {
			ex.runOnce(loop.Plan{}, trace)
		}
		t.Logf("trace=%v: %v CPU per run", trace, (cpuNow()-c0)/time.Duration(n))
	}
	c0 := cpuNow()
	for i := 0; i < 200; i++ {
		r, _ := engine.New(engine.Config{})
		r.Close()
	}
	t.Logf("bare runtime: %v CPU", (cpuNow()-c0)/200)
	c0 = cpuNow()
	for i := 0; i < 200; i++ {
		s.Run(context.Background(), prog, Scenario{})
	}
	t.Logf("full simulation with trace: %v CPU", (cpuNow()-c0)/200)
}
