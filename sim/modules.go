package sim

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/lower"
	"github.com/looplab/looplab/sim/internal/v8errors"
	"github.com/looplab/looplab/sim/trace"
)

// entryScript is the script a process's main thread starts with: the run's program,
// or a child process's (nodechild.go).
type entryScript struct {
	name, source string
	module       ModuleKind
	code         *engine.Code
	dir          string // its directory (__dirname)
}

// entry is the script thread r's process starts with.
func (r *run) entry() *entryScript {
	if p := r.iso.proc; p != nil && p.script != nil {
		return p.script
	}
	return &entryScript{name: r.ex.prog.Name, source: r.ex.prog.Source, module: r.ex.prog.Module, code: r.ex.code.code, dir: virtualDir}
}

// startMain runs the entry program: a CommonJS main module synchronously inside one
// callback scope (R-M1), or an ES module from the loader: before the loop starts since
// 22.18 (R-V4), in the first poll phase before (R-M3).
func (r *run) startMain() {
	e := r.entry()
	if e.module == ESModule {
		if r.prof.Has(ChangeESMSyncEntry) {
			r.evaluateESM()
			scheduleClients(r)
			return
		}
		r.startESM()
		return
	}
	r.phase = PhaseMain
	r.enterMain()
	r.step(trace.MainStarts, e.name, 1)
	mark := r.js.Mark()
	defer r.js.Unwind(mark)
	registerSource(r.errs, e.name, e.source, false, r.prof.Has(ChangeUsing))
	r.internalWork(1)
	fn, err := r.js.Run(e.code) // loading the module costs no virtual time
	r.internalWork(-1)
	if err != nil {
		r.handleStop(err)
		return
	}
	js := r.js
	module, exports := js.Object(), js.Object()
	// Node's own fields, in its order: the entry module's id is ".", its lookup paths
	// are the node_modules folders from its own up to the root.
	js.Define(module, "id", js.String("."), engine.Default)
	js.Define(module, "path", js.String(e.dir), engine.Default)
	js.Define(module, "exports", exports, engine.Default)
	js.Define(module, "filename", js.String(virtualPath(e.name)), engine.Default)
	js.Define(module, "loaded", js.Bool(false), engine.Default)
	js.Define(module, "children", r.val([]any{}), engine.Default)
	js.Define(module, "paths", r.val(nodeModulePaths(e.dir)), engine.Default)
	require, _, _ := r.call(js.Get(r.api.obj, "require"), js.Undefined(), module)
	args := []engine.Value{exports, require, module, js.String(virtualPath(e.name)), js.String(e.dir)}
	r.invokeCallback("main", fn, exports, args)
	js.Set(module, "loaded", js.Bool(true))
	scheduleClients(r)
}

// nodeModulePaths are the node_modules folders a module in dir looks in, from its own
// up to the root.
func nodeModulePaths(dir string) []any {
	var out []any
	for d := dir; ; d = path.Dir(d) {
		if path.Base(d) != "node_modules" {
			out = append(out, strings.TrimSuffix(d, "/")+"/node_modules")
		}
		if d == "/" {
			return out
		}
	}
}

// startESM queues the loader's read of the entry file; the body is evaluated when the
// poll phase delivers it.
func (r *run) startESM() {
	r.addIO(&ioEvent{ReadyAt: r.lp.Now(), Label: "ES module loader reads " + r.entry().name, Line: 1, Ref: true, Data: ioData{deliver: func() {
		r.evaluateESM()
		scheduleClients(r)
	}}})
}

// evaluateESM evaluates the entry module as the outermost call: the body runs inside a
// microtask, so promise jobs it queues run before its nextTick callbacks (R-M2); code
// after a top-level await resumes as a microtask (R-M4).
func (r *run) evaluateESM() {
	e := r.entry()
	r.enterMain()
	var entry about
	if r.phase == PhaseMain {
		entry.say = trace.CaseSyncEntry // read before the loop starts (ChangeESMSyncEntry)
	}
	r.step(trace.ESMBodyStarts, e.name, 1, entry)
	r.countStep()
	mark := r.js.Mark()
	defer r.js.Unwind(mark)
	registerSource(r.errs, e.name, e.source, true, r.prof.Has(ChangeUsing))
	r.errs.SetEntry(v8errors.EntryMainESM)
	p, err := r.js.Run(e.code)
	if err != nil {
		var exc *engine.Exception
		if !asException(err, &exc) {
			r.handleStop(err)
			return
		}
		loaderKey.of(r).moduleError(exc.Value)
		return
	}
	r.entryPromise = r.js.Keep(p)
	r.chargeJS()
	if r.runMicrotasks() { // reports a throw of the body (entryRejected) before the ticks run
		r.drainAfterCallback()
	}
}

