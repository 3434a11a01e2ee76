package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplab/looplab/internal/testenv"
)

// `looplab bench` prints, for each program, its CPU per simulation beside node's: a warm
// vm context and a spawned process, in one run.
func TestBench(t *testing.T) {
	t.Parallel()
	node := testenv.LookPath(t, "node", "bench compares with real Node (scripts/oracle/install-node.sh installs any version)")
	file := filepath.Join(t.TempDir(), "ticks.cjs")
	if err := os.WriteFile(file, []byte("setTimeout(() => console.log('b'), 1); process.nextTick(() => console.log('a'))\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"bench", "--node", node, "--runs", "3", "--spawns", "1", "--rounds", "1", file}, nil, &out, &errOut, func(string) string { return "" })
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"simulator", "node vm (warm)", "node spawned", "ticks.cjs", "x"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}
