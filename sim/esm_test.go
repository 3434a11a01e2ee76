package sim

import (
	"strings"
	"testing"
)

// TestMissingNamedImportSaysWhich: a module whose named import does not exist fails to
// link; stderr says so in V8's words, as Node 24 prints it.
func TestMissingNamedImportSaysWhich(t *testing.T) {
	res := runSource(t, "import { nope } from 'node:fs';\nconsole.log(nope);\n", ESModule, Scenario{})
	out := res.Outcomes[0]
	want := `SyntaxError: The requested module 'node:fs' does not provide an export named 'nope'`
	if out.ExitCode != 1 || len(out.Stdout) != 0 || !strings.Contains(strings.Join(out.Stderr, "\n"), want) {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1, no output and %q", out.ExitCode, out.Stdout, out.Stderr, want)
	}
}
