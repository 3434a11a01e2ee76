// Command fuzzdiff is a differential fuzzer of the simulator against real Node. It draws
// programs from a grammar of Node's asynchronous building blocks (timers, immediates,
// ticks, promises, async functions and generators, emitters, streams, fs, pool work,
// sockets, workers, errors and exits; gen.go), with margins that keep real Node
// deterministic, runs each several times on real Node (a program whose runs differ is
// dropped) and once on the simulator (sim's public API), shrinks each disagreement to a
// minimal program by removing statements while the disagreement stays the same, and saves
// it as a case of the pending corpus with its recording (scripts/oracle/run-node.sh).
// Run it from the repository root, at low priority:
//
//	nice -n 19 go run ./cmd/fuzzdiff -node $(scripts/oracle/install-node.sh 24.18.0) -duration 1h
//
// The simulator runs each program as the binary's release (its profile: 20.20.2, 22.23.5,
// 24.18.0, 26.12.1...), and the recordings go to expected/vMAJOR.
//
// It prints one line per disagreement and the totals at the end: programs generated,
// dropped as racy, agreeing, disagreeing (by category), minimised and saved. The saved
// cases are in sim/testdata/oracle/fuzz (TestOraclePending logs the agreement with them).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/looplab/looplab/sim"
)

func main() {
	node := flag.String("node", "node", "the real Node binary (scripts/oracle/install-node.sh 24.18.0 prints one)")
	duration := flag.Duration("duration", 10*time.Minute, "how long to fuzz")
	maxPrograms := flag.Int("n", 0, "stop after this many programs (0: no limit)")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "the first program's seed (each program's seed is printed)")
	runs := flag.Int("runs", 5, "Node runs per program: one that prints differently is dropped as racy")
	shrinkRuns := flag.Int("shrink-runs", 3, "Node runs per candidate while shrinking")
	out := flag.String("out", "sim/testdata/oracle/fuzz", "the corpus the minimal programs go to (cases/ and expected/vMAJOR/)")
	record := flag.Bool("record", true, "record each saved case with scripts/oracle/run-node.sh (30 runs)")
	show := flag.Bool("print", false, "print the program of -seed and exit")
	skipList := flag.String("skip", "", "statement kinds never to draw, comma-separated (the kinds the simulator refuses with unsupported_api are left out by themselves)")
	esmShare := flag.Float64("esm", 0.2, "the share of programs that are ES modules")
	flag.Parse()
	skip := map[string]bool{}
	for _, k := range strings.Split(*skipList, ",") {
		if k != "" {
			skip[k] = true
		}
	}
	if *show {
		fmt.Print(generate(*seed, skip, *esmShare).render())
		return
	}
	if err := run(config{node: *node, duration: *duration, max: *maxPrograms, seed: *seed, runs: *runs,
		shrinkRuns: *shrinkRuns, out: *out, record: *record, skip: skip, esmShare: *esmShare}); err != nil {
		fmt.Fprintln(os.Stderr, "fuzzdiff:", err)
		os.Exit(1)
	}
}

type config struct {
	node       string
	duration   time.Duration
	max, runs  int
	shrinkRuns int
	seed       uint64
	out        string
	record     bool
	skip       map[string]bool
	esmShare   float64
}

// stats are the totals a session reports.
type stats struct {
	generated, racy, stuck, agree, disagree, unconfirmed, minimised, saved, duplicates int
	byCategory                                                                         map[string]int
	savedByCategory                                                                    map[string]int
}

