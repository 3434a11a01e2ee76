package sim

import (
	"testing"

	"github.com/grafana/sobek"
)

// TestEngineProbes: the unexported engine fields the simulator reaches by reflection (the
// promise job queue, the value stack) are found, and they are what they are taken for.
func TestEngineProbes(t *testing.T) {
	rt := sobek.New()
	if jobQueueOffset == ^uintptr(0) {
		t.Fatal("sobek.Runtime.jobQueue not found: the job-queue probe (microtasks.go) needs updating")
	}
	if stack := engineStack(rt); stack == nil {
		t.Fatal("sobek's value stack not found: the stack probe (enginestack.go) needs updating")
	}
	// A promise job is queued while JS runs: the probe sees it from a host function.
	seen := -1
	_ = rt.Set("probe", func(sobek.FunctionCall) sobek.Value { seen = jobQueueLen(rt); return sobek.Undefined() })
	if _, err := rt.RunString(`Promise.resolve().then(() => {}); probe()`); err != nil {
		t.Fatal(err)
	}
	if seen != 1 {
		t.Errorf("jobQueueLen saw %d queued jobs, want 1", seen)
	}
	// Between outermost calls the engine has dropped its stack; a primed one is used.
	stack := engineStack(rt)
	if *stack != nil {
		t.Fatalf("the engine kept a stack of %d values after the call", len(*stack))
	}
	buf := make([]sobek.Value, 0, 64)
	*stack = buf
	var during int
	_ = rt.Set("depth", func(sobek.FunctionCall) sobek.Value { during = cap(*engineStack(rt)); return sobek.Undefined() })
	if _, err := rt.RunString(`depth()`); err != nil {
		t.Fatal(err)
	}
	if during != 64 {
		t.Errorf("the engine ran on a stack of capacity %d, want the primed 64", during)
	}
}
