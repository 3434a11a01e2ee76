package sim

import (
	"context"
	"embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

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
}

// setup makes the run's JS runtime: its heap limited by the scenario, interrupts checked
// against the run's budgets, the seeded Math.random, and the prelude installed.
func (r *run) setup() {
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
	r.jsCost.internal++ // the runtime's and the prelude's set-up cost no virtual time
	defer func() { r.jsCost.internal-- }()
	if r.trace {
		// The trace sees each promise job at the operation that queues it (microtasks.go).
		js.SetInterruptInterval(1)
	}
	js.SetRandomSeed(uint64(r.sc.Seed))
	errs, err := v8errors.Install(js, v8errors.Options{Major: r.prof.major()})
	if err != nil {
		panic("sim: v8errors: " + err.Error())
	}
	r.errs = errs
	r.installNativeModels()
	r.ins = inspect.NewFor(js, r.prof.major())
	js.SetRejectionTracker(r.trackRejection)
	js.SetModuleLoader(&moduleLoader{r: r})
	r.installPrelude()
	r.removeAbsentAPIs()
	r.chargeJS()
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
	host := js.Function("hostcall", 1, r.hostcall)
	api, err := js.Call(fn, js.Undefined(), host, js.Global(), r.config())
	if err != nil {
		panic("sim: prelude failed: " + err.Error())
	}
	get := func(name string) engine.Value { return js.Keep(js.Get(api, name)) }
	r.api = jsAPI{
		obj: js.Keep(api), emit: get("emit"), listenerCount: get("listenerCount"), exitCode: get("exitCode"),
		setExitCode: get("setExitCode"), setExiting: get("setExiting"), builtin: get("builtin"),
		requireFile: get("requireFile"), unhandledRejErr: get("unhandledRejectionError"),
	}
}

// config is what the prelude needs to know about the run: file names, argv, env, the
// start time, the Node version it is.
func (r *run) config() engine.Value {
	name := r.ex.prog.Name
	if r.iso.worker != nil {
		name = r.iso.name
	}
	argv := []any{"/usr/local/bin/node", virtualPath(name)}
	for _, a := range r.sc.Argv {
		argv = append(argv, a)
	}
	env := map[string]any{}
	for k, v := range r.sc.Env {
		env[k] = v
	}
	if r.sc.Env["UV_THREADPOOL_SIZE"] == "" {
		env["UV_THREADPOOL_SIZE"] = strconv.Itoa(r.sc.ThreadPool)
	}
	p := r.prof
	return r.val(map[string]any{
		"filename":       virtualPath(name),
		"dirname":        virtualDir,
		"module":         string(r.ex.prog.Module),
		"argv":           argv,
		"env":            env,
		"epochMS":        simEpoch.UnixMilli(),
		"version":        "v" + p.Version,
		"versions":       p.versions(),
		"release":        map[string]any{"name": "node", "lts": p.LTS},
		"forAwaitGlobal": lower.Helper,
		"importGlobal":   lower.ImportHelper,
	})
}

// onInterrupt is the engine's check every few thousand operations: it charges the
// JavaScript's CPU to virtual time and stops a run that is past a budget or whose caller
// went away.
func (r *run) onInterrupt() error {
	r.chargeJS()
	if r.trace {
		if r.tracing() && r.jsCost.budget < traceFineOps {
			r.micro.atInterrupt(r)
		} else {
			r.js.SetInterruptInterval(engine.InterruptInterval) // the trace is full
		}
	}
	if err := r.budgetError(); err != nil {
		return &exitSignal{code: 1, err: err}
	}
	if r.jsCost.budget-r.lastWallCheck < engine.InterruptInterval {
		return nil
	}
	r.lastWallCheck = r.jsCost.budget
	if r.ex.ctx.Err() != nil {
		return &exitSignal{code: 1, err: newError(CodeCancelled, "the simulation was canceled: %v", context.Cause(r.ex.ctx))}
	}
	if time.Now().After(r.deadline) {
		return &exitSignal{code: 1, err: newError(CodeTimeBudget, "the program ran longer than the %d ms wall-clock budget", r.sc.Limits.WallMS)}
	}
	return nil
}

// stopReason is why a run whose runtime was stopped from outside stopped.
func (r *run) stopReason() *Error {
	if r.ex.ctx.Err() != nil {
		return newError(CodeCancelled, "the simulation was canceled")
	}
	return newError(CodeTimeBudget, "the program ran longer than the %d ms wall-clock budget", r.sc.Limits.WallMS)
}
