package sim

import (
	"embed"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/inspect"
	"github.com/looplab/looplab/sim/internal/lower"
	"github.com/looplab/looplab/sim/internal/v8errors"
)

//go:embed js/*.js
var jsFiles embed.FS

// builtinCode holds the compiled JS of the prelude and of every built-in module, each
// compiled on first use and shared by every run. Each file is a single function
// expression; a run evaluates it in its own runtime to get the function and calls it.
type builtinCode struct {
	mu    sync.Mutex
	codes map[string]*engine.Code
}

// code returns the compiled file js/name.js, the host operation constants prepended.
func (bc *builtinCode) code(name string) (*engine.Code, error) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if c, ok := bc.codes[name]; ok {
		return c, nil
	}
	src, err := builtinSource(name)
	if err != nil {
		return nil, err
	}
	// The constants share the file's first line, so line numbers stay the file's.
	prefix := jsConstants()
	if name == "prelude" {
		prefix += " " + jsRefusedGlobals()
	}
	if name == "prelude_modules" {
		prefix += " " + jsHostObject() + " " + jsModuleTable()
	}
	c, err := engine.CompileLibrary("{ "+prefix+" "+string(src)+"\n}", "node:"+strings.ReplaceAll(name, "_", "/"))
	if err != nil {
		panic("sim: built-in " + name + ": " + err.Error()) // a build defect
	}
	if bc.codes == nil {
		bc.codes = map[string]*engine.Code{}
	}
	bc.codes[name] = c
	return c, nil
}

// builtinSource is the JS of built-in name: js/name.js, or the runtime half of the
// lowered `for await` loops (sim/internal/lower), which lives beside its rewriter.
func builtinSource(name string) ([]byte, error) {
	if name == forAwaitBuiltin {
		return []byte(lower.HelperSource), nil
	}
	src, err := jsFiles.ReadFile("js/" + name + ".js")
	if err != nil {
		return nil, fmt.Errorf("sim: no built-in %s", name)
	}
	return src, nil
}

// forAwaitBuiltin names lower.HelperSource among the built-ins; the prelude defines the
// global lower.Helper (config.forAwaitGlobal) from it on first read.
const forAwaitBuiltin = "forawait"

// instantiate evaluates a built-in's function expression in js and returns the function.
func (bc *builtinCode) instantiate(js *engine.Runtime, name string) (engine.Value, error) {
	c, err := bc.code(name)
	if err != nil {
		return js.Undefined(), err
	}
	return js.Run(c)
}

// jsAPI is what Go calls of the prelude (prelude.js returns it).
type jsAPI struct {
	obj                              engine.Value
	emit, listenerCount, exitCode    engine.Value
	setExitCode, setExiting, builtin engine.Value
	requireFile, unhandledRejErr     engine.Value
	config                           engine.Value // the object prelude.js reads the run's configuration from
	configured                       engine.Value // gives what the set-up made the run's configuration
	serializeError                   engine.Value
}

// setup gives the run its JS runtime: a warm one (warm.go) for a main thread, a fresh
// one for a worker, configured for this run (its heap and call-depth limits, its
// budgets' interrupt checks, the seeded Math.random, its program's file names, argv
// and env).
func (r *run) setup() {
	if r.iso.worker != nil {
		r.setupFresh()
		return
	}
	r.takeWarm()
}

// setupFresh makes a runtime of the run's own and sets it up.
func (r *run) setupFresh() {
	js, err := engine.New(engine.Config{
		MemoryLimit:   r.sc.Limits.MaxHeapMB << 20,
		MaxStackSlots: r.sc.Limits.MaxCallDepth,
		Host:          r,
		OnInterrupt:   r.onInterrupt,
	})
	if err != nil {
		panic(&exitSignal{code: 1, err: newError(CodeMemoryLimit, "%v", err)})
	}
	r.js = js
	r.prepareRuntime(false)
	r.configureRun()
}

// prepareRuntime installs in r.js what every run of the profile has: V8's error texts,
// the modelled built-ins, the prelude (and, for a warm runtime, util.inspect). What it
// installs must not depend on the program: a warm runtime serves many (configureRun
// gives each its own).
func (r *run) prepareRuntime(warm bool) {
	js := r.js
	r.jsCost.internal++ // the runtime's and the prelude's set-up cost no virtual time
	defer func() { r.jsCost.internal-- }()
	errs, err := v8errors.Install(js, v8errors.Options{Major: r.prof.major(), Release: r.prof.Version})
	if err != nil {
		panic("sim: v8errors: " + err.Error())
	}
	r.errs = errs
	r.installNativeModels()
	if warm {
		// Installed once, util.inspect costs a warm runtime's runs nothing.
		if r.ins, err = inspect.InstallFor(js, r.prof.major()); err != nil {
			panic("sim: inspect: " + err.Error())
		}
	} else {
		r.ins = inspect.NewFor(js, r.prof.major())
	}
	r.installPrelude()
	r.removeAbsentAPIs()
	if warm {
		for _, name := range warmModules {
			if !r.prof.HasAPI(name) {
				continue
			}
			if _, _, ok := r.call(r.api.builtin, js.Undefined(), js.String(name)); !ok {
				panic("sim: loading " + name + " into a warm runtime failed")
			}
		}
		r.makeWarmGlobals()
	}
}