func run(c config) error {
	nodePath, err := exec.LookPath(c.node)
	if err != nil {
		return fmt.Errorf("no node binary: %w", err)
	}
	prelude, err := filepath.Abs("scripts/oracle/prelude.cjs")
	if err != nil {
		return err
	}
	if _, err := os.Stat(prelude); err != nil {
		return fmt.Errorf("run it from the repository root: %w", err)
	}
	dir, err := os.MkdirTemp("", "fuzzdiff")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	profile, err := nodeProfile(nodePath)
	if err != nil {
		return err
	}
	r := &runner{node: nodePath, prelude: prelude, dir: dir, sim: sim.New(), timeout: 10 * time.Second, profile: profile}
	refused, err := r.refusedKinds()
	if err != nil {
		return err
	}
	c.skip = maps.Clone(c.skip)
	for _, k := range refused {
		c.skip[k] = true
	}
	fmt.Printf("node %s, simulated as profile %s; kinds refused by the simulator, not drawn: %s\n",
		nodePath, profile.Version, strings.Join(refused, ", "))
	st := &stats{byCategory: map[string]int{}, savedByCategory: map[string]int{}}
	seen := existingShapes(c.out, profile.Major)
	deadline := time.Now().Add(c.duration)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	defer st.print() // the totals, also when stopped by a signal
	for i := uint64(0); time.Now().Before(deadline) && (c.max == 0 || st.generated < c.max) && len(stop) == 0; i++ {
		s := c.seed + i
		p := generate(s, c.skip, c.esmShare)
		st.generated++
		verdict, detail, node, err := r.check(p, c.runs)
		if err != nil {
			return err
		}
		switch verdict {
		case verdictAgree:
			st.agree++
			continue
		case verdictNodeRacy:
			st.racy++
			continue
		case verdictNodeStuck:
			st.stuck++
			continue
		}
		st.disagree++
		st.byCategory[verdict]++
		before := size(p.main)
		small, err := r.shrink(p, findingKey(verdict, detail), node, c.shrinkRuns)
		if err != nil {
			return err
		}
		v, d, _, err := r.check(small, confirmRuns*c.runs)
		if err != nil {
			return err
		}
		if findingKey(v, d) != findingKey(verdict, detail) {
			st.unconfirmed++ // a race in Node showed up in the smaller program
			fmt.Printf("seed %d: %s (%s), not confirmed once shrunk (%s)\n", s, verdict, detail, v)
			continue
		}
		st.minimised++
		key := verdict + " " + shape(small.main)
		fmt.Printf("seed %d: %s (%s); %d statements shrunk to %d: %s\n", s, verdict, d, before, size(small.main), shape(small.main))
		if seen[key] {
			st.duplicates++
			continue
		}
		seen[key] = true
		kept, err := save(c, r, small, s, verdict, d)
		if err != nil {
			return err
		}
		if !kept {
			st.unconfirmed++
			continue
		}
		st.saved++
		st.savedByCategory[verdict]++
	}
	return nil
}

// check runs p on the simulator and on Node and judges them. Node runs once first: a
// program whose run agrees with the simulator is counted as agreeing; one that does not
// runs again, up to runs times, to tell a disagreement from a race in Node.
func (r *runner) check(p *program, runs int) (verdict, detail string, node nodeRun, err error) {
	src := p.render()
	res, err := r.runSim(p, src)
	if err != nil {
		return "", "", node, err
	}
	nodeRuns, err := r.runNode(p, src, 1)
	if err != nil {
		return "", "", node, err
	}
	if v, _ := judge(nodeRuns, res); v != verdictAgree && runs > 1 {
		if v == verdictSimRacy {
			runs *= confirmRuns // the simulator sees a race: give Node's rarer outcome a chance to show
		}
		if nodeRuns, err = r.runNode(p, src, runs); err != nil {
			return "", "", node, err
		}
	}
	verdict, detail = judge(nodeRuns, res)
	return verdict, detail, nodeRuns[0], nil
}

// shrink removes statements one at a time while the disagreement keeps its findingKey
// (verdict). Real Node is slow to start, so a removal is first judged against a
// prediction of Node's output (the original output without the removed statements'
// lines); the removals that change how the process ends (exit codes, throws, rejections,
// the process handlers) and the final program are run on Node. When Node does not confirm
// the predicted program, the shrinking starts again with every candidate run on Node,
// within maxNodeChecks candidates.
func (r *runner) shrink(p *program, verdict string, node nodeRun, runs int) (*program, error) {
	predicted, err := r.reduce(p, verdict, runs, func(cur, c *program) (bool, error) {
		if endsDifferently(cur, c) {
			return false, nil // reduce runs it on Node
		}
		want := nodeRun{stdout: keepLabels(node.stdout, labels(c.main)), exitCode: node.exitCode}
		res, err := r.runSim(c, c.render())
		if err != nil {
			return false, err
		}
		return findingKey(judge([]nodeRun{want}, res)) == verdict, nil
	})
	if err != nil {
		return nil, err
	}
	if v, d, _, err := r.check(predicted, runs); err != nil || findingKey(v, d) == verdict {
		return predicted, err
	}
	checks := 0
	return r.reduce(p, verdict, runs, func(_, c *program) (bool, error) {
		if checks++; checks > maxNodeChecks {
			return false, nil
		}
		v, d, _, err := r.check(c, runs)
		return findingKey(v, d) == verdict, err
	})
}

// confirmRuns multiplies -runs for the shrunk program's last check: removing statements
// can leave a race in Node that a few runs do not show (a 0 ms timer hoisted out of an
// I/O callback races setImmediate in 13 runs of 100).
const confirmRuns = 4

// maxNodeChecks bounds the candidates run on Node when the prediction fails.
const maxNodeChecks = 150

