package sim

import (
	"context"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// runProgram runs a CommonJS (or, with an .mjs name, ES module) program on the default
// profile and returns its first outcome's stdout and the run's error.
func runProgram(t *testing.T, s *Simulator, name, src string, sc Scenario) ([]string, *Error) {
	t.Helper()
	mod := CommonJS
	if strings.HasSuffix(name, ".mjs") {
		mod = ESModule
	}
	res, err := s.Run(context.Background(), Program{Name: name, Source: src, Module: mod}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcomes) == 0 {
		return nil, res.Error
	}
	return res.Outcomes[0].Stdout, res.Error
}

// TestRegistryModulesLoad requires and imports every simulated module by both of its
// names, and checks that a module made from another is that module's member and a part
// of the prelude is the global of the same name; an internal part is not found.
func TestRegistryModulesLoad(t *testing.T) {
	s := New()
	for _, m := range nodeModules {
		if m.internal {
			if _, runErr := runProgram(t, s, "load.cjs", "require('"+m.name+"');\n", Scenario{}); runErr == nil || runErr.Code != CodeModuleNotFound {
				t.Errorf("require(%q) of an internal part: %v", m.name, runErr)
			}
			continue
		}
		if !m.simulated() {
			continue
		}
		var names []string
		if !m.schemeOnly {
			names = append(names, m.name)
		}
		if !m.notNode {
			names = append(names, "node:"+m.name)
		}
		for _, name := range names {
			check := "console.log(typeof m === 'object' || typeof m === 'function');\n"
			if m.member != "" {
				mod, member, _ := strings.Cut(m.member, ".")
				check += "console.log(m === require('" + mod + "')." + member + ");\n"
			}
			if m.part != "" { // a global of that name is the module (timers has none)
				check += "console.log(globalThis." + m.part + " === undefined || m === globalThis." + m.part + ");\n"
			}
			out, runErr := runProgram(t, s, "load.cjs", "const m = require('"+name+"');\n"+check, Scenario{})
			if runErr != nil || strings.Contains(strings.Join(out, " "), "false") {
				t.Errorf("require(%q): %v %v", name, out, runErr)
			}
			out, runErr = runProgram(t, s, "load.mjs", "import * as ns from '"+name+"';\nconsole.log(typeof ns.default);\n", Scenario{})
			if runErr != nil || len(out) != 1 || out[0] == "undefined" {
				t.Errorf("import %q: %v %v", name, out, runErr)
			}
		}
	}
}

// TestRegistryRefusesAndProfiles: a refused module ends the run with unsupported_api
// naming it, and a module the profile's release does not have is not found.
func TestRegistryRefusesAndProfiles(t *testing.T) {
	s := New()
	for _, m := range nodeModules {
		if m.simulated() {
			continue
		}
		_, runErr := runProgram(t, s, "refused.cjs", "require('node:"+m.name+"');\n", Scenario{})
		if runErr == nil || runErr.Code != CodeUnsupported || !strings.Contains(runErr.Message, m.name) {
			t.Errorf("require('node:%s'): %v", m.name, runErr)
		}
	}
	path := modulesByName["path"]
	saved := *path
	defer func() { *path = saved }()
	path.since = 25
	if _, runErr := runProgram(t, s, "since.cjs", "require('path');\n", Scenario{Node: "24"}); runErr == nil || runErr.Code != CodeModuleNotFound {
		t.Errorf("a module since 25 on Node 24: %v", runErr)
	}
	if _, runErr := runProgram(t, s, "since.cjs", "require('path');\n", Scenario{Node: "26"}); runErr != nil {
		t.Errorf("a module since 25 on Node 26: %v", runErr)
	}
}

// TestRegistryHostOps: every host operation is called by some built-in JS file (a
// module's or the prelude's), and every operation a file calls exists.
func TestRegistryHostOps(t *testing.T) {
	used := map[string]bool{}
	callRE := regexp.MustCompile(`\bH_([A-Za-z0-9]+)\b|(?:^|[^.\w])host\.([A-Za-z0-9]+)\(`)
	commentRE := regexp.MustCompile(`(?m)^\s*//.*$`)
	err := fs.WalkDir(jsFiles, "js", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := jsFiles.ReadFile(path)
		for _, m := range callRE.FindAllStringSubmatch(commentRE.ReplaceAllString(string(src), ""), -1) {
			used[m[1]+m[2]] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, op := range hostOps {
		declared[op.name] = true
		if !used[op.name] {
			t.Errorf("the host operation %s is called by no built-in JS file", op.name)
		}
	}
	for name := range used {
		if !declared[name] {
			t.Errorf("a built-in JS file calls the host operation %s, which no module declares", name)
		}
	}
}

// TestRefusedGlobals: every global the registry refuses is one of Node's, and a program
// that uses it ends with unsupported_api naming it (none of them is made by the prelude).
func TestRefusedGlobals(t *testing.T) {
	s := New()
	node := map[string]bool{}
	for _, g := range surface().Globals {
		node[g.Name] = true
	}
	for name := range refusedGlobals {
		if !node[name] {
			t.Errorf("refusedGlobals: Node 24 has no global %s", name)
			continue
		}
		_, runErr := runProgram(t, s, "g.cjs", "console.log(typeof "+name+");\n"+name+".x;\n", Scenario{})
		if runErr == nil || runErr.Code != CodeUnsupported || !strings.Contains(runErr.Message, "the global "+name+" ") {
			t.Errorf("using the global %s: %v", name, runErr)
		}
	}
}