// warmGlobals are the lazy globals (prelude.js lazyGlobal) a warm runtime has made before
// any program runs: nearly every program reads some of them, and making one in a run
// (process compiles its part of the prelude) cost more than the program itself. A global
// the profile's release lacks was deleted before (removeAbsentAPIs) and reads undefined.
var warmGlobals = []string{"process", "console", "setTimeout", "setImmediate", "setInterval", "clearTimeout",
	"clearImmediate", "clearInterval", "queueMicrotask", "performance", "Buffer"}

// makeWarmGlobals reads each of warmGlobals once, which makes it a data property.
func (r *run) makeWarmGlobals() {
	js := r.js
	mark := js.Mark()
	defer js.Unwind(mark)
	for _, name := range warmGlobals {
		js.Get(js.Global(), name)
	}
}

// warmModules are the built-in modules a warm runtime has loaded before any program
// runs, as Node has its own: the ones quiz programs require most, and buffer, stream
// and crypto (a program that reads a file, hashes or runs pbkdf2 on the pool loads them
// all: 1.9 ms a run when each run compiled them). Restored with the runtime's heap after
// each run; each costs some 100-800 us to load.
var warmModules = []string{"fs", "events", "util", "timers/promises", "buffer", "stream", "crypto"}

// configureRun gives the prepared runtime to this run. The set-up's work counts against
// no budget: a run starts at zero on a warm runtime and on a fresh one alike.
func (r *run) configureRun() {
	js := r.js
	js.SetHost(r, r.onInterrupt)
	js.SetLimits(r.sc.Limits.MaxHeapMB<<20, r.sc.Limits.MaxCallDepth)
	js.JoinHeapGroup(r.heapGroup())
	js.SetThenHook(nil)
	if r.rec.trace {
		// The trace sees each promise job at the operation that queues it, and where
		// each .then was called (microtasks.go).
		js.SetInterruptInterval(1)
		r.micro.thens = map[uintptr]site{}
		js.SetThenHook(func(p uintptr) { r.micro.onThen(r, p) })
	}
	js.SetRandomSeed(uint64(r.sc.Seed))
	js.SetRejectionTracker(r.trackRejection)
	js.SetModuleLoader(&moduleLoader{r: r})
	for k, v := range r.programConfig() {
		if err := js.Set(r.api.config, k, r.val(v)); err != nil {
			panic("sim: config: " + err.Error())
		}
	}
	r.jsCost = jsCost{last: js.Work(), internal: 1}
	if _, err := js.Call(r.api.configured, js.Undefined()); err != nil {
		panic("sim: config: " + err.Error())
	}
	r.jsCost = jsCost{last: js.Work()}
}

// heapGroup is the heap limit the run's runtimes share (Limits.MaxHeapMB for the main
// thread and its workers together), made by the main thread's run.
func (r *run) heapGroup() *engine.HeapGroup {
	if p := r.iso.parent; p != nil {
		return p.heapGroup()
	}
	if r.memory == nil {
		r.memory = engine.NewHeapGroup(r.sc.Limits.MaxHeapMB << 20)
	}
	return r.memory
}

// removeAbsentAPIs takes away the globals and built-ins the profile's release lacks
// (R-V8): a profile is a whole runtime.
func (r *run) removeAbsentAPIs() {
	code := r.prof.absenceCode()
	if code == nil {
		return
	}
	fn, err := r.js.Run(code)
	if err == nil {
		_, err = r.js.Call(fn, r.js.Undefined())
	}
	if err != nil {
		panic("sim: removing the absent APIs: " + err.Error())
	}
}

