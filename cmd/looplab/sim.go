package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim"
)

// simOutput is one line of `looplab sim --json`: the simulator's Result plus the file.
type simOutput struct {
	File string `json:"file"`
	*sim.Result
}

// runSim implements `looplab sim [--json] [--node VERSION | --compare-node] [--module cjs|esm] [--threadpool N] [--scenario FILE] FILE...`.
func runSim(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("sim")
	fs := c.fs
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	module := fs.String("module", "", "module kind: cjs or esm (default: from the file extension)")
	threadpool := fs.Int("threadpool", 0, "UV_THREADPOOL_SIZE (default: the file's @threadpool header, $UV_THREADPOOL_SIZE, or 4)")
	scenarioFile := fs.String("scenario", "", "a JSON scenario file (the object POST /v1/simulate takes)")
	node := fs.String("node", "", "the Node release to simulate: a major (24) or the exact version its profile reports (24.18.0); default 24")
	compare := fs.Bool("compare-node", false, "run each file under every simulated Node release and group the releases by outcome, with the rule that makes them differ")
	simCfg := DefaultSimConfig()
	env, envErr := envReader(getenv)
	simLimitFlags(fs, env, &simCfg) // the operator's limits: a scenario file may only lower them
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := errors.Join(*envErr, simCfg.validate()); err != nil {
		return c.fail(stderr, err)
	}
	if fs.NArg() == 0 {
		return c.fail(stderr, errors.New("no FILE given"))
	}
	if *module != "" && *module != "cjs" && *module != "esm" {
		fmt.Fprintf(stderr, "looplab sim: --module must be cjs or esm, not %q\n", *module)
		return 2
	}
	base, err := loadScenario(*scenarioFile)
	if err != nil {
		fmt.Fprintln(stderr, "looplab sim:", err)
		return 2
	}
	if *node != "" && *compare {
		fmt.Fprintln(stderr, "looplab sim: --node and --compare-node exclude each other (--compare-node runs every release)")
		return 2
	}
	if *node != "" {
		if _, err := sim.LookupProfile(*node); err != nil {
			fmt.Fprintf(stderr, "looplab sim: --node: %q is not a simulated Node version (%s)\n", *node, strings.Join(sim.ProfileNames(), ", "))
			return 2
		}
		base.Node = *node
	}
	s := simCfg.simulator()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for _, file := range fs.Args() {
		src, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "looplab sim: %v\n", err)
			return 2
		}
		prog := sim.Program{Name: filepath.Base(file), Source: string(src), Module: moduleKind(*module, file)}
		sc := scenarioFor(base, string(src), *threadpool, getenv)
		if *compare {
			if code := compareFile(ctx, s, w, stderr, file, prog, sc, *asJSON); code != 0 {
				return code
			}
			continue
		}
		res, err := s.Run(ctx, prog, sc)
		if err != nil {
			fmt.Fprintf(stderr, "looplab sim: %s: %v\n", file, err)
			return 2
		}
		if *asJSON {
			if err := writeJSONLine(w, simOutput{File: file, Result: res}); err != nil {
				fmt.Fprintln(stderr, "looplab sim:", err)
				return 1
			}
			continue
		}
		writeText(w, file, res)
	}
	return 0
}

func loadScenario(path string) (sim.Scenario, error) {
	var sc sim.Scenario
	if path == "" {
		return sc, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return sc, err
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return sc, fmt.Errorf("scenario %s: %w", path, err)
	}
	return sc, sc.Validate()
}

func moduleKind(flagValue, file string) sim.ModuleKind {
	if flagValue != "" {
		return sim.ModuleKind(flagValue)
	}
	if strings.HasSuffix(file, ".mjs") {
		return sim.ESModule
	}
	return sim.CommonJS
}

