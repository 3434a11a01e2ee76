package sim

import "github.com/looplab/looplab/sim/internal/engine"

// node:perf_hooks in Go: the loop's utilization and delay samples js/perf_hooks.js reads.

// opELU() -> [idle ms, active ms] since the start, for performance.eventLoopUtilization.
func (r *run) opELU(c *engine.Call) engine.Value {
	idle := float64(r.lp.IdleUS()) / 1000
	return r.val([]any{idle, float64(r.lp.Now())/1000 - idle})
}

// opDelaySamples(fromUS, resolutionMS) -> the intervals in ns a monitorEventLoopDelay
// timer enabled at fromUS measured so far (each includes the resolution, as in Node).
// The samples and the values made of them are held while they are built (natives.go).
func (r *run) opDelaySamples(c *engine.Call) engine.Value {
	from, res := argInt(c, 0), msToUS(c.Arg(1).Float())
	if res <= 0 {
		return r.js.Array()
	}
	n := (min(r.lp.Now(), r.sc.Limits.MaxVirtualMS*1000) - from) / res
	r.holdCall(max(n, 0) * (8 + 16))
	r.nativeWork(max(n, 0))
	samples := r.delaySamples(from, r.lp.Now(), res)
	out := make([]engine.Value, len(samples))
	for i, d := range samples {
		out[i] = r.js.Int((d + res) * 1000)
	}
	return r.js.Array(out...)
}
