package loop

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependsOnNothingOfNode: libuv's part imports no engine, no HTTP, nothing of sim (nor
// quiz): the standard library only.
func TestDependsOnNothingOfNode(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, ".") && dep != "github.com/looplab/looplab/sim/internal/loop" {
			t.Errorf("sim/internal/loop depends on %s", dep)
		}
	}
}
