package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
)

// Node's API surface, recorded from the real binary (scripts/oracle/api-surface.cjs and
// api-values.cjs on Node 24.18.0, embedded with the releases' surfaces: apiversions.go):
// every export of every built-in module and every global with its kind, and the data
// exports (constants, tables) with their values. The registry refuses what Node has and
// the simulator does not make; the modules read their constants from it.

// nodeExport is one export of a module, or one global.
type nodeExport struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"`     // typeof in Node
	Standard string `json:"standard"` // globals: "ecmascript" or "node"
}

// nodeSurface is Node's API: exports by module name (without "node:") and the globals.
type nodeSurface struct {
	Version string `json:"node_version"`
	modules map[string][]nodeExport
	Globals []nodeExport `json:"globals"`
	// values are the data exports of a module as the JSON text of an object, in Node's
	// key order (api-values.cjs writes Infinity as "Infinity"); valueOf has each one.
	values  map[string]string
	valueOf map[string]map[string]json.RawMessage
}

// surface is Node 24's API, read once.
var surface = sync.OnceValue(func() *nodeSurface {
	var s struct {
		nodeSurface
		Modules []struct {
			Name    string       `json:"name"`
			Exports []nodeExport `json:"exports"`
		} `json:"modules"`
	}
	mustReadJSON("nodeapi/node24.json", &s)
	out := &s.nodeSurface
	out.modules = map[string][]nodeExport{}
	for _, m := range s.Modules {
		out.modules[strings.TrimPrefix(m.Name, "node:")] = m.Exports
	}
	var v struct {
		Modules map[string]json.RawMessage `json:"modules"`
	}
	mustReadJSON("nodeapi/node24-values.json", &v)
	out.values = map[string]string{}
	out.valueOf = map[string]map[string]json.RawMessage{}
	for name, raw := range v.Modules {
		out.values[name] = string(raw)
		var each map[string]json.RawMessage
		mustUnmarshal(name, raw, &each)
		out.valueOf[name] = each
	}
	return out
})

func mustReadJSON(path string, v any) {
	data, err := nodeAPIFiles.ReadFile(path)
	if err != nil {
		panic("sim: " + err.Error()) // a build defect
	}
	mustUnmarshal(path, data, v)
}

func mustUnmarshal(what string, data []byte, v any) {
	if err := json.Unmarshal(data, v); err != nil {
		panic("sim: " + what + ": " + err.Error()) // a build defect
	}
}

// opNodeValues(module) -> the JSON text of the module's data exports in Node ({} when
// it has none); the module's JS parses it (internals.nodeValues).
func (r *run) opNodeValues(c *engine.Call) engine.Value {
	if text, ok := surface().values[c.Arg(0).String()]; ok {
		return r.js.String(text)
	}
	return r.js.String("{}")
}

// opModuleSurface(module) -> the exports of Node's module, for prelude_modules.js
// refuseMissing, one a line, tab-separated: "name\tvalue\tJSON" for a data export Node's
// recording has, "name\tkind\twhy" for any other object or function (a refusing
// stand-in where the module lacks it). Primitives without a recording are left out.
func (r *run) opModuleSurface(c *engine.Call) engine.Value {
	return r.js.String(moduleSurface(c.Arg(0).String()))
}

// moduleSurface is opModuleSurface's text, made once per module.
func moduleSurface(name string) string {
	surfaceTexts.Lock()
	defer surfaceTexts.Unlock()
	if text, ok := surfaceTexts.m[name]; ok {
		return text
	}
	m := modulesByName[name]
	s := surface()
	var b strings.Builder
	for _, e := range s.modules[name] {
		if v, ok := s.valueOf[name][e.Name]; ok {
			var one bytes.Buffer
			if err := json.Compact(&one, v); err != nil {
				panic("sim: " + name + "." + e.Name + ": " + err.Error()) // a build defect
			}
			b.WriteString(e.Name + "\tvalue\t" + one.String() + "\n")
		} else if m != nil && refusable(e.Kind) {
			b.WriteString(e.Name + "\t" + e.Kind + "\t" + m.whyRefused(e.Name) + "\n")
		}
	}
	if surfaceTexts.m == nil {
		surfaceTexts.m = map[string]string{}
	}
	surfaceTexts.m[name] = b.String()
	return b.String()
}

var surfaceTexts struct {
	sync.Mutex
	m map[string]string
}

// refusable reports whether an export of this kind can be a refusing stand-in: an
// object or a function can refuse when it is used; a primitive cannot.
func refusable(kind string) bool { return kind == "object" || kind == "function" }
