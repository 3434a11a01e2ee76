package sim

import (
	"slices"

	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/grafana/sobek"
)

// hostFn is a Go function exposed to the prelude on the host object.
type hostFn func(r *run, call sobek.FunctionCall) sobek.Value

// installHost builds the host object, runs the prelude (which captures the host object
// privately and builds each Node global on first use) and makes the global object's
// prototype the lazy globals (lazyGlobals), through which the program reaches them.
func (r *run) installHost() {
	rt := r.rt
	host := rt.NewDynamicObject(&lazyHost{r: r})
	r.host = host
	preludeFn := mustCallable(r.ex.sim.builtins.instantiate(rt, "prelude"))
	f := r.ex.code.features
	api, err := preludeFn(sobek.Undefined(), host, rt.GlobalObject(), rt.ToValue(f.guards), rt.ToValue(f.aggregate))
	if err != nil {
		if ex, ok := err.(*sobek.Exception); ok {
			panic("sim: prelude failed: " + ex.String())
		}
		panic("sim: prelude failed: " + fmt.Sprint(err))
	}
	obj := api.ToObject(rt)
	r.tramp = mustCallable(obj.Get("trampoline"))
	r.useFn = mustCallable(obj.Get("use"))
	globals := rt.NewDynamicObject(&lazyGlobals{r: r})
	if err := rt.GlobalObject().SetPrototype(globals); err != nil {
		panic("sim: lazy globals: " + err.Error())
	}
}

// use returns the prelude's part called name (prelude.js make), building it on first use.
func (r *run) use(name string) sobek.Value {
	r.primeStack()
	v, err := r.useFn(sobek.Undefined(), r.rt.ToValue(name))
	if err != nil {
		panic(err)
	}
	return v
}

// lazyGlobals is the global object's prototype. A Node global (process, console, the
// timer functions, Buffer, ...) is built the first time a program reads it and then
// becomes an own property of the global object, enumerable or not as in Node; until then
// only this object knows it, so a run pays for the globals its program reaches.
type lazyGlobals struct {
	r    *run
	made uint64 // bit i: lazyGlobalNames[i] was built (a deleted global stays deleted)
}

// lazyGlobalNames are the globals lazyGlobals builds (at most 64: made is a bit set).
// The unsimulated ones (from firstUnsimulatedGlobal on) end the run with unsupported_api
// when read, instead of a ReferenceError real Node would never throw.
var lazyGlobalNames = [...]string{"global", "process", "console", "setTimeout", "setInterval", "setImmediate",
	"clearTimeout", "clearInterval", "clearImmediate", "queueMicrotask", "busy", "performance", "Buffer", "URL",
	"URLSearchParams", "TextEncoder", "TextDecoder", "structuredClone", "fetch", "__looplab_builtin",
	"MessageChannel", "MessagePort",
	"AbortController", "AbortSignal", "EventTarget", "Event", "BroadcastChannel", "Blob", "crypto", "DOMException",
	"Headers", "Request", "Response", "FormData", "WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics",
	"WebAssembly"}

// firstUnsimulatedGlobal is the index in lazyGlobalNames of the first global of Node
// v20 looplab does not simulate; the rest after it are unsimulated too.
var firstUnsimulatedGlobal = slices.Index(lazyGlobalNames[:], "AbortController")

func lazyGlobalIndex(key string) int {
	for i, n := range lazyGlobalNames {
		if n == key {
			return i
		}
	}
	return -1
}

