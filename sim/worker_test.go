package sim

import (
	"reflect"
	"strings"
	"testing"
)

// TestWorkerUncaughtException checks where a worker's uncaught exception is printed, as
// Node v20.20.2 does it (checked with node on the same programs): nowhere when the
// parent listens for 'error' on the Worker (stdout "parent got boom", "exit 1", stderr
// empty, exit code 0); once, as the parent's uncaught 'error' event, when it does not
// (exit code 1).
func TestWorkerUncaughtException(t *testing.T) {
	const start = "const { Worker } = require('worker_threads');\nconst w = new Worker(\"throw new Error('boom')\", { eval: true });\n"
	handled := runSource(t, start+"w.on('error', (e) => console.log('parent got', e.message));\nw.on('exit', (c) => console.log('exit', c));\n", CommonJS, Scenario{})
	o := handled.Outcomes[0]
	if !reflect.DeepEqual(o.Stdout, []string{"parent got boom", "exit 1"}) || o.ExitCode != 0 || len(o.Stderr) != 0 {
		t.Errorf("handled: stdout %q, stderr %q, exit %d", o.Stdout, o.Stderr, o.ExitCode)
	}
	unhandled := runSource(t, start+"w.on('exit', (c) => console.log('exit', c));\n", CommonJS, Scenario{})
	o = unhandled.Outcomes[0]
	if n := strings.Count(strings.Join(o.Stderr, "\n"), "Error: boom"); n != 1 || o.ExitCode != 1 || len(o.Stdout) != 0 {
		t.Errorf("unhandled: stdout %q, %d reports of the error in stderr %q, exit %d", o.Stdout, n, o.Stderr, o.ExitCode)
	}
}
