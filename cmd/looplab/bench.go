package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/looplab/looplab/sim"
)

// The cost of a simulation beside what Node itself costs for the same program, side by
// side in one run: the simulator in this process (the program's every outcome and its
// whole trace, as POST /v1/simulate and `looplab sim` give them), a node process spawned
// per run, and a warm node process that runs the program in a fresh vm context each
// time (compiled once). Each is CPU time per run (all threads of its process: the
// simulator's GC, V8's compiler and GC), the figure a loaded machine moves least; the
// rounds interleave the three and the median round is printed.

// benchOneLine is the program bench runs when it is given no file.
const benchOneLine = "console.log('hello')\n"

// runBench implements `looplab bench`.
func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("bench")
	fs := c.fs
	node := fs.String("node", "node", "the node binary to compare with")
	runs := fs.Int("runs", 200, "simulations and vm runs of each program per round")
	spawns := fs.Int("spawns", 10, "node processes spawned per program per round")
	rounds := fs.Int("rounds", 3, "rounds (the median is printed)")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if *runs < 1 || *spawns < 1 || *rounds < 1 {
		return c.fail(stderr, errors.New("--runs, --spawns and --rounds must be at least 1"))
	}
	progs, err := benchPrograms(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "looplab bench:", err)
		return 2
	}
	nodePath, err := exec.LookPath(*node)
	if err != nil {
		fmt.Fprintf(stderr, "looplab bench: no node to compare with (--node): %v\n", err)
		return 2
	}
	vm, err := startVMWorker(ctx, nodePath)
	if err != nil {
		fmt.Fprintln(stderr, "looplab bench:", err)
		return 1
	}
	defer vm.close()
	s := sim.New()
	w := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(stdout, "CPU per run, median of %d rounds (%d simulations, %d vm runs, %d spawns a round); %s\n", *rounds, *runs, *runs, *spawns, benchNodeVersion(nodePath))
	fmt.Fprintln(w, "program\tsimulator\tnode vm (warm)\tnode spawned (wall)\tvm / simulator\tspawned / simulator\t")
	for _, p := range progs {
		var simCPU, vmCPU, spawnCPU, spawnWall []time.Duration
		for range *rounds {
			c, err := benchSimulator(ctx, s, p, *runs)
			if err != nil {
				fmt.Fprintf(stderr, "looplab bench: %s: %v\n", p.name, err)
				return 1
			}
			simCPU = append(simCPU, c)
			if c, err = vm.run(p, *runs); err != nil {
				fmt.Fprintf(stderr, "looplab bench: %s in a node vm: %v\n", p.name, err)
				return 1
			}
			vmCPU = append(vmCPU, c)
			c, wall, err := benchSpawn(ctx, nodePath, p, *spawns)
			if err != nil {
				fmt.Fprintf(stderr, "looplab bench: %s in node: %v\n", p.name, err)
				return 1
			}
			spawnCPU, spawnWall = append(spawnCPU, c), append(spawnWall, wall)
		}
		sc, vc, pc := median(simCPU), median(vmCPU), median(spawnCPU)
		fmt.Fprintf(w, "%s\t%s\t%s\t%s (%s)\t%.1fx\t%.0fx\t\n", p.name, fmtDur(sc), fmtDur(vc), fmtDur(pc), fmtDur(median(spawnWall)),
			float64(vc)/float64(sc), float64(pc)/float64(sc))
	}
	w.Flush()
	return 0
}

// benchProgram is a program bench runs.
type benchProgram struct {
	name, path, source string
	module             sim.ModuleKind
}

// benchPrograms reads the files (none: the one-line program, written to a temporary
// file for node).
func benchPrograms(files []string) ([]benchProgram, error) {
	if len(files) == 0 {
		dir, err := os.MkdirTemp("", "looplab-bench")
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, "one-line.cjs")
		if err := os.WriteFile(path, []byte(benchOneLine), 0o600); err != nil {
			return nil, err
		}
		return []benchProgram{{name: "one-line.cjs", path: path, source: benchOneLine, module: sim.CommonJS}}, nil
	}
	var progs []benchProgram
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		progs = append(progs, benchProgram{name: filepath.Base(f), path: abs, source: string(src), module: moduleKind("", f)})
	}
	return progs, nil
}

// processCPU is the CPU time of this process so far (every thread).
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchSimulator is the CPU time of one simulation of p (after one to warm up), its
// every outcome and whole trace included.
func benchSimulator(ctx context.Context, s *sim.Simulator, p benchProgram, runs int) (time.Duration, error) {
	prog := sim.Program{Name: p.name, Source: p.source, Module: p.module}
	one := func() error {
		res, err := s.Run(ctx, prog, sim.Scenario{})
		if err == nil && res.Error != nil {
			err = errors.New(res.Error.Message)
		}
		return err
	}
	if err := one(); err != nil {
		return 0, err
	}
	start := processCPU()
	for range runs {
		if err := one(); err != nil {
			return 0, err
		}
	}
	return (processCPU() - start) / time.Duration(runs), nil
}

