package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

// SimConfig is the simulator's part of the configuration: the operator's limits (the
// ceiling no scenario, question or caller can raise), its compile cache, and, for the
// server, the admission of runs (slots and a queue per kind of work).
type SimConfig struct {
	Limits         sim.Limits
	CompileCacheMB int
	Slots          int
	Queues         map[quiz.Work]quiz.Queue
}

// DefaultSimConfig returns the simulator settings used when nothing is set.
func DefaultSimConfig() SimConfig {
	adm := quiz.DefaultAdmission()
	return SimConfig{Limits: sim.DefaultLimits(), CompileCacheMB: sim.DefaultCompileCacheBytes >> 20, Slots: adm.Slots, Queues: adm.Queues}
}

// simulator returns the simulator these settings describe.
func (c SimConfig) simulator() *sim.Simulator {
	return sim.New(sim.WithLimits(c.Limits), sim.WithCompileCache(int64(c.CompileCacheMB)<<20))
}

// admission returns the admission these settings describe.
func (c SimConfig) admission() quiz.AdmissionConfig {
	return quiz.AdmissionConfig{Slots: c.Slots, Queues: c.Queues}
}

// validate reports the first setting that cannot work.
func (c SimConfig) validate() error {
	if err := c.Limits.Validate(); err != nil {
		return err
	}
	if c.CompileCacheMB < 1 {
		return fmt.Errorf("LOOPLAB_SIM_COMPILE_CACHE_MB must be at least 1")
	}
	return c.admission().Validate()
}

// simLimitFlags registers the simulator's limits and compile cache (for `serve`,
// `content` and `sim`): env reads a LOOPLAB_* variable, then the flag may override it.
func simLimitFlags(fs *flag.FlagSet, env func(string, func(string) error), c *SimConfig) {
	l := &c.Limits
	for _, f := range []struct {
		name string
		p    *int64
		help string
	}{
		{"cpu-ms", &l.CPUMS, "CPU-time backstop of one simulation (its own threads' CPU, all race timings included), in ms"},
		{"max-ops", &l.MaxOps, "JavaScript operations of one simulation, its workers included"},
		{"max-steps", &l.MaxSteps, "callbacks, ticks and microtasks one run may run"},
		{"max-ticks", &l.MaxTicks, "nextTick callbacks in one drain"},
		{"max-virtual-ms", &l.MaxVirtualMS, "virtual time a run may reach, in ms"},
		{"max-output-bytes", &l.MaxOutputBytes, "console output of a run"},
		{"max-trace-bytes", &l.MaxTraceBytes, "bytes of the trace a run records"},
		{"max-heap-mb", &l.MaxHeapMB, "JavaScript heap of a run, its workers included, in MiB"},
		{"max-string-len", &l.MaxStringLen, "accepted and unused: the heap limit bounds every string"},
	} {
		env(simEnv(f.name), int64Setter(f.p))
		fs.Int64Var(f.p, "sim-"+f.name, *f.p, f.help+"; a scenario may only lower it ("+simEnv(f.name)+")")
	}
	env("LOOPLAB_SIM_WALL_MS", int64Setter(&l.CPUMS)) // the backstop's old name (it was the wall clock)
	env("LOOPLAB_SIM_MAX_TRACE_STEPS", intSetter(&l.MaxTraceSteps))
	env("LOOPLAB_SIM_MAX_CALL_DEPTH", intSetter(&l.MaxCallDepth))
	env("LOOPLAB_SIM_COMPILE_CACHE_MB", intSetter(&c.CompileCacheMB))
	fs.IntVar(&l.MaxTraceSteps, "sim-max-trace-steps", l.MaxTraceSteps, "trace steps a run records; a scenario may only lower it (LOOPLAB_SIM_MAX_TRACE_STEPS)")
	fs.IntVar(&l.MaxCallDepth, "sim-max-call-depth", l.MaxCallDepth, "JavaScript call depth; a scenario may only lower it (LOOPLAB_SIM_MAX_CALL_DEPTH)")
	fs.IntVar(&c.CompileCacheMB, "sim-compile-cache-mb", c.CompileCacheMB, "memory the cache of compiled programs may hold, in MiB (LOOPLAB_SIM_COMPILE_CACHE_MB)")
}

func simEnv(flagName string) string {
	return "LOOPLAB_SIM_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// admissionFlags registers the simulator's slots and the queue of each kind of work
// (for `serve`).
func admissionFlags(fs *flag.FlagSet, env func(string, func(string) error), c *SimConfig) {
	env("LOOPLAB_SIM_SLOTS", intSetter(&c.Slots))
	fs.IntVar(&c.Slots, "sim-slots", c.Slots, "simulations run at once, all kinds of work together (LOOPLAB_SIM_SLOTS)")
	for _, w := range quiz.Works() {
		name := "LOOPLAB_SIM_QUEUE_" + strings.ToUpper(w.String())
		set := queueSetter(c.Queues, w)
		env(name, set)
		fs.Func("sim-queue-"+w.String(), fmt.Sprintf("%s work's queue: LENGTH/WAIT[/SLOTS], default %s (%s)", w, queueText(c.Queues[w]), name), set)
	}
}

// queueSetter parses LENGTH/WAIT[/SLOTS] ("8/3s/1") into queues[w].
func queueSetter(queues map[quiz.Work]quiz.Queue, w quiz.Work) func(string) error {
	return func(v string) error {
		parts := strings.Split(v, "/")
		if len(parts) < 2 || len(parts) > 3 {
			return fmt.Errorf("want LENGTH/WAIT[/SLOTS], e.g. 8/3s/1")
		}
		var q quiz.Queue
		var err error
		if q.Length, err = strconv.Atoi(parts[0]); err != nil {
			return fmt.Errorf("length: %w", err)
		}
		if q.Wait, err = time.ParseDuration(parts[1]); err != nil {
			return fmt.Errorf("wait: %w", err)
		}
		if len(parts) == 3 {
			if q.Slots, err = strconv.Atoi(parts[2]); err != nil {
				return fmt.Errorf("slots: %w", err)
			}
		}
		queues[w] = q
		return nil
	}
}

func queueText(q quiz.Queue) string {
	s := fmt.Sprintf("%d/%s", q.Length, q.Wait)
	if q.Slots > 0 {
		s += fmt.Sprintf("/%d", q.Slots)
	}
	return s
}

func int64Setter(p *int64) func(string) error {
	return func(v string) (err error) { *p, err = strconv.ParseInt(v, 10, 64); return err }
}