// reduce removes the process handlers and then statements (pre-order, a statement with
// everything it queues, or hoisting its callback's statements), keeping each removal
// that keeps(current, candidate) says yes to, until a whole pass keeps none.
func (r *runner) reduce(p *program, verdict string, runs int, keeps func(cur, c *program) (bool, error)) (*program, error) {
	for changed := true; changed; {
		changed = false
		for _, edit := range []func(*program){
			func(q *program) { q.onExit = false },
			func(q *program) { q.onUncaught = false },
			func(q *program) { q.onRejection = false },
		} {
			c := p.with(edit)
			if c.render() == p.render() {
				continue
			}
			ok, err := r.checkKeeps(c, verdict, runs)
			if err != nil {
				return nil, err
			}
			if ok {
				p, changed = c, true
			}
		}
		for i := 0; i < size(p.main); {
			kept := false
			for _, hoist := range []bool{false, true} {
				c := p.with(func(q *program) { q.main = removeAt(q.main, i, hoist) })
				if size(c.main) == 0 || c.render() == p.render() {
					continue
				}
				ok, err := keeps(p, c)
				if err == nil && !ok && endsDifferently(p, c) {
					ok, err = r.checkKeeps(c, verdict, runs)
				}
				if err != nil {
					return nil, err
				}
				if ok {
					p, changed, kept = c, true, true
					break
				}
			}
			if !kept {
				i++
			}
		}
	}
	return p, nil
}

// checkKeeps runs c on Node and the simulator: does it still disagree the same way?
func (r *runner) checkKeeps(c *program, verdict string, runs int) (bool, error) {
	v, d, _, err := r.check(c, runs)
	return findingKey(v, d) == verdict, err
}

// findingKey is what shrinking must keep: the category, and for a simulator error its
// first message without the numbers (line numbers and counts change as statements go).
func findingKey(verdict, detail string) string {
	if verdict != verdictSimError {
		return verdict
	}
	detail, _, _ = strings.Cut(detail, " (and ")
	return verdict + ": " + strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, detail)
}

// endsDifferently reports whether c lacks a statement of p that decides how the process
// ends, or one of its process handlers: Node's output cannot be predicted for it.
func endsDifferently(p, c *program) bool {
	if p.onExit != c.onExit || p.onUncaught != c.onUncaught || p.onRejection != c.onRejection {
		return true
	}
	return countKinds(p.main, "exit", "exitCode", "throw", "rejection") != countKinds(c.main, "exit", "exitCode", "throw", "rejection")
}

func countKinds(list []*stmt, kinds ...string) int {
	n := 0
	for _, s := range list {
		if slices.Contains(kinds, s.kind) {
			n++
		}
		n += countKinds(s.body, kinds...)
	}
	return n
}

// labels is the set of labels a program's statements print.
func labels(list []*stmt) map[string]bool {
	out := map[string]bool{}
	var walk func([]*stmt)
	walk = func(l []*stmt) {
		for _, s := range l {
			out[fmt.Sprintf("L%d", s.label)] = true
			walk(s.body)
		}
	}
	walk(list)
	return out
}

var labelRE = regexp.MustCompile(`\bL\d+\b`)

// keepLabels keeps the lines that name no label or only labels of keep.
func keepLabels(lines []string, keep map[string]bool) []string {
	out := []string{}
	for _, line := range lines {
		ok := true
		for _, l := range labelRE.FindAllString(line, -1) {
			ok = ok && keep[l]
		}
		if ok {
			out = append(out, line)
		}
	}
	return out
}

// with returns a deep copy of p changed by edit.
func (p *program) with(edit func(*program)) *program {
	q := *p
	q.main = cloneStmts(p.main)
	edit(&q)
	return &q
}

func cloneStmts(list []*stmt) []*stmt {
	out := make([]*stmt, len(list))
	for i, s := range list {
		c := *s
		c.body = cloneStmts(s.body)
		out[i] = &c
	}
	return out
}

// removeAt removes the statement at pre-order index i: with everything it queues, or,
// with hoist, putting the statements of its callback in its place (a nested statement
// that causes a disagreement can so come up to the top). A callback holding a statement
// that is deterministic only in an I/O callback (ioOnlyKinds) is never hoisted.
func removeAt(list []*stmt, i int, hoist bool) []*stmt {
	idx := i
	var walk func([]*stmt) []*stmt
	walk = func(l []*stmt) []*stmt {
		for j, s := range l {
			if idx == 0 {
				if hoist && slices.ContainsFunc(s.body, func(b *stmt) bool { return slices.Contains(ioOnlyKinds, b.kind) }) {
					return l // out of its I/O callback, a 0 ms timer races setImmediate in Node
				}
				out := append(l[:j:j], l[j+1:]...)
				if hoist {
					out = slices.Insert(out, j, s.body...)
				}
				return out
			}
			idx--
			n := size(s.body)
			if idx < n {
				s.body = walk(s.body)
				return l
			}
			idx -= n
		}
		return l
	}
	return walk(list)
}

