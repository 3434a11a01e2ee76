package sim

import (
	"slices"
	"testing"
)

// TestScanFeatures: a header comment adds nothing, an import's from is not Array.from,
// and every other way of naming a guarded method still installs the guards.
func TestScanFeatures(t *testing.T) {
	for _, c := range []struct {
		name, src string
		guards    bool
	}{
		{"header comment", "// scheduled from the main script; repeat it\n/* fill */\nconsole.log(1)", false},
		{"esm import", "import fs from 'fs';\nimport { stat } from \"node:fs\";\nexport * from './x.js'", false},
		{"Array.from", "// header\nconst a = Array.from({ length: 3 })", true},
		{"bracket access", "const a = Array['from'](x)", true},
		{"destructured", "const { repeat } = String.prototype", true},
		{"comment after code", "console.log(1) // s.repeat(n)", true},
		{"tagged template", "Array.from`x`", true},
		{"word inside another", "const repeatedly = 1; const joined = 2", false},
	} {
		if got := scanFeatures(c.src).guards; got != c.guards {
			t.Errorf("%s: guards = %v, want %v", c.name, got, c.guards)
		}
	}
	if got := scanFeatures("// Buffer\nconsole.log(1)", "const b = 'x'.repeat(2)").guards; !got {
		t.Errorf("a second file's repeat: no guards")
	}
}

// TestScenarioFilesReachGlobals: a module from the scenario's files that uses a
// module-backed global (Buffer) and a guarded method finds both, though the entry
// names neither.
func TestScenarioFilesReachGlobals(t *testing.T) {
	sc := Scenario{Files: map[string]string{"lib.js": `exports.run = () => {
  console.log(Buffer.from('hi').toString('hex'));
  console.log('ab'.repeat(2));
  try { 'x'.repeat(2 ** 30) } catch (e) { console.log('unreachable') }
}`}}
	res, err := New().Run(t.Context(), Program{Source: "require('./lib.js').run()"}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || res.Error.Code != CodeMemoryBudget || !slices.Equal(res.Outcomes[0].Stdout, []string{"6869", "abab"}) {
		t.Fatalf("stdout %v, error %+v; want 6869, abab and the guard's memory_budget_exceeded", res.Outcomes[0].Stdout, res.Error)
	}
}