func (g *lazyGlobals) Get(key string) sobek.Value {
	i := lazyGlobalIndex(key)
	if i < 0 || g.made&(1<<i) != 0 {
		return nil
	}
	g.made |= 1 << i
	r := g.r
	global := r.rt.GlobalObject()
	var v sobek.Value
	if i >= firstUnsimulatedGlobal {
		r.abort(newError(CodeUnsupported, "the global %s is not simulated by looplab", key))
		return sobek.Undefined()
	}
	switch key {
	case "global":
		v = global
	case "MessageChannel", "MessagePort": // Node 20's globals, worker_threads' classes
		builtin, _ := sobek.AssertFunction(r.use("builtin"))
		exports, err := builtin(sobek.Undefined(), r.rt.ToValue("worker_threads"))
		if err != nil {
			panic(err)
		}
		v = exports.ToObject(r.rt).Get(key)
	case "__looplab_builtin": // the ES-module wrappers of built-ins call it (entry.go)
		v = r.use("builtin")
	case "console", "process", "setTimeout", "setInterval", "setImmediate":
		v = r.goPart(key) // Go's; prelude.js's use reaches the same object through host.make
	default:
		v = r.use(key)
	}
	switch key {
	case "busy", "__looplab_builtin": // looplab's own: fixed and hidden
		_ = global.DefineDataProperty(key, v, sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	case "process", "console", "Buffer", "URL", "URLSearchParams", "TextEncoder", "TextDecoder":
		_ = global.DefineDataProperty(key, v, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	default: // enumerable, as in Node (Object.keys(globalThis) lists the timer functions)
		_ = global.Set(key, v)
	}
	return v
}

func (g *lazyGlobals) Has(key string) bool {
	i := lazyGlobalIndex(key)
	return i >= 0 && g.made&(1<<i) == 0
}
func (g *lazyGlobals) Set(string, sobek.Value) bool { return false }
func (g *lazyGlobals) Delete(string) bool           { return true }
func (g *lazyGlobals) Keys() []string               { return nil }

// lazyHost is the host object seen from JS: a Go function becomes a JS function object
// only when the prelude first reads it (creating them all costs more than most runs).
type lazyHost struct {
	r    *run
	made map[string]sobek.Value
}

func (h *lazyHost) Get(key string) sobek.Value {
	if v, ok := h.made[key]; ok {
		return v
	}
	if key == "tracing" { // a property, not a function: whether the run records a trace
		return h.r.rt.ToValue(h.r.tracing())
	}
	fn, ok := hostFunctions[key]
	if !ok {
		return nil
	}
	r := h.r
	v := r.rt.ToValue(func(call sobek.FunctionCall) sobek.Value { return fn(r, call) })
	if h.made == nil {
		h.made = map[string]sobek.Value{}
	}
	h.made[key] = v
	return v
}

func (h *lazyHost) Set(string, sobek.Value) bool { return false }
func (h *lazyHost) Has(key string) bool          { _, ok := hostFunctions[key]; return ok }
func (h *lazyHost) Delete(string) bool           { return false }
func (h *lazyHost) Keys() []string               { return sortedKeys(hostFunctions) }

func mustCallable(v sobek.Value) sobek.Callable {
	fn, ok := sobek.AssertFunction(v)
	if !ok {
		panic("sim: prelude did not export a function")
	}
	return fn
}

// hConfig is what the prelude needs to know about the run: file names, argv, env, the
// start time (prelude.js make('config'), on first use).
func (r *run) hConfig(sobek.FunctionCall) sobek.Value {
	rt := r.rt
	cfg := rt.NewObject()
	name := r.ex.prog.Name
	if r.iso.worker != nil {
		name = r.iso.name
	}
	_ = cfg.Set("filename", virtualPath(name))
	_ = cfg.Set("dirname", virtualDir)
	_ = cfg.Set("module", string(r.ex.prog.Module))
	argv := []any{"/usr/local/bin/node", virtualPath(name)}
	for _, a := range r.sc.Argv {
		argv = append(argv, a)
	}
	_ = cfg.Set("argv", rt.NewArray(argv...))
	env := rt.NewObject()
	for _, k := range sortedKeys(r.sc.Env) {
		_ = env.Set(k, r.sc.Env[k])
	}
	if r.sc.Env["UV_THREADPOOL_SIZE"] == "" {
		_ = env.Set("UV_THREADPOOL_SIZE", strconv.Itoa(r.sc.ThreadPool))
	}
	_ = cfg.Set("env", env)
	_ = cfg.Set("epochMS", simEpoch.UnixMilli())
	return cfg
}

// virtualDir is the working directory and the entry file's directory inside the sim.
const virtualDir = "/app"

func virtualPath(name string) string {
	if strings.HasPrefix(name, "/") {
		return name
	}
	return virtualDir + "/" + name
}

// callerPos is the line and column of the innermost frame in user code (the entry
// program or one of the scenario's files), or 0 when JS is not running user code.
func (r *run) callerPos() (int, int) {
	if !r.tracing() {
		return 0, 0
	}
	r.stackBuf = r.rt.CaptureCallStack(32, r.stackBuf[:0])
	for i := range r.stackBuf {
		f := &r.stackBuf[i]
		if r.isUserSource(f.SrcName()) {
			p := f.Position()
			return p.Line, p.Column
		}
	}
	return r.curLine, 0 // work a built-in started on its own: charge the callback's line
}

func (r *run) isUserSource(name string) bool {
	if name == r.ex.prog.Name {
		return true
	}
	_, ok := r.sc.Files[name]
	return ok
}

// callbackLabel names a callback for the trace: its function name, or what scheduled it.
func (r *run) callbackLabel(kind string, fn sobek.Value) string {
	if !r.tracing() {
		return kind
	}
	if obj, ok := fn.(*sobek.Object); ok {
		if n := obj.Get("name"); n != nil && n.String() != "" {
			return kind + " " + n.String()
		}
	}
	return kind + " callback"
}

// maxCallbackCosts bounds Summary.Callbacks (the first ones are kept).
const maxCallbackCosts = 10_000

// invokeCallback runs fn(args) as a macrotask callback (a callback boundary, R-CB1),
// counting it against the step budget and recording its CPU time.
func (r *run) invokeCallback(label string, fn sobek.Value, this sobek.Value, args []sobek.Value) {
	if r.exiting {
		return
	}
	r.countStep()
	start := r.now
	r.invoke(label, fn, this, args)
	r.curLine = 0
	if len(r.summary.Callbacks) < maxCallbackCosts {
		r.summary.Callbacks = append(r.summary.Callbacks, CallbackCost{Label: label, Phase: string(r.phase), StartUS: start, CPUUS: r.now - start})
	}
}

// writeOut appends console output to stdout (fd 1) or stderr (fd 2), line by line.
func (r *run) writeOut(fd int, text string) {
	if p := r.iso.parent; p != nil {
		p.writeOut(fd, text) // a worker's output goes to the process's stdout/stderr
		return
	}
	r.outSize += int64(len(text)) + 1
	if r.outSize > r.sc.Limits.MaxOutputBytes {
		r.abort(newError(CodeOutputBudget, "the program printed more than %d bytes", r.sc.Limits.MaxOutputBytes))
		return
	}
	var lines []string
	if strings.IndexByte(text, '\n') < 0 {
		lines = []string{text} // the common case: no slice of lines to build
	} else {
		lines = strings.Split(text, "\n")
	}
	if fd == 2 {
		r.stderr = append(r.stderr, lines...)
	} else {
		r.stdout = append(r.stdout, lines...)
	}
	if r.trace {
		r.console = append(r.console, lines...) // kept whole even when the trace is full
	}
}

func (r *run) writeErr(text string) { r.writeOut(2, text) }

// exceptionType is the Go type of a value that wraps an engine *Exception: the engine
// rejects an ES module's evaluation with one (a missing named import, for one).
var exceptionType = reflect.TypeFor[*sobek.Exception]()

// unwrapException returns the JS error a wrapped *Exception holds, else v.
func unwrapException(v sobek.Value) sobek.Value {
	if obj, ok := v.(*sobek.Object); ok && obj.ExportType() == exceptionType {
		if exc, ok := obj.Export().(*sobek.Exception); ok {
			return exc.Value()
		}
	}
	return v
}

// errorText renders an error value for stderr: its stack if it has one, else String(v).
func (r *run) errorText(v sobek.Value) string {
	v = unwrapException(v)
	if obj, ok := v.(*sobek.Object); ok {
		if s := obj.Get("stack"); s != nil && !sobek.IsUndefined(s) {
			return "Uncaught " + s.String()
		}
	}
	if v == nil {
		return "Uncaught undefined"
	}
	return "Uncaught " + inspectValue(r.rt, v)
}
