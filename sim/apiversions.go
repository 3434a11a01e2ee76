package sim

import (
	"embed"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
)

// A profile is a whole runtime: a global, a built-in module, a module export or an
// ECMAScript built-in that its release lacks is absent from it, though another simulated
// release (or the engine) has it (R-V8). nodeapi/vNN.json lists the names each release
// has, as scripts/oracle/api-versions.cjs printed them with the real binary; a name that
// some simulated release has and this one does not is removed when a run starts.

//go:embed nodeapi/*.json
var nodeAPIFiles embed.FS

// apiSurface is one nodeapi/vNN.json.
type apiSurface struct {
	NodeVersion string              `json:"node_version"`
	Globals     []string            `json:"globals"`
	Modules     map[string][]string `json:"modules"`
	Builtins    map[string][]string `json:"builtins"`
	// Objects are the own members of Node's objects by prototype ("Timeout.prototype"),
	// a symbol as "[Symbol.toPrimitive]".
	Objects map[string][]string `json:"objects"`
}

// apiAbsence is what one release lacks of what another simulated release has.
type apiAbsence struct {
	// Globals are global names (removed from, or never defined on, the global object).
	Globals []string `json:"globals,omitempty"`
	// Builtins are "Path.name" of the engine's ECMAScript built-ins the release lacks
	// ("Promise.allSettled", "Array.prototype.flat"), only those the engine has.
	Builtins []string `json:"builtins,omitempty"`
	// Modules are built-in module names require and import do not find.
	Modules []string `json:"-"`
	// Exports are, per simulated module, the exports the release lacks.
	Exports map[string][]string `json:"exports,omitempty"`
	// Members are, per prototype of Node's objects, the members the release lacks
	// (Node 10's Timeout has no hasRef nor [Symbol.toPrimitive]).
	Members map[string][]string `json:"members,omitempty"`
}

// empty reports whether the release lacks nothing the prelude must remove.
func (a *apiAbsence) empty() bool {
	return len(a.Globals) == 0 && len(a.Builtins) == 0 && len(a.Exports) == 0 && len(a.Members) == 0
}

var (
	apiOnce     sync.Once
	apiSurfaces map[string]*apiSurface // by major
	apiAbsences map[string]*apiAbsence // by major
)

// loadAPIs reads the embedded surfaces and works out each release's absences.
func loadAPIs() {
	apiSurfaces = map[string]*apiSurface{}
	for _, p := range profiles {
		data, err := nodeAPIFiles.ReadFile("nodeapi/v" + p.Major + ".json")
		if err != nil {
			panic("sim: no API surface for Node " + p.Major) // a build defect
		}
		var s apiSurface
		if err := json.Unmarshal(data, &s); err != nil {
			panic("sim: nodeapi/v" + p.Major + ".json: " + err.Error())
		}
		apiSurfaces[p.Major] = &s
	}
	engineHas := engineBuiltins(append(allBuiltinNames(), engineOnly...))
	apiAbsences = map[string]*apiAbsence{}
	for _, p := range profiles {
		apiAbsences[p.Major] = absenceOf(apiSurfaces[p.Major], engineHas)
	}
}

