// Command simbench times the simulator against real Node on the same program, side by
// side: the seed's all-queues snippet by default. Run it from the repository root.
//
//	go run ./cmd/simbench [-n 500] [-node-runs 20] [FILE]
//
// For the simulator it reports the median wall time, the CPU time and the heap allocated
// of one run of the program (with the full trace and in summary mode) and of one complete
// simulation (every race timing explored, as the API does). The modes are timed in turns,
// one operation each, so a machine whose speed drifts slows them alike. For Node it reports
// the median wall time of `node FILE` (a fresh process per run, as a grader would need).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/looplab/looplab/sim"
)

// defaultProgram is the seed's all-queues snippet (CommonJS).
const defaultProgram = "sim/testdata/golden/002-seed-a-all-queues.cjs"

// mode is one way of running the program, timed op by op.
type mode struct {
	name  string
	op    func() error
	times []time.Duration
	cpu   time.Duration
	alloc uint64
}

func main() {
	n := flag.Int("n", 500, "operations to time per mode")
	nodeRuns := flag.Int("node-runs", 20, "node processes to time")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as looplab itself runs (cmd/looplab tuneGC)
	}
	file := defaultProgram
	if flag.NArg() > 0 {
		file = flag.Arg(0)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fail(err)
	}
	src, name := string(data), filepath.Base(file)
	modes, runs, err := simModes(src, name)
	if err != nil {
		fail(err)
	}
	if err := timeModes(modes, *n); err != nil {
		fail(err)
	}
	nodeMedian, err := timeNode(src, *nodeRuns)
	if err != nil {
		fail(fmt.Errorf("node: %w", err))
	}
	fmt.Printf("program %s (%d runs per simulation to explore its races), %d operations per mode\n", name, runs, *n)
	fmt.Printf("%-40s %12s %12s %12s\n", "", "median wall", "CPU/op", "alloc/op")
	for _, m := range modes {
		fmt.Printf("%-40s %10.0fus %10.0fus %10.0fKB\n", m.name, us(median(m.times)), us(m.cpu), float64(m.alloc)/1024)
	}
	fmt.Printf("%-40s %10.1fms\n", "node "+name+" (a process per run)", float64(nodeMedian)/1e6)
	fmt.Printf("speed-up over node per run: %.0fx with trace, %.0fx in summary mode; per simulation: %.0fx, %.0fx\n",
		ratio(nodeMedian, modes[0]), ratio(nodeMedian, modes[1]), ratio(nodeMedian, modes[2]), ratio(nodeMedian, modes[3]))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "simbench:", err)
	os.Exit(1)
}

// simModes are one run with the trace and without, and one simulation
// with the trace and without; runs is how many runs a simulation makes.
func simModes(src, name string) ([]*mode, int, error) {
	ctx := context.Background()
	s := sim.New()
	prog := sim.Program{Name: name, Source: src}
	simulate := func(sc sim.Scenario) func() error {
		return func() error { _, err := s.Run(ctx, prog, sc); return err }
	}
	res, err := s.Run(ctx, prog, sim.Scenario{SummaryOnly: true}) // and warm the compile cache
	if err != nil {
		return nil, 0, err
	}
	return []*mode{
		{name: "one run, full trace", op: simulate(sim.Scenario{MaxOutcomes: 1})},
		{name: "one run, summary mode", op: simulate(sim.Scenario{SummaryOnly: true, MaxOutcomes: 1})},
		{name: "simulation (all races), full trace", op: simulate(sim.Scenario{})},
		{name: "simulation (all races), summary mode", op: simulate(sim.Scenario{SummaryOnly: true})},
	}, res.Summary.Runs, nil
}

// timeModes runs every mode n times, in turns, recording each operation's wall time and
// each mode's CPU time and heap allocated per operation.
func timeModes(modes []*mode, n int) error {
	var before, after runtime.MemStats
	for i := 0; i < n; i++ {
		for _, m := range modes {
			runtime.ReadMemStats(&before)
			cpu := cpuTime()
			start := time.Now()
			if err := m.op(); err != nil {
				return err
			}
			m.times = append(m.times, time.Since(start))
			m.cpu += cpuTime() - cpu
			runtime.ReadMemStats(&after)
			m.alloc += after.TotalAlloc - before.TotalAlloc
		}
	}
	for _, m := range modes {
		m.cpu /= time.Duration(n)
		m.alloc /= uint64(n)
	}
	return nil
}

func us(d time.Duration) float64 { return float64(d) / 1e3 }

func ratio(node time.Duration, m *mode) float64 { return float64(node) / float64(median(m.times)) }

// cpuTime is the calling thread's CPU time: a figure that a busy machine disturbs far
// less than wall time (the collector's own threads are not in it). The main goroutine is
// locked to its thread.
func cpuTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

func init() { runtime.LockOSThread() }

// timeNode runs the program with real node, preloading busy(ms) as the oracle does.
func timeNode(src string, n int) (time.Duration, error) {
	dir, err := os.MkdirTemp("", "simbench")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "main.cjs")
	prelude := filepath.Join(dir, "prelude.cjs")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		return 0, err
	}
	busy := "const { performance } = require('perf_hooks');\nglobalThis.busy = (ms) => { const end = performance.now() + ms; while (performance.now() < end) {} };\n"
	if err := os.WriteFile(prelude, []byte(busy), 0o644); err != nil {
		return 0, err
	}
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		if out, err := exec.Command("node", "--require", prelude, file).CombinedOutput(); err != nil {
			return 0, fmt.Errorf("%v: %s", err, out)
		}
		times[i] = time.Since(start)
	}
	return median(times), nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
