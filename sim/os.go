package sim

import "github.com/looplab/looplab/sim/internal/engine"

// node:os in Go: the simulated machine, the same for every run so that a program's
// output depends on its input only. Its CPUs are the scenario's cores (defaultCPUs when
// it leaves them unset: every thread then has a core of its own, but a program still
// needs a count to size its pools by); the rest is fixed here and in js/os.js.
const (
	defaultCPUs     = 4
	machineTotalMem = 8 << 30 // bytes
	machineFreeMem  = 6 << 30
	machineBootUpS  = 86_400 // the machine's uptime when the program starts, in seconds
)

// opOSMachine() -> the simulated machine js/os.js describes.
func (r *run) opOSMachine(c *engine.Call) engine.Value {
	cpus := r.sc.Cores
	if cpus <= 0 {
		cpus = defaultCPUs
	}
	return r.val(map[string]any{
		"cpus":        cpus,
		"model":       "looplab virtual CPU @ 3.00GHz",
		"speedMHz":    3000,
		"totalmem":    int64(machineTotalMem),
		"freemem":     int64(machineFreeMem),
		"bootUptimeS": machineBootUpS,
		"release":     "6.8.0-looplab",
		"version":     "#1 SMP PREEMPT_DYNAMIC looplab",
	})
}
