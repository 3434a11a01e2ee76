package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runCLI runs the looplab command in-process and returns its exit code and output.
func simCLI(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
	return code, out.String(), errOut.String()
}

func writeSimFile(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The `looplab sim --json` contract of docs/architecture.md.
func TestSimJSONContract(t *testing.T) {
	dir := t.TempDir()
	cjs := writeSimFile(t, dir, "a.js", "setTimeout(() => console.log('t'), 0); setImmediate(() => console.log('i'));")
	esm := writeSimFile(t, dir, "b.mjs", "process.nextTick(() => console.log('tick')); Promise.resolve().then(() => console.log('promise'));")

	code, out, _ := simCLI(t, nil, "sim", "--json", cjs)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"file", "module", "deterministic", "outcomes", "steps", "error"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("missing key %q", k)
		}
	}
	if obj["file"] != cjs || obj["module"] != "cjs" || obj["deterministic"] != false || obj["error"] != nil {
		t.Errorf("file/module/deterministic/error = %v/%v/%v/%v", obj["file"], obj["module"], obj["deterministic"], obj["error"])
	}
	outcomes := obj["outcomes"].([]any)
	first := outcomes[0].(map[string]any)
	for _, k := range []string{"stdout", "exit_code", "condition"} {
		if _, ok := first[k]; !ok {
			t.Errorf("outcome lacks %q", k)
		}
	}

	code, out, _ = simCLI(t, nil, "sim", "--json", cjs, esm)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("two files: exit %d, %d lines", code, len(lines))
	}
	var second struct {
		File     string
		Module   string
		Outcomes []struct{ Stdout []string }
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if second.File != esm || second.Module != "esm" || strings.Join(second.Outcomes[0].Stdout, ",") != "promise,tick" {
		t.Errorf("second line: %+v", second)
	}

	_, out, _ = simCLI(t, nil, "sim", "--json", "--module", "cjs", esm)
	if !strings.Contains(out, `"stdout":["tick","promise"]`) {
		t.Errorf("--module cjs should run the file as CommonJS: %s", out[:min(len(out), 300)])
	}
}

// --threadpool, $UV_THREADPOOL_SIZE and the @threadpool header all set the pool size.
func TestSimThreadPoolSize(t *testing.T) {
	dir := t.TempDir()
	src := `const c = require('crypto'); const t0 = Date.now();
for (let i = 0; i < 2; i++) c.pbkdf2('p', 's', 100000, 8, 'sha256', () => console.log(Date.now() - t0));`
	f := writeSimFile(t, dir, "p.cjs", src)
	times := func(env map[string]string, args ...string) string {
		_, out, _ := simCLI(t, env, append([]string{"sim", "--json"}, args...)...)
		var r struct{ Outcomes []struct{ Stdout []string } }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return strings.Join(r.Outcomes[0].Stdout, ",")
	}
	if got := times(nil, f); got != "10,10" {
		t.Errorf("default pool of 4: %s", got)
	}
	if got := times(nil, "--threadpool", "1", f); got != "10,20" {
		t.Errorf("--threadpool 1: %s", got)
	}
	if got := times(map[string]string{"UV_THREADPOOL_SIZE": "1"}, f); got != "10,20" {
		t.Errorf("UV_THREADPOOL_SIZE=1: %s", got)
	}
	h := writeSimFile(t, dir, "h.cjs", "// @threadpool: 1\n"+src)
	if got := times(nil, h); got != "10,20" {
		t.Errorf("@threadpool header: %s", got)
	}
}

func TestSimErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeSimFile(t, dir, "bad.js", "function (")
	code, out, _ := simCLI(t, nil, "sim", "--json", bad)
	if code != 0 || !strings.Contains(out, `"code":"syntax_error"`) {
		t.Errorf("a program error is reported in JSON with exit 0: exit %d %s", code, out)
	}
	for _, args := range [][]string{{"sim"}, {"sim", "--module", "amd", bad}, {"sim", filepath.Join(dir, "missing.js")}, {"sim", "--nope", bad}} {
		code, _, errOut := simCLI(t, nil, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") > 3 || errOut == "" {
			t.Errorf("%v: want exit 2 and a short message, got %d %q", args, code, errOut)
		}
	}
}

func TestSimTextTrace(t *testing.T) {
	f := writeSimFile(t, t.TempDir(), "x.cjs", "process.nextTick(() => console.log('a')); console.log('b');")
	code, out, _ := simCLI(t, nil, "sim", f)
	if code != 0 || !strings.Contains(out, "outcome 1") || !strings.Contains(out, "nextTick-runs") || !strings.Contains(out, "  | b\n  | a") {
		t.Errorf("readable trace:\n%s", out)
	}
}

// `looplab sim` runs under the operator's limits: a scenario file may lower them, never
// raise them; a flag wins over the variable; a limit that cannot be is a usage error.
func TestSimOperatorLimits(t *testing.T) {
	dir := t.TempDir()
	loop := writeSimFile(t, dir, "loop.js", "while (true) {}")
	scenario := writeSimFile(t, dir, "hour.json", `{"limits": {"cpu_ms": 3600000}}`)
	errorOf := func(out string) string {
		var obj struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return obj.Error.Code + ": " + obj.Error.Message
	}
	code, out, _ := simCLI(t, map[string]string{"LOOPLAB_SIM_CPU_MS": "200"}, "sim", "--json", "--scenario", scenario, loop)
	if got := errorOf(out); code != 0 || !strings.Contains(got, "time_budget_exceeded") || !strings.Contains(got, "200 ms") {
		t.Fatalf("exit %d, error %q: want the operator's 200 ms budget", code, got)
	}
	code, out, _ = simCLI(t, map[string]string{"LOOPLAB_SIM_CPU_MS": "200"}, "sim", "--json", "--sim-cpu-ms", "100", loop)
	if got := errorOf(out); code != 0 || !strings.Contains(got, "100 ms") {
		t.Fatalf("exit %d, error %q: the flag wins", code, got)
	}
	if code, _, errOut := simCLI(t, map[string]string{"LOOPLAB_SIM_MAX_HEAP_MB": "-1"}, "sim", loop); code != 2 || !strings.Contains(errOut, "max_heap_mb") {
		t.Fatalf("exit %d, %q: a negative limit is a usage error", code, errOut)
	}
}

