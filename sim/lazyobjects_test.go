package sim

import (
	"slices"
	"testing"
)

// TestLazyObjectsBehaveAsObjects: the objects whose members are made on first access
// (the global object's Node globals, console, process, require, node:fs, Timeout,
// Immediate and fs.Stats objects) answer reflection, enumeration, copying and deletion
// like plain objects (as real Node does, checked with node, except that a Timeout here
// has no internal list links, so JSON.stringify does not find a cycle, and the
// differences sim/doc.go lists), and never end a run with a simulator defect.
func TestLazyObjectsBehaveAsObjects(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"enumerate and freeze console", `const t = typeof console.table; console.log(t, Object.keys(console).includes('table')); Object.freeze(console); console.log(Object.isFrozen(console))`,
			[]string{"function true", "true"}},
		{"copy process", `const p = { ...process }; console.log(typeof p.exitCode, 'nextTick' in process, typeof process.nextTick, Object.keys(process).includes('nextTick'))`,
			[]string{"undefined true function true"}},
		{"globals reached dynamically", `const n = 'set' + 'Timeout'; console.log(typeof globalThis[n], globalThis[n] === setTimeout, Object.keys(globalThis).includes('setTimeout'))`,
			[]string{"function true true"}},
		{"assign before read", `setImmediate = (f) => { console.log('mine'); f() }; setImmediate(() => console.log('ran'))`,
			[]string{"mine", "ran"}},
		{"timeout as JSON and copy", `const t = setTimeout(() => {}, 3); t.x = 1; console.log(JSON.stringify(t), Object.keys({ ...t }).join()); delete t._repeat; console.log(Object.keys(t).join(), t._repeat); clearTimeout(t)`,
			[]string{`{"_idleTimeout":3,"_repeat":null,"x":1} _idleTimeout,_repeat,x`, "_idleTimeout,x undefined"}},
		{"stats copy", `require('fs').stat(__filename, (e, st) => { const o = { ...st }; console.log(Object.keys(o).length, o.atime instanceof Date, st.isFile(), st.isDirectory()) })`,
			[]string{"18 true true false"}},
		{"require extras", `console.log(typeof require.resolve, require.resolve('./a'), Object.getPrototypeOf(require.cache), typeof require('node:path').join)`,
			[]string{"function ./a null function"}},
		{"fs.stat's argument errors", `const fs = require('fs'); for (const args of [[], ['x'], [1, () => {}], ['x', {}, 3]]) { try { fs.stat(...args) } catch (e) { console.log(e.code) } }`,
			[]string{"ERR_INVALID_ARG_TYPE", "ERR_INVALID_ARG_TYPE", "ERR_INVALID_ARG_TYPE", "ERR_INVALID_ARG_TYPE"}},
		{"fs exports", `const fs = require('fs'); delete fs.stat; console.log('stat' in fs, Object.keys(fs).includes('stat'), typeof fs.readFile); fs.stat = 1; console.log(fs.stat)`,
			[]string{"false false function", "1"}},
		{"process emitter", `process.on('exit', (c) => console.log('exit', c)); console.log(process.listenerCount('exit'), process instanceof require('events'))`,
			[]string{"1 true", "exit 0"}},
	} {
		res, err := New().Run(t.Context(), Program{Source: c.src}, Scenario{SummaryOnly: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Error != nil {
			t.Errorf("%s: run ended with %s: %s", c.name, res.Error.Code, res.Error.Message)
			continue
		}
		if got := res.Outcomes[0].Stdout; !slices.Equal(got, c.want) {
			t.Errorf("%s: stdout %q, want %q (stderr %q)", c.name, got, c.want, res.Outcomes[0].Stderr)
		}
	}
}
