package sim

import (
	"context"
	"os"
	"slices"
	"testing"
)

// compareFile compares a case file of the corpora across the releases.
func compareFile(t *testing.T, path string) *Comparison {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod := CommonJS
	if path[len(path)-4:] == ".mjs" {
		mod = ESModule
	}
	c, err := New().Compare(context.Background(), Program{Source: string(src), Module: mod}, Scenario{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// majorsOf lists each group's majors.
func majorsOf(c *Comparison) [][]string {
	var out [][]string
	for _, g := range c.Groups {
		out = append(out, g.Majors)
	}
	return out
}

// TestCompareSeedESM: the seed's all-queues ES module has one order in 20 and two in
// 22/24/26 (R-V4), and Node 10 runs it as CommonJS, where the import is a syntax error (R-V7).
func TestCompareSeedESM(t *testing.T) {
	c := compareFile(t, "testdata/golden/003-seed-a-all-queues.mjs")
	if got := majorsOf(c); !slices.EqualFunc(got, [][]string{{"10"}, {"20"}, {"22", "24", "26"}}, slices.Equal) {
		t.Fatalf("groups %v, want 10 | 20 | 22 24 26", got)
	}
	if len(c.Groups[1].Outcomes) != 1 || len(c.Groups[2].Outcomes) != 2 {
		t.Errorf("20 has one order, 22+ two: %d and %d outcomes", len(c.Groups[1].Outcomes), len(c.Groups[2].Outcomes))
	}
	wantRules(t, c, "20.20.2", "22.23.5", ChangeESMSyncEntry)
	wantRules(t, c, "10.24.1", "20.20.2", ChangeESMUnflagged)
}

// TestCompareFindsTheRule: each version change is found by experiment on a case of the
// corpus that shows it, and a program no change touches is one group.
func TestCompareFindsTheRule(t *testing.T) {
	for _, tc := range []struct {
		file, from, to, rule string
	}{
		{"testdata/oracle/shared/cases/307-microtasks-between-timers.cjs", "10.24.1", "20.20.2", ChangeDrainPerCallback},
		{"testdata/oracle/shared/cases/411-pending-microtask-chain-in-immediate.cjs", "10.24.1", "20.20.2", ChangeDrainPerCallback},
		{"testdata/oracle/shared/cases/010-readfile-is-multistep-immediate-chunks.cjs", "24.18.0", "26.12.1", ChangeReadFileOneJob},
		{"testdata/oracle/cases/x210-esm-unsettled-tla-exit-13.mjs", "20.20.2", "22.23.5", ChangeTLAExit13},
		{"testdata/oracle/shared/cases/101-nexttick-before-promises.cjs", "10.24.1", "20.20.2", ChangeAPIs},
	} {
		c := compareFile(t, tc.file)
		wantRules(t, c, tc.from, tc.to, tc.rule)
	}
	same := compareFile(t, "testdata/oracle/shared/cases/301-same-delay-insertion-order.cjs")
	if len(same.Groups) != 1 || len(same.Differences) != 0 || len(same.Groups[0].Versions) != len(Profiles()) {
		t.Errorf("301 does not depend on the release: %v, %d differences", majorsOf(same), len(same.Differences))
	}
}

// wantRules fails unless c explains the step from one release to the next with rule, in
// both languages, and for the API change names the API the program uses.
func wantRules(t *testing.T, c *Comparison, from, to, rule string) {
	t.Helper()
	for _, d := range c.Differences {
		if d.From != from || d.To != to {
			continue
		}
		if !d.Explained || len(d.Rules) != 1 || d.Rules[0].ID != rule || d.Rules[0].Text == "" || d.Rules[0].TextVI == "" {
			t.Errorf("%s -> %s: explained %v by %+v, want %s alone", from, to, d.Explained, d.Rules, rule)
		}
		if rule == ChangeAPIs && len(d.Rules[0].APIs) == 0 {
			t.Errorf("%s -> %s: the API change names no API", from, to)
		}
		return
	}
	t.Errorf("no difference between %s and %s: %v", from, to, majorsOf(c))
}

// TestCompareRejectionDefaultPerRelease: an unhandled rejection only warns in Node 10
// and ends the process from 15 on (R-V2); the comparison runs each release with its own
// default, as a run with node set does.
func TestCompareRejectionDefaultPerRelease(t *testing.T) {
	prog := Program{Source: "Promise.reject(new Error('boom'))\nsetTimeout(() => console.log('timer'), 10)\nconsole.log('main')\n"}
	c, err := New().Compare(context.Background(), prog, Scenario{})
	if err != nil {
		t.Fatal(err)
	}
	if got := majorsOf(c); !slices.EqualFunc(got, [][]string{{"10"}, {"20", "22", "24", "26"}}, slices.Equal) {
		t.Fatalf("groups %v, want 10 | 20 22 24 26", got)
	}
	if o := c.Groups[0].Outcomes[0]; o.ExitCode != 0 || !slices.Equal(o.Stdout, []string{"main", "timer"}) {
		t.Errorf("Node 10 warns and goes on: %v, exit %d", o.Stdout, o.ExitCode)
	}
	wantRules(t, c, "10.24.1", "20.20.2", ChangeRejectionsThrow)
}

// TestCompareLeavesEachReleaseItsAPIs: the counterfactual runs of a comparison (Node 20
// with Node 10's APIs) do not leave their runtimes to a later run of the release itself.
func TestCompareLeavesEachReleaseItsAPIs(t *testing.T) {
	s := New()
	prog := Program{Source: "queueMicrotask(() => console.log('micro'))\nconsole.log(typeof globalThis)\n"}
	if _, err := s.Compare(context.Background(), prog, Scenario{}); err != nil {
		t.Fatal(err)
	}
	for _, node := range []string{"20", "22", "24", "26"} {
		res, err := s.Run(context.Background(), prog, Scenario{Node: node})
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != nil || !slices.Equal(res.Outcomes[0].Stdout, []string{"object", "micro"}) {
			t.Errorf("Node %s after a comparison: %+v %v", node, res.Error, res.Outcomes)
		}
	}
}
