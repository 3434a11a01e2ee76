package sim

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The trace oracle (docs/trace-oracle.md): for every case of a corpus whose output Node
// prints deterministically, CORPUS/traces/vNN/<case>.json holds the queue events of the
// program's own callbacks that real Node of that major went through, recorded with
// async_hooks and promise hooks by scripts/oracle/record-trace.sh. go test compares the
// simulator's trace with them and never runs node.

// traceFloor is, per recorded major, the share of each enforced corpus's recorded traces
// the simulator's trace must agree with, event for event (docs/trace-oracle.md gives
// the figures).
var traceFloor = map[string]float64{"v10": 0.892, "v20": 0.958, "v22": 0.979, "v24": 0.96, "v26": 0.936}

// traceRecording is one traces/vNN/<case>.json.
type traceRecording struct {
	File          string   `json:"file"`
	NodeVersion   string   `json:"node_version"`
	Runs          int      `json:"runs"`
	Deterministic bool     `json:"deterministic"`
	OutputAgrees  bool     `json:"output_agrees"`
	Events        []string `json:"events"`
}

// compared reports whether the recording is held to: every run went through the same
// events and printed what Node prints unhooked.
func (r *traceRecording) compared() bool { return r.Deterministic && r.OutputAgrees }

// loadTrace reads the trace recording of case file of corpus dir for major; ok is false
// when there is none.
func loadTrace(t *testing.T, dir, file, major string) (traceRecording, bool) {
	t.Helper()
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	data, err := os.ReadFile(filepath.Join(dir, "traces", major, base+".json"))
	if os.IsNotExist(err) {
		return traceRecording{}, false
	}
	var rec traceRecording
	if err == nil {
		err = json.Unmarshal(data, &rec)
	}
	if err != nil {
		t.Fatalf("%s %s trace: %v", file, major, err)
	}
	return rec, true
}

// traceTally counts, per major and corpus, the compared traces and those that agree.
type traceTally struct {
	counts map[string]map[string]*traceCount // major -> corpus -> counts
	detail string                            // LOOPLAB_TRACE_DETAIL=v24 logs every difference of v24
}

type traceCount struct {
	cases, agree, skipped int
	events, commonEvents  int
	misses                []string
}

func (tt *traceTally) count(major, corpus string) *traceCount {
	if tt.counts[major] == nil {
		tt.counts[major] = map[string]*traceCount{}
	}
	if tt.counts[major][corpus] == nil {
		tt.counts[major][corpus] = &traceCount{}
	}
	return tt.counts[major][corpus]
}

// add compares one case's simulated trace with its recording.
func (tt *traceTally) add(t *testing.T, s *Simulator, corpus, dir string, c oracleCase, major string) {
	t.Helper()
	rec, ok := loadTrace(t, dir, c.path, major)
	if !ok {
		return
	}
	n := tt.count(major, corpus)
	if !rec.compared() {
		n.skipped++
		return
	}
	res := simulateFile(t, s, c.path, major)
	common, total, diff := compareOutcomes(res, rec.Events)
	n.cases++
	n.events += total
	n.commonEvents += common
	if diff == "" {
		n.agree++
		return
	}
	n.misses = append(n.misses, c.name)
	if tt.detail == major {
		t.Logf("%s %s: %s", major, c.path, diff)
	}
}

// compareOutcomes compares Node's events with the trace of the simulator's first outcome
// and, when they part and the program races (R-R1..R-R4: Node took one of the timings),
// with each other outcome's; the figures are the first agreeing outcome's, else the first's.
func compareOutcomes(res *Result, events []string) (common, total int, diff string) {
	limit := DefaultLimits().MaxTraceSteps
	common, total, diff = CompareTrace(res.Steps, len(res.Steps) >= limit, events)
	for _, o := range res.Outcomes[min(1, len(res.Outcomes)):] {
		if diff == "" {
			break
		}
		if len(o.Steps) == 0 {
			continue // its trace was cut
		}
		if c, n, d := CompareTrace(o.Steps, len(o.Steps) >= limit, events); d == "" {
			common, total, diff = c, n, d
		}
	}
	return common, total, diff
}

// TestTraceOracle simulates every case with a trace recording as the profile of each
// major it was recorded with and compares the simulator's queue events (OracleEvents)
// with Node's. It fails when, on an enforced corpus, fewer traces agree than a major's
// traceFloor; it logs the figures of every corpus (LOOPLAB_TRACE_DETAIL=v24 logs where
// each of v24's disagreeing traces parts from Node's).
func TestTraceOracle(t *testing.T) {
	t.Parallel()
	s := newOracleSimulator()
	tt := &traceTally{counts: map[string]map[string]*traceCount{}, detail: os.Getenv("LOOPLAB_TRACE_DETAIL")}
	corpora := map[string]string{"shared": "testdata/oracle/shared", "own": "testdata/oracle", "pending": "testdata/oracle/pending", "fuzz": "testdata/oracle/fuzz", "heldout": heldoutCorpus}
	for _, corpus := range slices.Sorted(maps.Keys(corpora)) {
		dir := corpora[corpus]
		for _, c := range loadCorpus(t, dir) {
			for _, major := range recordedMajors {
				tt.add(t, s, corpus, dir, c, major)
			}
		}
	}
	for _, major := range slices.Sorted(maps.Keys(tt.counts)) {
		for _, corpus := range slices.Sorted(maps.Keys(tt.counts[major])) {
			n := tt.counts[major][corpus]
			t.Logf("trace oracle %s %s: %d/%d traces agree (%.1f%%), %d of %d events in order (%.1f%%); %d not compared (the runs' events varied, or the hooked runs printed otherwise)",
				major, corpus, n.agree, n.cases, pct(n.agree, n.cases), n.commonEvents, n.events, pct(n.commonEvents, n.events), n.skipped)
			if _, enforced := enforcedCorpora[corpus]; !enforced {
				continue
			}
			if floor := traceFloor[major]; float64(n.agree) < floor*float64(n.cases)-1e-9 {
				t.Errorf("%s %s: %d of %d traces agree with Node's, under the floor of %.1f%%; disagreeing: %s",
					major, corpus, n.agree, n.cases, floor*100, strings.Join(n.misses, ", "))
			}
		}
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}
