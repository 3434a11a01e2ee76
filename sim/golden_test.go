package sim

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/trace"
)

var update = flag.Bool("update", false, "rewrite the golden trace files in testdata/golden")

// TestGoldenTraces compares the readable trace of every program in testdata/golden with
// its .trace file. Regenerate with `go test ./sim -run TestGoldenTraces -update` and
// commit the diff only if you understand what caused it.
func TestGoldenTraces(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.*js")
	if len(files) < 20 {
		t.Fatalf("want at least 20 golden programs, found %d", len(files))
	}
	s := New()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			res := simulateFile(t, s, f, "v"+DefaultNode)
			for _, st := range res.Steps {
				if !trace.Known(st.Event) {
					t.Errorf("step %d: event %q is not in the trace vocabulary (sim/trace)", st.N, st.Event)
				}
			}
			got := goldenText(res)
			path := strings.TrimSuffix(f, filepath.Ext(f)) + ".trace"
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("trace differs from %s (run with -update and review the diff):\n%s", path, firstDiff(string(want), string(got)))
			}
		})
	}
}

// goldenText is the outcomes followed by the trace of the first one, one event per line.
func goldenText(res *Result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s, deterministic %v, runs %d\n", res.Module, res.Deterministic, res.Summary.Runs)
	if res.Error != nil {
		fmt.Fprintf(&b, "error %s: %s\n", res.Error.Code, res.Error.Message)
	}
	for i, o := range res.Outcomes {
		fmt.Fprintf(&b, "outcome %d exit %d when %s\n", i+1, o.ExitCode, o.Condition)
		for _, l := range o.Stdout {
			fmt.Fprintf(&b, "  | %s\n", l)
		}
	}
	WriteTrace(&b, res.Steps)
	return b.Bytes()
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d\nwant: %s\n got: %s", i+1, wl, gl)
		}
	}
	return ""
}
