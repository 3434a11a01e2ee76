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
func (r *run) opDelaySamples(c *engine.Call) engine.Value {
	res := msToUS(c.Arg(1).Float())
	samples := r.delaySamples(argInt(c, 0), r.lp.Now(), res)
	out := make([]any, len(samples))
	for i, d := range samples {
		out[i] = (d + res) * 1000
	}
	return r.val(out)
}
