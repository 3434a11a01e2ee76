package sim

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/looplab/looplab/internal/testenv"
)

// TestJSModulesAgainstNode runs the differential harness of sim/js/events.js and
// sim/js/stream.js: every scenario runs once with Node's own modules and once with ours,
// in real Node, and the outputs must be identical.
func TestJSModulesAgainstNode(t *testing.T) {
	node := testenv.LookPath(t, "node", "the harness runs sim/js/events.js and stream.js beside Node's own modules in real Node "+
		"(Debian: apt-get install -y nodejs; .ci/run does); the recorded cases of TestJSModulesRecorded need no node")
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

// jsmodsPrologue gives a jsmods scenario its free variables on its first line (so line
// numbers stay those of the file), as testdata/jsmods/prelude.cjs does in real Node.
const jsmodsPrologue = "const events = require('events'), stream = require('stream'); "

// TestJSModulesRecorded runs the same scenarios in the simulator against their
// recordings with real Node (scripts/oracle/record.sh sim/testdata/jsmods), so the
// simulator's events and stream are checked without a node binary; it logs the
// agreement per Node major.
func TestJSModulesRecorded(t *testing.T) {
	s := newOracleSimulator()
	tally := newAgreementTally()
	for _, c := range loadCorpus(t, "testdata/jsmods") {
		src, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		for major := range c.expected {
			tally.add(c, major, simulateSource(t, s, c.path, jsmodsPrologue+string(src), major), "")
		}
	}
	tally.log(t)
}
