package sim

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestWarmRuntimeServesEachRunAfresh runs a program that changes everything it can
// reach (globals, built-in prototypes, the preloaded modules' exports, util.inspect's
// defaults, Error.stackTraceLimit, process.env), then another program with its own
// name, argv and env on the same simulator, whose warm runtime the first one used. The
// second must see none of the first and give exactly what it gives on a simulator that
// never ran anything: output, trace and summary.
func TestWarmRuntimeServesEachRunAfresh(t *testing.T) {
	polluter := Program{Name: "polluter.cjs", Source: `
globalThis.leaked = 1; Array.prototype.extra = 'polluted'; Object.prototype.oops = true;
require('fs').extra = 1; require('events').defaultMaxListeners = 1;
require('util').inspect.defaultOptions.depth = 0; Error.stackTraceLimit = 1;
process.env.Y = 'set'; process.exitCode = 3; process.on('exit', () => console.log('polluter exit'));
setTimeout(() => { throw new Error('late') }, 1000); Promise.reject(new Error('unhandled'));
console.log(require('util').inspect({ a: { b: 1 } }))`}
	probe := Program{Name: "probe.cjs", Source: `
const fs = require('fs'), util = require('util'), EventEmitter = require('events');
console.log(typeof leaked, [].extra, ({}).oops, fs.extra, EventEmitter.defaultMaxListeners);
console.log(util.inspect({ a: { b: { c: {} } } }), Error.stackTraceLimit, new Error('x').stack.split('\n').length);
console.log(process.argv.slice(1).join(' '), process.env.Y, process.env.Z, __filename, process.exitCode);
setTimeout(() => console.log(Math.random()), 5); fs.stat(__filename, () => console.log('stat'))`}
	sc := Scenario{Argv: []string{"--flag"}, Env: map[string]string{"Z": "zed"}, Seed: 7}
	run := func(s *Simulator, p Program, sc Scenario) string {
		res, err := s.Run(context.Background(), p, sc)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		return string(b)
	}
	want := run(New(), probe, sc)
	s := New()
	run(s, polluter, Scenario{Env: map[string]string{"Y": "env"}})
	for i := range 3 {
		if got := run(s, probe, sc); got != want {
			t.Fatalf("run %d of the probe after the polluter differs from a first run:\n got %s\nwant %s", i, got, want)
		}
	}
}

// TestRunsDoNotDependOnTheirPredecessors runs every golden program on a fresh simulator,
// then again on one simulator right after each other golden program: a warm runtime, or
// anything else a simulator keeps between runs, must not change a byte of a result
// (output, trace timings included). The first program a simulator runs sets its warm
// runtime up, so that set-up must not depend on the program either.
func TestRunsDoNotDependOnTheirPredecessors(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.*js")
	run := func(s *Simulator, f string) string {
		b, _ := json.Marshal(simulateFile(t, s, f, "v"+DefaultNode))
		return string(b)
	}
	alone := make(map[string]string, len(files))
	for _, f := range files {
		alone[f] = run(New(), f)
	}
	s := New()
	for _, before := range files {
		for _, f := range files {
			run(s, before)
			if got := run(s, f); got != alone[f] {
				t.Errorf("%s after %s differs from %s alone", filepath.Base(f), filepath.Base(before), filepath.Base(f))
			}
		}
	}
}