// scenarioFor applies, in increasing priority: the file's oracle-style headers
// (sim.ApplyHeaders), $UV_THREADPOOL_SIZE, the scenario file, and the --threadpool flag.
func scenarioFor(base sim.Scenario, src string, threadpool int, getenv func(string) string) sim.Scenario {
	sc := base
	if v, err := strconv.Atoi(getenv("UV_THREADPOOL_SIZE")); err == nil && v > 0 && sc.ThreadPool == 0 {
		sc.ThreadPool = v
	}
	if threadpool > 0 {
		sc.ThreadPool = threadpool
	}
	sim.ApplyHeaders(&sc, src)
	return sc
}

func writeJSONLine(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	_, err = w.Write(data)
	return err
}

// writeText prints a result for a person: the outcomes, then the trace.
func writeText(w io.Writer, file string, res *sim.Result) {
	fmt.Fprintf(w, "== %s (%s, Node %s)\n", file, res.Module, res.Node)
	if res.Error != nil {
		fmt.Fprintf(w, "error: %s: %s\n", res.Error.Code, res.Error.Message)
	}
	for i, o := range res.Outcomes {
		ending, _ := o.Ending()
		fmt.Fprintf(w, "outcome %d (%s) when %s:\n", i+1, ending, o.Condition)
		for _, l := range o.Stdout {
			fmt.Fprintf(w, "  | %s\n", l)
		}
		for _, l := range o.Stderr {
			fmt.Fprintf(w, "  ! %s\n", l)
		}
	}
	if len(res.Steps) > 0 {
		fmt.Fprintln(w, "trace of outcome 1:")
		sim.WriteTrace(w, res.Steps)
	}
}

// compareOutput is one line of `looplab sim --compare-node --json`: the comparison plus
// the file.
type compareOutput struct {
	File string `json:"file"`
	*sim.Comparison
}

// compareFile runs one file under every release and prints the comparison.
func compareFile(ctx context.Context, s *sim.Simulator, w io.Writer, stderr io.Writer, file string, prog sim.Program, sc sim.Scenario, asJSON bool) int {
	cmp, err := s.Compare(ctx, prog, sc)
	if err != nil {
		fmt.Fprintf(stderr, "looplab sim: %s: %v\n", file, err)
		return 2
	}
	if asJSON {
		if err := writeJSONLine(w, compareOutput{File: file, Comparison: cmp}); err != nil {
			fmt.Fprintln(stderr, "looplab sim:", err)
			return 1
		}
		return 0
	}
	writeComparison(w, file, prog.Module, cmp)
	return 0
}

// writeComparison prints a comparison for a person: each group of releases with its
// outcomes, then why neighbouring groups differ, in English and Vietnamese.
func writeComparison(w io.Writer, file string, module sim.ModuleKind, cmp *sim.Comparison) {
	fmt.Fprintf(w, "== %s (%s): %d group(s) of Node releases\n", file, module, len(cmp.Groups))
	for _, g := range cmp.Groups {
		fmt.Fprintf(w, "Node %s:\n", strings.Join(g.Versions, ", "))
		if g.Error != nil {
			fmt.Fprintf(w, "  error: %s: %s\n", g.Error.Code, g.Error.Message)
		}
		for i, o := range g.Outcomes {
			ending, _ := o.Ending()
			fmt.Fprintf(w, "  outcome %d (%s) when %s:\n", i+1, ending, o.Condition)
			for _, l := range o.Stdout {
				fmt.Fprintf(w, "    | %s\n", l)
			}
			for _, l := range o.Stderr {
				fmt.Fprintf(w, "    ! %s\n", l)
			}
		}
	}
	if len(cmp.Differences) > 0 {
		fmt.Fprintln(w, "why they differ:")
	}
	for _, d := range cmp.Differences {
		fmt.Fprintf(w, "  %s -> %s:\n", d.From, d.To)
		for _, r := range d.Rules {
			fmt.Fprintf(w, "    %s: %s\n    %s: %s\n", r.ID, r.Text, r.ID, r.TextVI)
		}
		if !d.Explained {
			fmt.Fprintln(w, "    (and the releases print some values or errors differently)")
		}
	}
}