// seedESM is the seed's all-queues snippet as an ES module (sim's golden case 003).
func seedESM(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../../sim/testdata/golden/003-seed-a-all-queues.mjs")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// --node picks the Node release (a major or the exact version), the JSON output says
// which; an unsimulated one is a one-line usage error. On the seed's all-queues ES module
// Node 24 gives both orders of setTimeout 0 and setImmediate, each with its condition,
// and Node 20 one, setImmediate first (issue 13).
func TestSimNodeFlag(t *testing.T) {
	f := writeSimFile(t, t.TempDir(), "seed.mjs", seedESM(t))
	type outcome struct {
		Stdout                 []string
		Condition              string
		ConditionVI            string `json:"condition_vi"`
		timeoutBeforeImmediate bool
	}
	run := func(args ...string) (string, bool, []outcome) {
		code, out, errOut := simCLI(t, nil, append([]string{"sim", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, errOut)
		}
		var r struct {
			Node          string
			Deterministic bool
			Outcomes      []outcome
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		for i, o := range r.Outcomes {
			r.Outcomes[i].timeoutBeforeImmediate = slices.Index(o.Stdout, "setTimeout 0") < slices.Index(o.Stdout, "setImmediate")
		}
		return r.Node, r.Deterministic, r.Outcomes
	}
	_, _, on24 := run("--node", "24", f)
	if len(on24) != 2 || on24[0].timeoutBeforeImmediate == on24[1].timeoutBeforeImmediate {
		t.Fatalf("Node 24: want both orders of setTimeout 0 and setImmediate, got %+v", on24)
	}
	for _, o := range on24 {
		if o.Condition == "" || o.Condition == "always" || o.ConditionVI == "" {
			t.Errorf("Node 24: each order has its own condition in both languages: %+v", o)
		}
	}
	if on24[0].Condition == on24[1].Condition {
		t.Errorf("Node 24: the two orders have the same condition %q", on24[0].Condition)
	}
	_, _, on20 := run("--node", "20", f)
	if len(on20) != 1 || on20[0].timeoutBeforeImmediate || on20[0].Condition != "always" {
		t.Errorf("Node 20: want one order, setImmediate first, always: %+v", on20)
	}
	_, text, _ := simCLI(t, nil, "sim", "--node", "24", f)
	if strings.Count(text, "outcome ") < 2 || !strings.Contains(text, on24[1].Condition) {
		t.Errorf("the readable output of Node 24 lacks the two orders and their conditions:\n%s", text)
	}
	for args, want := range map[[2]string]struct {
		node          string
		deterministic bool
	}{
		{"--node", "20"}:       {"20.20.2", true},
		{"--node", "24.18.0"}:  {"24.18.0", false},
		{"--node", "v22.23.5"}: {"22.23.5", false},
	} {
		if node, det, _ := run(args[0], args[1], f); node != want.node || det != want.deterministic {
			t.Errorf("%v: node %s deterministic %v, want %+v", args, node, det, want)
		}
	}
	if node, _, _ := run(f); node != "24.18.0" {
		t.Errorf("default node %s, want 24.18.0", node)
	}
	for _, args := range [][]string{{"sim", "--node", "19", f}, {"sim", "--node", "24.0.0", f}, {"sim", "--node", "24", "--compare-node", f}} {
		code, _, errOut := simCLI(t, nil, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "node") {
			t.Errorf("%v: want exit 2 and one line, got %d %q", args, code, errOut)
		}
	}
}

// --compare-node groups the releases by outcome and names the rule that separates them:
// the seed's ES module puts 20 apart from 22/24/26 (R-V4), in both languages.
func TestSimCompareNode(t *testing.T) {
	f := writeSimFile(t, t.TempDir(), "seed.mjs", seedESM(t))
	code, out, errOut := simCLI(t, nil, "sim", "--json", "--compare-node", f)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	var cmp struct {
		File   string
		Groups []struct {
			Versions []string
			Majors   []string
			Outcomes []struct{ Stdout []string }
		}
		Differences []struct {
			From, To string
			Rules    []struct {
				Rule   string
				Text   string
				TextVI string `json:"text_vi"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &cmp); err != nil {
		t.Fatal(err)
	}
	var groups []string
	for _, g := range cmp.Groups {
		groups = append(groups, strings.Join(g.Majors, " "))
	}
	if cmp.File != f || strings.Join(groups, " | ") != "10 | 20 | 22 24 26" {
		t.Fatalf("file %s, groups %v", cmp.File, groups)
	}
	found := false
	for _, d := range cmp.Differences {
		if d.From == "20.20.2" && d.To == "22.23.5" && len(d.Rules) == 1 && d.Rules[0].Rule == "R-V4" && d.Rules[0].TextVI != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("20 -> 22 is not explained by R-V4 alone: %+v", cmp.Differences)
	}
	_, text, _ := simCLI(t, nil, "sim", "--compare-node", f)
	for _, want := range []string{"Node 22.23.5, 24.18.0, 26.12.1:", "20.20.2 -> 22.23.5:", "R-V4: Since Node 22.18.0", "R-V4: Từ Node 22.18.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the readable comparison lacks %q:\n%s", want, text)
		}
	}
}