// installPrelude runs prelude.js with the host function, the global object and the
// run's configuration, and keeps the functions it returns.
func (r *run) installPrelude() {
	js := r.js
	fn, err := r.ex.sim.builtins.instantiate(js, "prelude")
	if err != nil {
		panic("sim: prelude: " + err.Error())
	}
	// The host function serves whichever run the runtime serves (Runtime.Host).
	host := js.Function("hostcall", 1, func(c *engine.Call) engine.Value { return c.R.Host().(*run).hostcall(c) })
	config := js.Keep(r.config())
	api, err := js.Call(fn, js.Undefined(), host, js.Global(), config)
	if err != nil {
		panic("sim: prelude failed: " + err.Error())
	}
	get := func(name string) engine.Value { return js.Keep(js.Get(api, name)) }
	r.api = jsAPI{
		obj: js.Keep(api), emit: get("emit"), listenerCount: get("listenerCount"), exitCode: get("exitCode"),
		setExitCode: get("setExitCode"), setExiting: get("setExiting"), builtin: get("builtin"),
		requireFile: get("requireFile"), unhandledRejErr: get("unhandledRejectionError"), config: config,
		serializeError: get("serializeError"), configured: get("configured"),
	}
}

// config is what the prelude needs to know: the Node version it is and the rest of
// its profile, and a stand-in for the program's part (setupProgramConfig), which
// configureRun sets for each run.
func (r *run) config() engine.Value {
	p := r.prof
	cfg := map[string]any{
		"dirname":  virtualDir,
		"epochMS":  simEpoch.UnixMilli(),
		"version":  "v" + p.Version,
		"versions": p.versions(),
		"release":  map[string]any{"name": "node", "lts": p.LTS},
		// the globals lowered for-await loops and import() calls use (sim/internal/lower)
		"forAwaitGlobal": lower.Helper,
		"importGlobal":   lower.ImportHelper,
		"usingGlobal":    lower.UsingHelper,
	}
	maps.Copy(cfg, setupProgramConfig)
	return r.val(cfg)
}

// setupProgramConfig stands for the program's part of the configuration while a runtime
// is set up: a warm runtime's checkpoint must not depend on the run that happens to make
// it (its file name's length moved the heap a page, and later runs' timings with it), and
// configureRun gives every run, warm or fresh, its own before its program runs.
var setupProgramConfig = map[string]any{"filename": virtualPath("main.js"), "module": string(CommonJS),
	"argv": []any{"/usr/local/bin/node", virtualPath("main.js")}, "env": map[string]any{},
	"pid": fakePID, "ppid": fakePID - 1, "execArgv": []any{}}

// machineEnv is the simulated machine's environment, under the scenario's: the user of
// os.userInfo() (sim/js/os.js) in a login shell, in the program's folder.
var machineEnv = map[string]string{
	"HOME": "/home/looplab", "LOGNAME": "looplab", "USER": "looplab", "SHELL": "/bin/bash",
	"PATH": "/usr/local/bin:/usr/bin:/bin", "PWD": virtualDir,
}

// programConfig is the program's part of the prelude's configuration: its file names,
// its kind of module, argv and env.
func (r *run) programConfig() map[string]any {
	if p := r.iso.proc; p != nil && r.iso.worker == nil {
		return r.childConfig(p)
	}
	name := r.ex.prog.Name
	if r.iso.worker != nil {
		name = r.iso.name
	}
	argv := []any{"/usr/local/bin/node", virtualPath(name)}
	for _, a := range r.sc.Argv {
		argv = append(argv, a)
	}
	env := map[string]any{}
	for k, v := range machineEnv {
		env[k] = v
	}
	for k, v := range r.sc.Env {
		env[k] = v
	}
	if r.sc.Env["UV_THREADPOOL_SIZE"] == "" {
		env["UV_THREADPOOL_SIZE"] = strconv.Itoa(r.sc.ThreadPool)
	}
	return map[string]any{"filename": virtualPath(name), "module": string(r.ex.prog.Module), "argv": argv, "env": env,
		"pid": fakePID, "ppid": fakePID - 1, "execArgv": []any{}, "dirname": virtualDir}
}

// onInterrupt is the engine's check every few thousand operations: it charges the
// JavaScript's CPU to virtual time and stops a run that is past a budget or whose caller
// went away.
func (r *run) onInterrupt() error {
	r.chargeJS()
	if r.rec.trace {
		if r.tracing() && r.jsCost.budget < traceFineOps {
			r.micro.atInterrupt(r)
		} else {
			r.js.SetInterruptInterval(engine.InterruptInterval) // the trace is full
		}
	}
	if err := r.budgetError(); err != nil {
		return &exitSignal{code: 1, err: err}
	}
	if r.jsCost.budget-r.lastBackstopCheck < engine.InterruptInterval {
		return nil
	}
	r.lastBackstopCheck = r.jsCost.budget
	if err := r.backstopError(); err != nil {
		return &exitSignal{code: 1, err: err}
	}
	return nil
}

// stopReason is why a run whose runtime was stopped from outside stopped.
func (r *run) stopReason() *Error {
	if r.ex.ctx.Err() != nil {
		return newError(CodeCancelled, "the simulation was canceled")
	}
	return r.ex.cpuError()
}