// entryRejected reports the rejection of the ES-module entry's evaluation once, at the
// end of the microtask checkpoint in which it rejected: Node's loader awaits that
// promise and its catch calls triggerUncaughtException(err, fromPromise) at once (R-M7:
// lib/internal/modules/run_main.js, runEntryPointWithESMLoader; the same from Node 20 to
// 26). So the body's promise jobs run first, its ticks only after the report, no
// 'unhandledRejection' listener is called, and an 'uncaughtException' listener gets the
// origin 'unhandledRejection' and lets the process go on.
func (r *run) entryRejected() {
	if r.entryReported || !r.entryPromise.IsObject() || r.js.PromiseState(r.entryPromise) != engine.Rejected {
		return
	}
	r.entryReported = true
	reason := r.js.PromiseResult(r.entryPromise)
	r.forgetRejections(reason) // the loader's promises: the evaluation's and the engine's module promise
	loaderKey.of(r).moduleError(reason)
}

// moduleError reports an ES module that failed to link or evaluate as Node's loader
// does (R-M7): a missing export is a SyntaxError in V8's words; an 'uncaughtException'
// listener handles it, else the process dies.
func (r *loaderModule) moduleError(v engine.Value) {
	if r.exiting {
		return
	}
	if v.IsError() {
		if m := missingExportRE.FindStringSubmatch(r.js.Get(v, "message").String()); m != nil {
			msg := "The requested module '" + m[2] + "' does not provide an export named '" + m[1] + "'"
			r.js.Set(v, "message", r.js.String(msg))
			r.js.Set(v, "stack", r.js.String("SyntaxError: "+msg+"\n"))
		}
	}
	if r.listenerCount("uncaughtException") > 0 {
		r.uncaught(v, "unhandledRejection")
		return
	}
	r.fatal(v)
}

// missingExportRE is the engine's link error for a named import a module lacks.
var missingExportRE = regexp.MustCompile(`^Could not find export '(.*)' in module '(.*)'$`)

// moduleLoader resolves and loads the modules ES modules import: Node's built-ins (with
// or without node:, as a module exporting the built-in's exports) and the scenario's files.
type moduleLoader struct{ r *run }

func (l *moduleLoader) Resolve(base, spec string) (string, error) {
	r := l.r
	switch {
	case r.simulatedModule(spec) != nil:
		return "node:" + r.simulatedModule(spec).name, nil
	case strings.HasPrefix(spec, "data:"):
		return spec, nil
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "../") || strings.HasPrefix(spec, "file://"):
		path := resolveFrom(base, strings.TrimPrefix(spec, "file://"))
		if _, ok := fsKey.of(r).moduleText(path); ok {
			return path, nil
		}
		return "", &engine.LoadError{Value: loaderKey.of(r).moduleNotFound("ERR_MODULE_NOT_FOUND",
			"Cannot find module '"+path+"' imported from "+importer(base), map[string]any{"url": "file://" + path})}
	case refusedModule(spec) != nil:
		r.abort(unsupported("module '"+spec+"'", refusedModule(spec).refused))
	}
	return "", &engine.LoadError{Value: loaderKey.of(r).moduleNotFound("ERR_MODULE_NOT_FOUND",
		"Cannot find package '"+spec+"' imported from "+importer(base), nil)}
}

// importer is how Node names the module an import comes from: its path (a data: module
// keeps its URL).
func importer(base string) string {
	if strings.HasPrefix(base, "data:") {
		return base
	}
	return virtualPath(base)
}

