package sim

import (
	"os/exec"
	"strings"
	"testing"
)

// TestJSModulesAgainstNode runs the differential harness of sim/js/events.js and
// sim/js/stream.js: every scenario runs once with Node's own modules and once with ours,
// in real Node, and the outputs must be identical.
func TestJSModulesAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required: it is the oracle for the built-in modules")
	}
	out, err := exec.Command(node, "testdata/jsmods/harness.cjs", "--buffer").CombinedOutput()
	if err != nil {
		t.Fatalf("harness failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "PASS") && !strings.Contains(string(out), "pass") {
		t.Fatalf("harness printed no result:\n%s", out)
	}
	t.Logf("%s", lastLines(string(out), 3))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
