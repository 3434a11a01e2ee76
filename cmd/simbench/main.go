// Command simbench times the simulator against real Node on the same program, side by
// side: the seed's all-queues snippet by default. Run it from the repository root.
//
//	go run ./cmd/simbench [-n 200] [-node-runs 20] [FILE]
//
// For the simulator it reports the median wall time of one complete simulation (every
// race timing explored, as the API does), with the full trace and in summary mode, of one
// single run of the program, and the heap allocated per simulation. For Node it reports
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
	"syscall"
	"time"

	"github.com/looplab/looplab/sim"
)

// defaultProgram is the seed's all-queues snippet (CommonJS).
const defaultProgram = "sim/testdata/golden/002-seed-a-all-queues.cjs"

func main() {
	n := flag.Int("n", 300, "simulations to time per mode")
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
		fmt.Fprintln(os.Stderr, "simbench:", err)
		os.Exit(2)
	}
	src, name := string(data), filepath.Base(file)
	prog := sim.Program{Name: name, Source: src}
	s := sim.New()
	trace, runs, allocTrace := timeSim(s, prog, sim.Scenario{}, *n)
	summary, _, allocSummary := timeSim(s, prog, sim.Scenario{SummaryOnly: true}, *n)
	single, _, _ := timeSim(s, prog, sim.Scenario{SummaryOnly: true, MaxOutcomes: 1}, *n)
	nodeMedian, err := timeNode(src, *nodeRuns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "simbench: node:", err)
		os.Exit(1)
	}
	fmt.Printf("program %s (%d runs per simulation to explore its races)\n", name, runs)
	fmt.Printf("%-44s %12s %14s %12s\n", "", "median wall", "alloc/op", "CPU/op")
	fmt.Printf("%-44s %10.0fus %12.0fKB %10.0fus\n", "simulation with full trace", us(trace), allocTrace/1024, us(cpuPerOp[false]))
	fmt.Printf("%-44s %10.0fus %12.0fKB %10.0fus\n", "simulation, summary mode", us(summary), allocSummary/1024, us(cpuPerOp[true]))
	fmt.Printf("%-44s %10.0fus\n", "one run of the program (no race exploration)", us(single))
	fmt.Printf("%-44s %10.1fms\n", "node "+name+" (one process per run)", float64(nodeMedian)/1e6)
	fmt.Printf("speed-up over node: %.0fx with trace, %.0fx in summary mode, %.0fx per single run\n",
		float64(nodeMedian)/float64(trace), float64(nodeMedian)/float64(summary), float64(nodeMedian)/float64(single))
}

func us(d time.Duration) float64 { return float64(d) / 1e3 }

// timeSim returns the median duration of n simulations, the runs each needed and the
// average bytes allocated per simulation.
func timeSim(s *sim.Simulator, prog sim.Program, sc sim.Scenario, n int) (time.Duration, int, float64) {
	ctx := context.Background()
	res, err := s.Run(ctx, prog, sc) // warm the compile cache
	if err != nil {
		fmt.Fprintln(os.Stderr, "simbench:", err)
		os.Exit(1)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpuBefore := cpuTime()
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		if _, err := s.Run(ctx, prog, sc); err != nil {
			fmt.Fprintln(os.Stderr, "simbench:", err)
			os.Exit(1)
		}
		times[i] = time.Since(start)
	}
	runtime.ReadMemStats(&after)
	cpuPerOp[sc.SummaryOnly] = (cpuTime() - cpuBefore) / time.Duration(n)
	return median(times), res.Summary.Runs, float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// cpuPerOp is the process CPU time (user+system, all threads, GC included) per
// simulation, by summary mode: a figure that a busy machine disturbs far less than wall time.
var cpuPerOp = map[bool]time.Duration{}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

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
	slices.Sort(ds)
	return ds[len(ds)/2]
}
