package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/looplab/looplab/sim"
)

// nodeRun is what one run of real Node printed.
type nodeRun struct {
	stdout   []string
	exitCode int
}

// runner runs programs on real Node and on the simulator.
type runner struct {
	node, prelude, dir string
	sim                *sim.Simulator
	timeout            time.Duration
	profile            sim.Profile // the Node release simulated: the binary's own
}

// fileName is the program's file name in both worlds.
func fileName(p *program) string {
	if p.esm {
		return "main.mjs"
	}
	return "main.cjs"
}

// runNode runs src n times with real Node, stopping early once two runs differ.
func (r *runner) runNode(p *program, src string, n int) ([]nodeRun, error) {
	path := filepath.Join(r.dir, fileName(p))
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		return nil, err
	}
	var runs []nodeRun
	for i := 0; i < n; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
		cmd := exec.CommandContext(ctx, r.node, "--require", r.prelude, fileName(p))
		cmd.Dir = r.dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.TempDir(), "UV_THREADPOOL_SIZE=4"}
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		timedOut := ctx.Err() == context.DeadlineExceeded
		cancel()
		code := 0
		var exitErr *exec.ExitError
		switch {
		case errors.As(err, &exitErr):
			code = exitErr.ExitCode()
		case err != nil:
			return nil, fmt.Errorf("running node: %w", err)
		}
		if timedOut {
			code = -1
		}
		runs = append(runs, nodeRun{stdout: splitLines(out.String()), exitCode: code})
		if i > 0 && !sameRun(runs[0], runs[i]) {
			break
		}
	}
	return runs, nil
}

func splitLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return []string{}
	}
	return lines
}

func sameRun(a, b nodeRun) bool {
	return a.exitCode == b.exitCode && slices.Equal(a.stdout, b.stdout)
}

// runSim simulates src as the CLI would.
func (r *runner) runSim(p *program, src string) (*sim.Result, error) {
	mod := sim.CommonJS
	if p.esm {
		mod = sim.ESModule
	}
	return r.sim.Run(context.Background(), sim.Program{Name: fileName(p), Source: src, Module: mod}, sim.Scenario{Node: r.profile.Version})
}

// The verdicts on one program.
const (
	verdictAgree     = "agree"
	verdictNodeRacy  = "node-racy"  // real Node printed different things: the program is dropped
	verdictNodeStuck = "node-stuck" // real Node timed out
	// Disagreements, the categories of saved cases:
	verdictSimError = "error"    // the simulator ended the run with an error (unsupported_api...)
	verdictSimRacy  = "outcomes" // the simulator gives several outcomes where Node gives one
	verdictOrder    = "order"    // the same lines in another order
	verdictOutput   = "output"   // other lines
	verdictExit     = "exit"     // the same lines, another exit code
)

// judge compares Node's runs with the simulation and names the difference.
func judge(runs []nodeRun, res *sim.Result) (verdict, detail string) {
	for _, run := range runs {
		if run.exitCode == -1 {
			return verdictNodeStuck, ""
		}
		if !sameRun(runs[0], run) {
			return verdictNodeRacy, ""
		}
	}
	want := runs[0]
	if res.Error != nil {
		return verdictSimError, res.Error.Code + ": " + res.Error.Message
	}
	if len(res.Outcomes) != 1 {
		return verdictSimRacy, fmt.Sprintf("%d outcomes", len(res.Outcomes))
	}
	got := res.Outcomes[0]
	switch {
	case slices.Equal(got.Stdout, want.stdout) && got.ExitCode == want.exitCode:
		return verdictAgree, ""
	case slices.Equal(got.Stdout, want.stdout):
		return verdictExit, fmt.Sprintf("exit %d, Node %d", got.ExitCode, want.exitCode)
	case sameLines(got.Stdout, want.stdout):
		return verdictOrder, firstDifference(got.Stdout, want.stdout)
	default:
		return verdictOutput, firstDifference(got.Stdout, want.stdout)
	}
}

// sameLines reports whether a and b hold the same lines, in any order.
func sameLines(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// firstDifference says where the simulator's lines part from Node's.
func firstDifference(got, want []string) string {
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Sprintf("line %d: simulator %q, Node %q", i+1, g, w)
		}
	}
	return ""
}

// nodeProfile asks the binary its version and finds the simulator's profile of it: the
// exact release, else the release line (a recording by 24.11 is judged as 24.18.0).
func nodeProfile(node string) (sim.Profile, error) {
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return sim.Profile{}, fmt.Errorf("%s --version: %w", node, err)
	}
	version := strings.TrimPrefix(strings.TrimSpace(string(out)), "v")
	if p, err := sim.LookupProfile(version); err == nil {
		return p, nil
	}
	major, _, _ := strings.Cut(version, ".")
	p, err := sim.LookupProfile(major)
	if err != nil {
		return sim.Profile{}, fmt.Errorf("node %s: %w", version, err)
	}
	return p, nil
}

// refusedKinds lists the statement kinds the simulator refuses with unsupported_api
// under the runner's profile: a program drawing one would only find the refusal again
// (a kind comes back by itself once the API is simulated).
func (r *runner) refusedKinds() ([]string, error) {
	var out []string
	for _, kind := range allKinds() {
		p := &program{main: []*stmt{{kind: kind, label: 1, delay: slotMS, arg: 1}}}
		res, err := r.runSim(p, p.render())
		if err != nil {
			return nil, err
		}
		if res.Error != nil && res.Error.Code == sim.CodeUnsupported {
			out = append(out, kind)
		}
	}
	return out, nil
}
