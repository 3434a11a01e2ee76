package sim

import (
	"strings"
	"testing"
)

// TestMissingNamedImportSaysWhich: the engine rejects the evaluation of a module whose
// named import does not exist with a Go-wrapped exception; stderr shows the SyntaxError
// in it (as Node does), not the wrapper.
func TestMissingNamedImportSaysWhich(t *testing.T) {
	res := runSource(t, "import { nope } from 'node:fs';\nconsole.log(nope);\n", ESModule, Scenario{})
	out := res.Outcomes[0]
	want := `SyntaxError: The requested module "node:fs" does not provide an export named "nope"`
	if out.ExitCode != 1 || len(out.Stdout) != 0 || len(out.Stderr) == 0 || !strings.Contains(out.Stderr[0], want) {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1, no output and %q", out.ExitCode, out.Stdout, out.Stderr, want)
	}
}