// benchSpawn is the CPU time (and wall time) of one `node FILE`.
func benchSpawn(ctx context.Context, node string, p benchProgram, n int) (cpu, wall time.Duration, err error) {
	for range n {
		cmd := exec.CommandContext(ctx, node, p.path)
		cmd.Dir = filepath.Dir(p.path)
		start := time.Now()
		if err := cmd.Run(); err != nil {
			return 0, 0, err
		}
		wall += time.Since(start)
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return cpu / time.Duration(n), wall / time.Duration(n), nil
}

// vmWorker is a warm node process running programs in vm contexts (benchVMDriver).
type vmWorker struct {
	cmd *exec.Cmd
	in  *json.Encoder
	out *json.Decoder
}

func startVMWorker(ctx context.Context, node string) (*vmWorker, error) {
	cmd := exec.CommandContext(ctx, node, "-e", benchVMDriver)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting node: %w", err)
	}
	return &vmWorker{cmd: cmd, in: json.NewEncoder(in), out: json.NewDecoder(out)}, nil
}

// run is the CPU time of one vm run of p in the worker (after one to warm up).
func (v *vmWorker) run(p benchProgram, runs int) (time.Duration, error) {
	if err := v.in.Encode(map[string]any{"file": p.path, "source": p.source, "runs": runs, "esm": p.module == sim.ESModule}); err != nil {
		return 0, err
	}
	var res struct {
		CPUUS float64 `json:"cpu_us"`
		Error string  `json:"error"`
	}
	if err := v.out.Decode(&res); err != nil {
		if werr := v.cmd.Wait(); werr != nil {
			return 0, fmt.Errorf("node ended (%v): %w", werr, err)
		}
		return 0, err
	}
	if res.Error != "" {
		return 0, errors.New(res.Error)
	}
	return time.Duration(res.CPUUS * float64(time.Microsecond)), nil
}

func (v *vmWorker) close() {
	_ = v.cmd.Process.Kill()
	_ = v.cmd.Wait()
}

// benchVMDriver reads one request a line ({file, source, runs}), compiles the program
// once in a warm vm context (as a CommonJS module's function), runs it runs+1 times, waits
// each time until every timer, immediate, tick and request the run made is done
// (async_hooks), and answers the CPU time per run of the last runs ({cpu_us}).
const benchVMDriver = `
const vm = require('vm'), ah = require('async_hooks'), path = require('path'), readline = require('readline');
const { createRequire } = require('module');
let live = new Set(), tracking = false, done = null;
// Our own timers are not the program's: made with tracking off.
const untracked = (f, ...a) => { const t = tracking; tracking = false; try { return f(...a); } finally { tracking = t; } };
const check = () => { if (live.size === 0 && done) done(); };
ah.createHook({
  init(id, type) { if (tracking && type !== 'PROMISE') live.add(id); },
  destroy(id) { if (live.delete(id) && live.size === 0) untracked(setImmediate, check); },
}).enable();
// One warm context for every run: the program is compiled once as a CommonJS module's
// function and called with a fresh module each run.
const log = (...a) => { lines.push(a.join(' ')); };
let lines = [];
const context = vm.createContext({
  console: { log, info: log, warn: log, error: log, debug: log, trace: log },
  process, Buffer, URL, URLSearchParams, TextEncoder, TextDecoder, structuredClone, performance, queueMicrotask,
  setTimeout, setImmediate, setInterval, clearTimeout, clearImmediate, clearInterval,
});
const once = (fn, file) => new Promise((resolve, reject) => {
  lines = [];
  const module = { exports: {} };
  const timer = untracked(setTimeout, () => reject(new Error('the program did not finish within 10 s')), 10000);
  done = () => { done = null; tracking = false; clearTimeout(timer); resolve(lines); };
  live.clear();
  tracking = true;
  try { fn(createRequire(file), module, module.exports, file, path.dirname(file)); } catch (e) { lines.push(String(e)); }
  untracked(setImmediate, check);
});
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  const req = JSON.parse(line);
  try {
    if (req.esm) throw new Error('the vm comparison runs CommonJS programs');
    const fn = vm.compileFunction(req.source, ['require', 'module', 'exports', '__filename', '__dirname'], { filename: req.file, parsingContext: context });
    await once(fn, req.file);
    const t0 = process.cpuUsage();
    for (let i = 0; i < req.runs; i++) await once(fn, req.file);
    const d = process.cpuUsage(t0);
    process.stdout.write(JSON.stringify({ cpu_us: (d.user + d.system) / req.runs }) + '\n');
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: String(e && e.message || e) }) + '\n');
  }
});
`

// benchNodeVersion is `node --version`'s answer, or the path.
func benchNodeVersion(node string) string {
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return node
	}
	return "node " + strings.TrimSpace(string(out))
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func fmtDur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.0f us", float64(d)/float64(time.Microsecond))
	}
}