func (l *moduleLoader) Load(name string) (*engine.Code, error) {
	r := l.r
	loaderKey.of(r).markImported(name)
	if b, ok := strings.CutPrefix(name, "node:"); ok {
		return loaderKey.of(r).builtinModule(b)
	}
	if strings.HasPrefix(name, "data:") {
		src, err := dataURLSource(name)
		if err != nil {
			return nil, &engine.LoadError{Value: r.nodeError("TypeError", "ERR_INVALID_URL", err.Error(), nil)}
		}
		return r.ex.sim.compileModule(name, src, r.prof.Has(ChangeUsing))
	}
	src, _ := fsKey.of(r).moduleText(name)
	if loaderKey.of(r).isCommonJSFile(name, src) {
		return r.ex.sim.compileModule(name, commonJSWrapper(name, src, r.prof.Has(ChangeCJSModuleExports)), false)
	}
	registerSource(r.errs, name, src, true, r.prof.Has(ChangeUsing))
	return r.ex.sim.compileModule(name, src, r.prof.Has(ChangeUsing))
}

// dataURLSource is the JavaScript a data: URL carries (data:text/javascript,CODE, its
// CODE percent-decoded, or ;base64).
func dataURLSource(u string) (string, error) {
	head, body, ok := strings.Cut(strings.TrimPrefix(u, "data:"), ",")
	mime, params, _ := strings.Cut(head, ";")
	if !ok || (mime != "text/javascript" && mime != "application/javascript") {
		return "", fmt.Errorf("Unknown module format: %s for URL %s", mime, u)
	}
	if strings.Contains(params, "base64") {
		b, err := base64.StdEncoding.DecodeString(body)
		return string(b), err
	}
	if dec, err := url.PathUnescape(body); err == nil {
		return dec, nil
	}
	return body, nil
}

// moduleNotFound is the error Node throws for a module it cannot find (code
// MODULE_NOT_FOUND from require, ERR_MODULE_NOT_FOUND from import), with props; if it
// ends the process uncaught, the run's error is module_not_found (process.go fatalFrom).
func (r *loaderModule) moduleNotFound(code, message string, props map[string]any) engine.Value {
	e := r.nodeError("Error", code, message, props)
	if r.notFound.IsObject() {
		r.js.Drop(r.notFound)
	}
	r.notFound = r.js.Keep(e)
	return e
}

// nodeError makes an error of the global constructor ctor with Node's code and the
// props (its own enumerable properties, shown by console.log).
func (r *run) nodeError(ctor, code, message string, props map[string]any) engine.Value {
	e, err := r.js.New(r.js.Get(r.js.Global(), ctor), r.js.String(message))
	if err != nil {
		return r.js.Propagate(err)
	}
	r.js.Define(e, "code", r.js.String(code), engine.Default)
	for _, k := range sortedKeys(props) {
		r.js.Define(e, k, r.val(props[k]), engine.Default)
	}
	return e
}

// registerSource tells the error reporter about a file the run executes, so V8's texts
// can quote it (the CommonJS wrapper's head shares its first line).
func registerSource(errs *v8errors.Errors, name, src string, module, using bool) {
	shown, shift := virtualPath(name), len(cjsWrapperHead)
	if module {
		shown, shift = "file://"+shown, 0
	}
	errs.AddSource(name, shown, lowered(src, name, using), shift, module)
}

// resolveFrom resolves a relative specifier against the module that imports it.
func resolveFrom(base, spec string) string {
	if strings.HasPrefix(spec, "/") {
		return spec
	}
	dir := virtualDir
	if strings.HasPrefix(base, "/") {
		dir = base[:strings.LastIndexByte(base, '/')]
	}
	return resolvePath(dir + "/" + spec)
}