// save writes the minimal program as a case of the pending corpus and records it. When
// the recording (30 runs, 100 if they differ) shows the simulator agreeing after all (a
// race in Node that the fuzzing runs missed), the case is removed and kept is false.
func save(c config, r *runner, p *program, seed uint64, verdict, detail string) (kept bool, err error) {
	src := p.render()
	h := fnv.New32a()
	h.Write([]byte(src))
	ext := ".cjs"
	if p.esm {
		ext = ".mjs"
	}
	name := fmt.Sprintf("%s-%08x%s", verdict, h.Sum32(), ext)
	cases := filepath.Join(c.out, "cases")
	if err := os.MkdirAll(cases, 0o755); err != nil {
		return false, err
	}
	skipped := make([]string, 0, len(c.skip))
	for k := range c.skip {
		skipped = append(skipped, k)
	}
	sort.Strings(skipped)
	header := fmt.Sprintf("// Found by cmd/fuzzdiff -seed %d -skip '%s' -esm %g (shape: %s).\n// The simulator and Node %s disagreed: %s: %s\n",
		seed, strings.Join(skipped, ","), c.esmShare, shape(p.main), r.profile.Version, verdict, detail)
	casePath := filepath.Join(cases, name)
	if err := os.WriteFile(casePath, []byte(header+src), 0o644); err != nil {
		return false, err
	}
	if !c.record {
		return true, nil
	}
	expected := filepath.Join(c.out, "expected", "v"+r.profile.Major)
	cmd := exec.Command("scripts/oracle/run-node.sh", "-c", cases, "-o", expected, name)
	cmd.Env = append(os.Environ(), "NODE="+r.node)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return false, fmt.Errorf("recording %s: %w", name, err)
	}
	recording := filepath.Join(expected, strings.TrimSuffix(name, ext)+".json")
	res, err := r.runSim(p, header+src)
	if err != nil {
		return false, err
	}
	agrees, err := recordingAgrees(recording, res)
	if err != nil || !agrees {
		return err == nil, err
	}
	fmt.Printf("%s: the recording shows a race in Node that the simulator has too; removed\n", name)
	return false, errors.Join(os.Remove(casePath), os.Remove(recording))
}

// recordingAgrees applies the oracle test's rule to a recording: a deterministic one
// must be the simulator's only outcome, every output of a racy one among its outcomes.
func recordingAgrees(path string, res *sim.Result) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	var rec struct {
		Deterministic bool `json:"deterministic"`
		ExitCode      int  `json:"exit_code"`
		Outputs       []struct {
			Lines []string `json:"lines"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if res.Error != nil {
		return false, nil
	}
	if rec.Deterministic {
		return len(res.Outcomes) == 1 && res.Outcomes[0].ExitCode == rec.ExitCode && slices.Equal(res.Outcomes[0].Stdout, rec.Outputs[0].Lines), nil
	}
	for _, o := range rec.Outputs {
		if !slices.ContainsFunc(res.Outcomes, func(out sim.Outcome) bool { return slices.Equal(out.Stdout, o.Lines) }) {
			return false, nil
		}
	}
	return true, nil
}

// existingShapes reads the shapes of the cases saved before with a recording of major,
// so a finding is saved once per release line.
func existingShapes(out, major string) map[string]bool {
	seen := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(out, "cases", "*.*js"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		ext := filepath.Ext(f)
		if _, err := os.Stat(filepath.Join(out, "expected", "v"+major, strings.TrimSuffix(filepath.Base(f), ext)+".json")); err != nil {
			continue
		}
		first, _, _ := strings.Cut(string(data), "\n")
		if _, rest, ok := strings.Cut(first, "shape: "); ok {
			verdict, _, _ := strings.Cut(filepath.Base(f), "-")
			seen[verdict+" "+strings.TrimSuffix(rest, ").")] = true
		}
	}
	return seen
}

func (st *stats) print() {
	fmt.Printf("programs %d: agree %d, dropped as racy on Node %d, stuck on Node %d, disagree %d (%s); minimised %d (not confirmed once shrunk %d), saved %d (%s), duplicates %d\n",
		st.generated, st.agree, st.racy, st.stuck, st.disagree, counts(st.byCategory), st.minimised, st.unconfirmed, st.saved, counts(st.savedByCategory), st.duplicates)
}

func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
