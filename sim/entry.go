package sim

import (
	"regexp"
	"slices"
	"strings"

	"github.com/grafana/sobek"
)

// startMain runs the entry program: a CommonJS main module synchronously inside one
// callback scope (R-M1), or an ES module from the loader in the first poll phase (R-M3).
func (r *run) startMain() {
	if r.ex.prog.Module == ESModule {
		r.startESM()
		return
	}
	r.phase = PhaseMain
	r.step("main-starts", r.ex.prog.Name, 1, "Node runs the CommonJS main module synchronously, from top to bottom.", "Node chạy module CommonJS chính một cách đồng bộ, từ trên xuống dưới.", "R-M1")
	fn, err := r.rt.RunProgram(r.ex.code.script)
	if err != nil {
		r.handleCallError(err)
		return
	}
	module := r.rt.NewObject()
	exports := r.rt.NewObject()
	_ = module.Set("exports", exports)
	_ = module.Set("id", ".")
	_ = module.Set("filename", virtualPath(r.ex.prog.Name))
	args := []sobek.Value{exports, r.goPart("require"), module, r.rt.ToValue(virtualPath(r.ex.prog.Name)), r.rt.ToValue(virtualDir)}
	r.invokeCallback("main", fn, exports, args)
}

// startESM queues the loader's read of the entry file; the body is evaluated when the
// poll phase delivers it.
func (r *run) startESM() {
	r.modules = map[string]sobek.ModuleRecord{}
	r.rt.SetFinalImportMeta(func(meta *sobek.Object, m sobek.ModuleRecord) {
		name := r.moduleNames[m]
		_ = meta.Set("url", "file://"+virtualPath(name))
		_ = meta.Set("filename", virtualPath(name))
		_ = meta.Set("dirname", virtualDir)
	})
	r.addIO(&ioEvent{readyAt: r.now, label: "ES module loader reads " + r.ex.prog.Name, line: 1, ref: true, deliver: r.evaluateESM})
}

// evaluateESM evaluates the entry module as the outermost call: the body runs inside a
// microtask, so promise jobs it queues run before its nextTick callbacks (R-M2); code
// after a top-level await resumes as a microtask (R-M4).
func (r *run) evaluateESM() {
	r.step("esm-body-starts", r.ex.prog.Name, 1, "Node's ES module loader read the file asynchronously; the module body now runs inside a microtask of the poll phase.", "Bộ nạp ES module đọc file bất đồng bộ; thân module giờ chạy bên trong một microtask ở pha poll.", "R-M3")
	rec, err := r.parseModule(r.ex.prog.Name, r.ex.code.module)
	if err == nil {
		err = rec.Link()
	}
	if err != nil {
		r.linkError(err)
		return
	}
	r.countStep()
	p := r.rt.CyclicModuleRecordEvaluate(rec, r.resolveModule)
	r.entryPromise = p
	if r.exiting {
		return
	}
	r.drainAfterCallback()
}

func (r *run) linkError(err error) {
	msg := err.Error()
	if strings.Contains(msg, "unsupported") || strings.Contains(msg, "not simulated") {
		r.abort(newError(CodeUnsupported, "%s", msg))
		return
	}
	r.abort(newError(CodeModuleNotFound, "%s", firstLine(msg)))
}

func (r *run) parseModule(name, src string) (sobek.CyclicModuleRecord, error) {
	if m, ok := r.modules[name].(sobek.CyclicModuleRecord); ok {
		return m, nil
	}
	rec, err := sobek.ParseModule(name, src, r.resolveModule)
	if err != nil {
		return nil, err
	}
	r.modules[name] = rec
	if r.moduleNames == nil {
		r.moduleNames = map[sobek.ModuleRecord]string{}
	}
	r.moduleNames[rec] = name
	return rec, nil
}

// resolveModule is the host's module resolution for import statements: Node built-ins
// (with or without the node: prefix) and the scenario's files.
func (r *run) resolveModule(_ interface{}, specifier string) (sobek.ModuleRecord, error) {
	name := strings.TrimPrefix(specifier, "node:")
	if isBuiltinName(name) {
		return r.builtinModule(name)
	}
	if strings.HasPrefix(specifier, "./") || strings.HasPrefix(specifier, "/") || strings.HasPrefix(specifier, "../") {
		path := resolvePath(specifier)
		if src, ok := r.fileSource(path); ok {
			return r.parseModule(path, src)
		}
		return nil, newError(CodeModuleNotFound, "Cannot find module '%s' imported from %s", virtualPath(strings.TrimPrefix(path, virtualDir+"/")), virtualPath(r.ex.prog.Name))
	}
	if isKnownUnsimulated(name) {
		return nil, newError(CodeUnsupported, "module '%s' is not simulated by looplab", specifier)
	}
	return nil, newError(CodeModuleNotFound, "Cannot find package '%s' imported from %s", specifier, virtualPath(r.ex.prog.Name))
}

// builtinModule wraps a built-in's exports object in an ES module exporting it as the
// default export and each identifier-named property as a named export.
func (r *run) builtinModule(name string) (sobek.ModuleRecord, error) {
	key := "node:" + name
	if m, ok := r.modules[key]; ok {
		return m, nil
	}
	v, err := mustCallable(r.use("builtin"))(sobek.Undefined(), r.rt.ToValue(name))
	if err != nil {
		return nil, err
	}
	obj := v.ToObject(r.rt)
	var names []string
	for _, k := range append(obj.Keys(), lazyExportNames[name]...) {
		if identRE.MatchString(k) && k != "default" && !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	var b strings.Builder
	b.WriteString("const m = globalThis.__looplab_builtin(" + quoteJS(name) + ");\nexport default m;\n")
	if len(names) > 0 {
		b.WriteString("export const { " + strings.Join(names, ", ") + " } = m;\n")
	}
	rec, err := sobek.ParseModule(key, b.String(), r.resolveModule)
	if err != nil {
		return nil, err
	}
	r.modules[key] = rec
	return rec, nil
}

// lazyExportNames are the exports of a built-in whose object makes them on first use,
// where Keys does not list them: console's methods (lazyobjects.go) and process's rarely
// used properties (prelude.js processProperty), which Node exports by name.
var lazyExportNames = map[string][]string{
	"console": consoleKeys,
	"process": {"abort", "arch", "argv", "argv0", "binding", "chdir", "config", "cpuUsage", "cwd", "dlopen", "emitWarning",
		"env", "execArgv", "execPath", "exit", "features", "hrtime", "kill", "memoryUsage", "nextTick", "pid", "platform", "ppid",
		"reallyExit", "release", "resourceUsage", "setgid", "setuid", "stderr", "stdout", "title", "uptime",
		"version", "versions"},
}

var identRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

func quoteJS(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// resolvePath turns a relative specifier into a path under the virtual directory.
func resolvePath(spec string) string {
	if strings.HasPrefix(spec, "/") {
		return spec
	}
	parts := strings.Split(virtualDir, "/")
	for _, p := range strings.Split(spec, "/") {
		switch p {
		case ".", "":
		case "..":
			if len(parts) > 1 {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "/")
}

// fileSource finds a file of the virtual file system: the entry program or a scenario file.
func (r *run) fileSource(path string) (string, bool) {
	if path == virtualPath(r.ex.prog.Name) {
		return r.ex.prog.Source, true
	}
	for _, k := range sortedKeys(r.sc.Files) {
		if virtualPath(k) == path {
			return r.sc.Files[k], true
		}
	}
	return "", false
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
