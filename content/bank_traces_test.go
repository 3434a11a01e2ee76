package content_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateBankCases = flag.Bool("update-bank-cases", false, "write the bank's trace questions' programs into testdata/traceoracle/cases")

// bankTraceDir is the trace oracle's corpus of the bank (docs/trace-oracle.md): the
// programs of the trace questions' variants as cases, their outputs and their traces as
// real Node ran them (scripts/oracle/record.sh and record-trace.sh on this folder).
const bankTraceDir = "testdata/traceoracle"

// TestBankTracesMatchNode holds the keys of the bank's trace questions to real Node: the
// program of every variant it simulates is a case of testdata/traceoracle (written by
// -update-bank-cases, recorded with real Node), and the simulator's trace of it must be
// the queue events Node recorded (sim.CompareTrace), with the output Node printed, for
// each recording of a deterministic run. A variant the simulator gives several outcomes
// (equal pool jobs race, R-R4) is not compared and needs no recording: its key accepts
// every outcome's answer, and Node's pool threads leave no event in the trace oracle.
func TestBankTracesMatchNode(t *testing.T) {
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	s := sim.New()
	compared := 0
	var want []string
	for _, it := range items {
		if it.Content.Kind != "trace" {
			continue
		}
		for i, prog := range variantPrograms(&it.Content) {
			name := fmt.Sprintf("%s-%d.%s", it.Slug, i+1, map[sim.ModuleKind]string{sim.CommonJS: "cjs", sim.ESModule: "mjs"}[it.Content.Module])
			want = append(want, name)
			path := filepath.Join(bankTraceDir, "cases", name)
			if *updateBankCases {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(prog), 0o644))
				continue
			}
			got, err := os.ReadFile(path)
			require.NoError(t, err, "%s: run go test ./content -run TestBankTracesMatchNode -update-bank-cases, then record it (docs/trace-oracle.md)", it.File)
			require.Equal(t, prog, string(got), "%s: %s is not the variant's program any more: write the cases again and record them", it.File, path)
			if compareBankTrace(t, s, &it.Content, name, prog) {
				compared++
			}
		}
	}
	if *updateBankCases {
		return
	}
	files, _ := filepath.Glob(filepath.Join(bankTraceDir, "cases", "*.*js"))
	for _, f := range files {
		assert.Contains(t, want, filepath.Base(f), "%s is the program of no trace question's variant: remove it", f)
	}
	t.Logf("%d trace-question programs compared with Node's recorded trace", compared)
}

// variantPrograms lists the distinct programs of the variants the bank's checks simulate.
func variantPrograms(c *quiz.Content) []string {
	var out []string
	for _, vals := range c.SampleValues(3) {
		p := c.Instantiate(vals).Program
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// bankTrace is one recording of testdata/traceoracle: the output or the trace.
type bankTrace struct {
	Deterministic bool       `json:"deterministic"`
	OutputAgrees  bool       `json:"output_agrees"`
	Events        []string   `json:"events"`
	Variants      [][]string `json:"variants"` // the other sequences, when the runs' events varied
	ExitCode      int        `json:"exit_code"`
	Outputs       []struct {
		Lines []string `json:"lines"`
	} `json:"outputs"`
	RaceExpected string `json:"expected_nondeterministic"`
}

// compareBankTrace compares the simulator's trace of one variant program with Node's,
// and reports whether there was a deterministic recording to compare with.
func compareBankTrace(t *testing.T, s *sim.Simulator, c *quiz.Content, name, prog string) bool {
	t.Helper()
	release := c.NodeVersion()
	major := "v" + strings.SplitN(release, ".", 2)[0]
	base := strings.TrimSuffix(name, filepath.Ext(name))
	var sc sim.Scenario
	if len(c.Scenario) > 0 {
		require.NoError(t, json.Unmarshal(c.Scenario, &sc))
	}
	sim.ApplyHeaders(&sc, prog)
	sc.Node = release
	res, err := s.Run(context.Background(), sim.Program{Name: name, Source: prog, Module: c.Module}, sc)
	require.NoError(t, err)
	if len(res.Outcomes) > 1 {
		return false // a race (equal pool jobs, R-R4): the key accepts every outcome's answer
	}
	var out, tr bankTrace
	if !readBankTrace(t, filepath.Join(bankTraceDir, "expected", major, base+".json"), &out) {
		t.Errorf("%s: no %s recording (scripts/oracle/record.sh %s)", name, major, bankTraceDir)
		return false
	}
	if !assert.True(t, out.Deterministic && out.RaceExpected == "", "%s: Node's runs printed otherwise, the simulator gives one outcome", name) {
		return false
	}
	if !readBankTrace(t, filepath.Join(bankTraceDir, "traces", major, base+".json"), &tr) || !tr.OutputAgrees {
		t.Errorf("%s: no %s trace recording whose runs printed what Node prints (scripts/oracle/record-trace.sh %s)", name, major, bankTraceDir)
		return false
	}
	assert.Equal(t, out.Outputs[0].Lines, res.Outcomes[0].Stdout, "%s: the output", name)
	// A recording whose runs went through different events (timers a millisecond apart on
	// a loaded machine) holds the simulator to one of them.
	var diffs []string
	for _, events := range append([][]string{tr.Events}, tr.Variants...) {
		_, _, diff := sim.CompareTrace(res.Steps, false, events)
		if diff == "" {
			return true
		}
		diffs = append(diffs, diff)
	}
	t.Errorf("%s: the simulator's trace parts from each of Node's runs: %s", name, strings.Join(diffs, "; "))
	return true
}

// readBankTrace decodes the JSON file at path into v, reporting whether it exists.
func readBankTrace(t *testing.T, path string, v any) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false
	}
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(bytes.NewReader(data)).Decode(v))
	return true
}