// allBuiltinNames lists "Path.name" of every ECMAScript built-in some release has.
func allBuiltinNames() []string {
	var all []string
	for _, s := range apiSurfaces {
		for path, names := range s.Builtins {
			for _, n := range names {
				all = append(all, path+"."+n)
			}
		}
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// absenceOf is what s lacks of the union of every release's surface; built-ins are kept
// only where the engine has them (removing what is not there costs a run for nothing).
func absenceOf(s *apiSurface, engineHas map[string]bool) *apiAbsence {
	a := &apiAbsence{Exports: map[string][]string{}, Members: map[string][]string{}}
	for _, g := range unionOf(func(o *apiSurface) []string { return o.Globals }) {
		if !slices.Contains(s.Globals, g) {
			a.Globals = append(a.Globals, g)
		}
	}
	has := map[string]bool{}
	for path, names := range s.Builtins {
		for _, n := range names {
			has[path+"."+n] = true
		}
	}
	for _, b := range allBuiltinNames() {
		root, _, _ := strings.Cut(b, ".")
		if !has[b] && engineHas[b] && !engineNeeds[b] && !slices.Contains(a.Globals, root) {
			a.Builtins = append(a.Builtins, b)
		}
	}
	for _, b := range engineOnly {
		if engineHas[b] && !has[b] {
			a.Builtins = append(a.Builtins, b)
		}
	}
	for _, m := range unionOf(func(o *apiSurface) []string { return keysOf(o.Modules) }) {
		exports, ok := s.Modules[m]
		if !ok {
			a.Modules = append(a.Modules, m)
			continue
		}
		for _, e := range unionOf(func(o *apiSurface) []string { return o.Modules[m] }) {
			if !slices.Contains(exports, e) {
				a.Exports[m] = append(a.Exports[m], e)
			}
		}
	}
	for _, proto := range unionOf(func(o *apiSurface) []string { return keysOf(o.Objects) }) {
		for _, e := range unionOf(func(o *apiSurface) []string { return o.Objects[proto] }) {
			if !slices.Contains(s.Objects[proto], e) {
				a.Members[proto] = append(a.Members[proto], e)
			}
		}
	}
	return a
}

// engineNeeds are built-ins the engine reads itself: removing one breaks it (QuickJS
// reads Symbol.prototype.description when it turns an error into a string), so a
// release that lacks one keeps it.
var engineNeeds = map[string]bool{"Symbol.prototype.description": true}

// engineOnly are built-ins of the engine's that no simulated release has (a proposal the
// engine ships early): every profile removes them (Math.sumPrecise: not in Node 26.12).
var engineOnly = []string{"Math.sumPrecise"}

// unionOf is the sorted union of a list every release's surface has.
func unionOf(list func(*apiSurface) []string) []string {
	var all []string
	for _, s := range apiSurfaces {
		all = append(all, list(s)...)
	}
	slices.Sort(all)
	return slices.Compact(all)
}

func keysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// engineBuiltins reports which of names ("Path.name") the engine's fresh runtime has.
func engineBuiltins(names []string) map[string]bool {
	js, err := engine.New(engine.Config{})
	if err != nil {
		panic("sim: a runtime to probe the built-ins: " + err.Error())
	}
	defer js.Close()
	list, _ := json.Marshal(names)
	code, err := engine.Compile(`(() => {
  const names = `+string(list)+`;
  const roots = { '%TypedArray%': Object.getPrototypeOf(Uint8Array),
    '%IteratorPrototype%': Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
    '%AsyncFunction%': Object.getPrototypeOf(async function () {}).constructor };
  const found = [];
  for (const n of names) {
    const parts = n.split('.');
    let o = roots[parts[0]] !== undefined ? roots[parts[0]] : globalThis[parts[0]];
    for (let i = 1; i < parts.length - 1 && o != null; i++) o = o[parts[i]];
    if (o != null && Object.prototype.hasOwnProperty.call(o, parts[parts.length - 1])) found.push(n);
  }
  return JSON.stringify(found);
})()`, "probe.js", false)
	if err != nil {
		panic("sim: built-in probe: " + err.Error())
	}
	v, err := js.Run(code)
	if err != nil {
		panic("sim: built-in probe: " + err.Error())
	}
	var found []string
	if err := json.Unmarshal([]byte(v.String()), &found); err != nil {
		panic("sim: built-in probe: " + err.Error())
	}
	has := map[string]bool{}
	for _, n := range found {
		has[n] = true
	}
	return has
}

// absence is what the profile's release lacks.
func (p Profile) absence() *apiAbsence {
	apiOnce.Do(loadAPIs)
	return apiAbsences[p.apiMajor()]
}

// HasAPI reports whether the profile's release has a global ("fetch"), a built-in module
// ("timers/promises"), a module export ("fs.cp") or an ECMAScript built-in
// ("Promise.allSettled", "Array.prototype.at"), as the real binary lists them.
func (p Profile) HasAPI(name string) bool {
	apiOnce.Do(loadAPIs)
	s := apiSurfaces[p.apiMajor()]
	if slices.Contains(s.Globals, name) {
		return true
	}
	if _, ok := s.Modules[name]; ok {
		return true
	}
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return false
	}
	owner, member := name[:i], name[i+1:]
	if exports, ok := s.Modules[owner]; ok && slices.Contains(exports, member) {
		return true
	}
	return slices.Contains(s.Builtins[owner], member)
}

// lacksModule reports whether the profile's release has no built-in module of that name
// though another simulated release has it.
func (p Profile) lacksModule(name string) bool {
	return slices.Contains(p.absence().Modules, name)
}

// absenceCode is the function that removes what the profile's release lacks from a
// run's globals and built-ins (after the prelude defined its globals), compiled once per
// release; nil when there is nothing to remove.
func (p Profile) absenceCode() *engine.Code {
	absenceCodesOnce.Do(func() {
		absenceCodes = map[string]*engine.Code{}
		for _, q := range profiles {
			absenceCodes[q.Major] = compileAbsence(q.absence())
		}
	})
	return absenceCodes[p.apiMajor()]
}

var (
	absenceCodesOnce sync.Once
	absenceCodes     map[string]*engine.Code
)

// compileAbsence compiles the removal of a's globals and built-ins. It reads data
// properties only (a global the simulator does not simulate is a getter that ends the
// run), and removes globalThis last.
func compileAbsence(a *apiAbsence) *engine.Code {
	if len(a.Globals) == 0 && len(a.Builtins) == 0 {
		return nil
	}
	globals, _ := json.Marshal(append([]string{}, a.Globals...)) // [] rather than null
	builtins, _ := json.Marshal(append([]string{}, a.Builtins...))
	code, err := engine.CompileLibrary(`(function absent() {
  const g = globalThis;
  const roots = { '%TypedArray%': Object.getPrototypeOf(Uint8Array),
    '%IteratorPrototype%': Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) };
  const own = (o, k) => {
    const d = Object.getOwnPropertyDescriptor(o, k);
    return d !== undefined && 'value' in d ? d.value : undefined;
  };
  for (const n of `+string(builtins)+`) {
    const parts = n.split('.');
    let o = roots[parts[0]] !== undefined ? roots[parts[0]] : own(g, parts[0]);
    for (let i = 1; i < parts.length - 1 && o != null; i++) o = own(o, parts[i]);
    if (o != null) delete o[parts[parts.length - 1]];
  }
  for (const n of `+string(globals)+`) if (n !== 'globalThis') delete g[n];
  if (`+string(globals)+`.includes('globalThis')) delete g.globalThis;
})`, "node:internal/absent")
	if err != nil {
		panic("sim: the absent APIs' script: " + err.Error()) // a build defect
	}
	return code
}

// simulatedExportAbsence is, for a module looplab simulates, the exports the profile's
// release lacks, or for a prototype of Node's objects ("Timeout.prototype") the members
// it lacks (nil when it lacks none).
func (p Profile) simulatedExportAbsence(owner string) []string {
	if members, ok := p.absence().Members[owner]; ok {
		return members
	}
	return p.absence().Exports[owner]
}
