package sim

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// oracleExpected is one expected/NNN-name.json recorded with real Node by run-node.sh.
type oracleExpected struct {
	File          string `json:"file"`
	Deterministic bool   `json:"deterministic"`
	ExitCode      int    `json:"exit_code"`
	Outputs       []struct {
		Lines     []string       `json:"lines"`
		Count     int            `json:"count"`
		ExitCodes map[string]int `json:"exit_codes"`
	} `json:"outputs"`
}

// oracleDirs are the corpora the simulator must agree with: the shared one and ours.
var oracleDirs = []string{"../../shared/oracle", "testdata/oracle"}

type oracleCase struct {
	name, path string
	exp        oracleExpected
}

func loadOracle(t *testing.T) []oracleCase {
	t.Helper()
	var cases []oracleCase
	for _, dir := range oracleDirs {
		files, _ := filepath.Glob(filepath.Join(dir, "cases", "*.*js"))
		for _, f := range files {
			base := filepath.Base(f)
			data, err := os.ReadFile(filepath.Join(dir, "expected", strings.TrimSuffix(base, filepath.Ext(base))+".json"))
			if err != nil {
				t.Errorf("%s has no expected output: %v", f, err)
				continue
			}
			var exp oracleExpected
			if err := json.Unmarshal(data, &exp); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cases = append(cases, oracleCase{name: base, path: f, exp: exp})
		}
	}
	if len(cases) == 0 {
		t.Fatal("no oracle cases found")
	}
	return cases
}

// TestOracleAgreement runs every recorded case through the simulator: a deterministic
// case must give exactly Node's stdout and exit code as its only outcome; every output
// Node produced for a racy case must be among the simulator's outcomes.
func TestOracleAgreement(t *testing.T) {
	s := New()
	cases := loadOracle(t)
	agree := 0
	for _, c := range cases {
		ok := t.Run(c.name, func(t *testing.T) {
			res := simulateFile(t, s, c.path)
			checkAgainstOracle(t, res, c.exp)
		})
		if ok {
			agree++
		}
	}
	t.Logf("oracle agreement: %d/%d cases", agree, len(cases))
}

func simulateFile(t *testing.T, s *Simulator, path string) *Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod := CommonJS
	if strings.HasSuffix(path, ".mjs") {
		mod = ESModule
	}
	var sc Scenario
	ApplyHeaders(&sc, string(src))
	res, err := s.Run(context.Background(), Program{Name: filepath.Base(path), Source: string(src), Module: mod}, sc)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func checkAgainstOracle(t *testing.T, res *Result, exp oracleExpected) {
	t.Helper()
	if res.Error != nil {
		t.Errorf("simulator error %s: %s", res.Error.Code, res.Error.Message)
	}
	if exp.Deterministic {
		want := exp.Outputs[0].Lines
		if len(res.Outcomes) != 1 {
			t.Errorf("node is deterministic, simulator gives %d outcomes: %v", len(res.Outcomes), outcomeLines(res))
		}
		got := res.Outcomes[0]
		if !slices.Equal(got.Stdout, want) || got.ExitCode != exp.ExitCode {
			t.Errorf("stdout/exit mismatch\n got (exit %d): %q\nwant (exit %d): %q", got.ExitCode, got.Stdout, exp.ExitCode, want)
		}
		return
	}
	for _, o := range exp.Outputs {
		if !hasOutcome(res, o.Lines) {
			t.Errorf("node printed %q (%d runs); simulator outcomes: %v", o.Lines, o.Count, outcomeLines(res))
		}
	}
}

func hasOutcome(res *Result, lines []string) bool {
	for _, o := range res.Outcomes {
		if slices.Equal(o.Stdout, lines) {
			return true
		}
	}
	return false
}

func outcomeLines(res *Result) [][]string {
	out := make([][]string, len(res.Outcomes))
	for i, o := range res.Outcomes {
		out[i] = o.Stdout
	}
	return out
}