// builtinModule is a built-in as an ES module: its exports object as the default export
// and each identifier-named property as a named export.
func (r *loaderModule) builtinModule(name string) (*engine.Code, error) {
	exports, _, ok := r.call(r.api.builtin, r.js.Undefined(), r.js.String(name))
	if !ok {
		return nil, errBuiltinFailed
	}
	var names []string
	for _, k := range r.js.Keys(exports) {
		if identRE.MatchString(k) && k != "default" && !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	for _, k := range modulesByName[name].esmNames {
		if !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	var b strings.Builder
	b.WriteString("const m = __looplab_builtin(" + quoteJS(name) + ");\nexport default m;\n")
	if len(names) > 0 {
		// The values come from a copy the prelude makes as Node's own work (no virtual
		// time): reading them may make lazy members and refusing stand-ins.
		b.WriteString("export const { " + strings.Join(names, ", ") + " } = __looplab_builtin(" + quoteJS(name) + ", true);\n")
	}
	return r.ex.sim.compileModule("node:"+name, b.String(), false)
}

var identRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

func quoteJS(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// resolvePath turns a relative specifier into a path under the virtual directory.
func resolvePath(spec string) string {
	if strings.HasPrefix(spec, "/") {
		spec = strings.TrimPrefix(spec, "/")
		return "/" + strings.Join(cleanParts(nil, spec), "/")
	}
	return "/" + strings.Join(cleanParts(strings.Split(strings.TrimPrefix(virtualDir, "/"), "/"), spec), "/")
}

func cleanParts(parts []string, spec string) []string {
	for _, p := range strings.Split(spec, "/") {
		switch p {
		case ".", "":
		case "..":
			if len(parts) > 0 {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, p)
		}
	}
	return parts
}

// opRequire(id, from, key) is a CommonJS require from the module at path from (the entry when
// absent): a simulated built-in, or a file of the scenario (prelude.js requireFile). A
// Node module looplab does not simulate ends the run with unsupported_api; a module
// that is not there (node:fs before the release that has R-V9) throws Node's
// MODULE_NOT_FOUND error.
func (r *loaderModule) opRequire(c *engine.Call) engine.Value {
	id := c.Arg(0).String()
	from := virtualPath(r.entry().name)
	if v := c.Arg(1); v.IsString() {
		from = v.String()
	}
	switch m := r.simulatedModule(id); {
	case strings.HasPrefix(id, "node:") && !r.prof.Has(ChangeRequireScheme):
		// before R-V9 the scheme names no module: MODULE_NOT_FOUND below
	case m != nil:
		v, exc, ok := r.call(r.api.builtin, r.js.Undefined(), r.js.String(m.name))
		if exc != nil {
			return r.js.Throw(exc.Value)
		}
		if !ok {
			return r.js.StopWith(errBuiltinFailed)
		}
		return v
	case refusedModule(id) != nil:
		r.abort(unsupported("module '"+id+"'", refusedModule(id).refused))
	case strings.HasPrefix(id, "./") || strings.HasPrefix(id, "../") || strings.HasPrefix(id, "/") || id == "." || id == "..":
		if path, ok := r.findFile(resolveFrom(from, id)); ok {
			return r.requireFile(path, c.Arg(2))
		}
	}
	return r.js.Throw(r.moduleNotFound("MODULE_NOT_FOUND", "Cannot find module '"+id+"'\nRequire stack:\n- "+from,
		map[string]any{"requireStack": []any{from}}))
}

// opResolve(id, from) is require.resolve: a built-in's name, or the path of the file
// require would load; a module that is not there throws MODULE_NOT_FOUND.
func (r *loaderModule) opResolve(c *engine.Call) engine.Value {
	id, from := c.Arg(0).String(), c.Arg(1).String()
	if m := r.simulatedModule(id); m != nil || refusedModule(id) != nil {
		return r.js.String(id)
	}
	if strings.HasPrefix(id, "./") || strings.HasPrefix(id, "../") || strings.HasPrefix(id, "/") {
		if path, ok := r.findFile(resolveFrom(from, id)); ok {
			return r.js.String(path)
		}
	}
	return r.js.Throw(r.moduleNotFound("MODULE_NOT_FOUND", "Cannot find module '"+id+"'\nRequire stack:\n- "+from,
		map[string]any{"requireStack": []any{from}}))
}

// findFile is the file require loads for path: the path itself, with .js or .json
// added, or the index.js or index.json of the directory path.
func (r *loaderModule) findFile(path string) (string, bool) {
	for _, p := range []string{path, path + ".js", path + ".json", path + "/index.js", path + "/index.json"} {
		if _, ok := fsKey.of(r.run).moduleText(p); ok {
			return p, true
		}
	}
	return "", false
}

var errBuiltinFailed = &exitSignal{code: 1, err: newError(CodeInternal, "a built-in module failed to load")}

// requireFile loads the scenario file at path as a CommonJS module, or a .json file as
// its parsed value (once: prelude.js requireFile caches the exports); key is what
// makeRequire remembers the resolution by (undefined: nothing).
func (r *loaderModule) requireFile(path string, key engine.Value) engine.Value {
	src, _ := fsKey.of(r.run).moduleText(path)
	wrapped := cjsWrapperHead + src + cjsWrapperTail
	if strings.HasSuffix(path, ".json") {
		wrapped = cjsWrapperHead + "module.exports = JSON.parse(" + strconv.Quote(src) + ");" + cjsWrapperTail
	}
	code, err := r.ex.sim.compileScript(path, wrapped, r.prof.Has(ChangeUsing))
	if err != nil {
		r.abort(newError(CodeSyntax, "%s", err.Error()))
	}
	registerSource(r.errs, path, src, false, r.prof.Has(ChangeUsing))
	fn, err := r.js.Run(code)
	if err != nil {
		return r.js.Propagate(err)
	}
	v, exc, ok := r.call(r.api.requireFile, r.js.Undefined(), r.js.String(path), fn, key)
	if exc != nil {
		return r.js.Throw(exc.Value)
	}
	if !ok {
		return r.js.StopWith(errBuiltinFailed)
	}
	return v
}

// The CommonJS wrapper keeps the user's line numbers: the header shares line 1, as Node's does.
const (
	cjsWrapperHead = "(function (exports, require, module, __filename, __dirname) { "
	cjsWrapperTail = "\n})"
)

// lowered is src, the module or script named name, with the constructs the engine gets
// wrong rewritten (sim/internal/lower): for await loops, import() calls, which go
// through the prelude's dynamicImport to take the promise jobs Node's loader takes, and
// with using (a release that has R-V31) `using` declarations, which the engine cannot
// parse.
func lowered(src, name string, using bool) string {
	out, _ := lower.ForAwait(src)
	out, _ = lower.DynamicImport(out, name)
	if using {
		out, _ = lower.Using(out)
	}
	return out
}

// opImportJobs(base, specifier) resolves an import() of specifier by the module named
// base and returns [the resolved name, the promise jobs to wait before the engine's own
// import]: Node's loader settles the first import() of a module, and one already
// imported (statically or not), after the profile's DynamicImportJobs.
func (r *loaderModule) opImportJobs(c *engine.Call) engine.Value {
	name, _ := (&moduleLoader{r: r.run}).Resolve(c.Arg(0).String(), c.Arg(1).String())
	jobs := r.prof.DynamicImportJobs
	wait := jobs.First
	if r.imported[name] {
		wait = jobs.Again
	}
	r.markImported(name)
	return r.val([]any{name, wait})
}

// markImported records that the ES module loader has been asked for module name.
func (r *loaderModule) markImported(name string) {
	if r.imported == nil {
		r.imported = map[string]bool{}
	}
	r.imported[name] = true
}

// ---- positions -------------------------------------------------------------------------

// callerPos is the line and column of the innermost frame in user code (the entry
// program or one of the scenario's files), or the line of the callback running now when
// JS is not running user code.
func (r *run) callerPos() (int, int) {
	if !r.tracing() || r.js == nil {
		return 0, 0
	}
	if line, col, ok := r.js.FirstFrame(r.isUserSource); ok {
		return line, col
	}
	return r.curLine, 0 // work a built-in started on its own: charge the callback's line
}

// opStackLines returns the stack as Node prints it under console.trace.
func (r *run) opStackLines(c *engine.Call) engine.Value {
	frames := r.js.Frames(nil, 10)
	var b strings.Builder
	for i, f := range frames {
		if i > 0 {
			b.WriteByte('\n')
		}
		name := f.Function
		if name == "" || name == "<eval>" {
			name = "Object.<anonymous>"
		}
		b.WriteString("    at " + name + " (" + virtualPath(f.File) + ":" + itoa(f.Line) + ":" + itoa(f.Column) + ")")
	}
	return r.js.String(b.String())
}

// asException reports whether err is a JS exception, setting *exc.
func asException(err error, exc **engine.Exception) bool {
	e, ok := err.(*engine.Exception)
	if ok {
		*exc = e
	}
	return ok
}

// ImportMeta is import.meta of an ES module: Node's url, filename and dirname, and
// resolve.
func (l *moduleLoader) ImportMeta(name string, meta engine.Value) {
	js := l.r.js
	path := virtualPath(name)
	js.Define(meta, "dirname", js.String(path[:strings.LastIndexByte(path, '/')]), engine.Default)
	js.Define(meta, "filename", js.String(path), engine.Default)
	js.Define(meta, "resolve", js.Function("resolve", 1, func(c *engine.Call) engine.Value {
		spec := c.Arg(0).String()
		if name, ok := strings.CutPrefix(spec, "node:"); ok || lookupModule(spec) != nil {
			return c.R.String("node:" + name)
		}
		return c.R.String("file://" + resolveFrom(name, spec))
	}), engine.Default)
	js.Define(meta, "url", js.String("file://"+path), engine.Default)
}
