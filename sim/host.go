package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// hostOp is one operation of the Go host that the JavaScript side calls through the
// single host function hostcall(H_name, ...args) (prelude.js, js/*.js). One host
// function for all of them: a host function costs a run a function object, and most
// programs reach a handful of operations.
type hostOp struct {
	name string
	fn   func(r *run, c *engine.Call) engine.Value
}

// hostOps is the operation table (registry.go hostOpTable); an operation's index is its
// code, which the JS side knows as the constant H_name (jsConstants). It is set in init:
// operations refer to it.
var hostOps []hostOp

// coreOps are the runtime's own operations, which no one module owns: the module
// system, the trace, CPU and virtual time, and the loop's queues every module uses.
func coreOps() []hostOp {
	return []hostOp{
		// the module system and the trace
		{"factory", (*run).opFactory},
		{"internal", (*run).opInternal},
		{"require", loaderKey.op((*loaderModule).opRequire)},
		{"importJobs", loaderKey.op((*loaderModule).opImportJobs)},
		{"resolve", loaderKey.op((*loaderModule).opResolve)},
		{"unsupported", (*run).opUnsupported},
		{"moduleSurface", (*run).opModuleSurface},
		{"nodeValues", (*run).opNodeValues},
		{"classOf", (*run).opClassOf},
		{"tracing", (*run).opTracing},
		{"trace", (*run).opTrace},
		// CPU and time
		{"nowUS", (*run).opNowUS},
		{"cpuUS", (*run).opCPUUS},
		{"busy", (*run).opBusy},
		{"cpu", (*run).opCPU},
		{"cost", (*run).opCost},
		// the loop's queues
		{"poolJob", (*run).opPoolJob},
		{"kernelEvent", (*run).opKernelEvent},
		{"pollNext", (*run).opPollNext},
		{"handleRef", (*run).opHandleRef},
		{"queueClose", (*run).opQueueClose},
		// the release simulated (profile.go)
		{"hasChange", (*run).opHasChange},
		{"absentExports", (*run).opAbsentExports},
		// memory shared between threads (the globals SharedArrayBuffer and Atomics)
		{"shareBuffer", workersKey.op((*workersModule).opShareBuffer)},
		{"attachBuffer", workersKey.op((*workersModule).opAttachBuffer)},
		{"atomicsWait", workersKey.op((*workersModule).opAtomicsWait)},
		{"atomicsNotify", workersKey.op((*workersModule).opAtomicsNotify)},
	}
}

// jsConstants is the JavaScript that declares every operation's code, prepended to
// every built-in file before it is compiled.
var jsConstants = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("const ")
	for i, op := range hostOps {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("H_" + op.name + " = " + strconv.Itoa(i))
	}
	b.WriteString(";")
	return b.String()
})

// jsHostObject is the JavaScript function that makes the host object the built-in
// modules use (host.write(...), host.poolJob(...)): one method per operation. It is part
// of the modules' loader only (prelude_modules.js), the one file that makes it.
var jsHostObject = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("const makeHostObject = (hc) => ({ __proto__: null")
	for i, op := range hostOps {
		b.WriteString(", " + op.name + ": (...a) => hc(" + strconv.Itoa(i) + ", ...a)")
	}
	b.WriteString(" });")
	return b.String()
})

// hostcall is the host function: hostcall(code, ...args).
func (r *run) hostcall(c *engine.Call) engine.Value {
	op := c.Arg(0)
	if !op.IsNumber() {
		return r.js.ThrowError("TypeError", "hostcall: bad operation")
	}
	i := int(op.Int())
	if i < 0 || i >= len(hostOps) {
		return r.js.ThrowError("TypeError", "hostcall: bad operation %d", i)
	}
	r.countHostOps(hostOpOps)
	return hostOps[i].fn(r, c.Shift(1))
}

// ---- conversions -----------------------------------------------------------------------

// val converts a Go value to JS: strings, numbers, booleans, nil (undefined), []any
// (arrays), map[string]any (objects, keys in sorted order) and engine values.
func (r *run) val(x any) engine.Value {
	js := r.js
	switch v := x.(type) {
	case nil:
		return js.Undefined()
	case engine.Value:
		return v
	case string:
		return js.String(v)
	case bool:
		return js.Bool(v)
	case int:
		return js.Int(int64(v))
	case int64:
		return js.Int(v)
	case float64:
		return js.Float(v)
	case []byte:
		return js.ArrayBuffer(v)
	case []string:
		items := make([]engine.Value, len(v))
		for i, s := range v {
			items[i] = js.String(s)
		}
		return js.Array(items...)
	case []any:
		items := make([]engine.Value, len(v))
		for i, it := range v {
			items[i] = r.val(it)
		}
		return js.Array(items...)
	case map[string]any:
		o := js.Object()
		for _, k := range sortedKeys(v) {
			js.Define(o, k, r.val(v[k]), engine.Default)
		}
		return o
	}
	panic(fmt.Sprintf("sim: no JS value for %T", x))
}

// list reads a JS array (or array-like) into values.
func (r *run) list(v engine.Value) []engine.Value {
	if !v.IsObject() {
		return nil
	}
	n := r.js.Len(v)
	out := make([]engine.Value, n)
	for i := range out {
		out[i] = r.js.Index(v, i)
	}
	return out
}

// keepAll keeps values beyond the current scope (callback arguments held by a queue).
func (r *run) keepAll(vs []engine.Value) []engine.Value {
	if len(vs) == 0 {
		return nil
	}
	out := make([]engine.Value, len(vs))
	for i, v := range vs {
		out[i] = r.js.Keep(v)
	}
	return out
}

// dropAll gives back what keepAll kept.
func (r *run) dropAll(vs []engine.Value) {
	for _, v := range vs {
		r.js.Drop(v)
	}
}

// argInt is argument i as an integer (0 for undefined, null, NaN and infinities).
func argInt(c *engine.Call, i int) int64 {
	v := c.Arg(i)
	if v.IsNullish() {
		return 0
	}
	f := v.Float()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int64(f)
}

// bytesArg reads a Buffer/TypedArray/ArrayBuffer/string argument as bytes.
func (r *run) bytesArg(v engine.Value) []byte {
	if b, ok := r.js.Bytes(v); ok {
		return b
	}
	return []byte(v.String())
}

// ---- process, console and modules ------------------------------------------------------

func (r *run) opWrite(c *engine.Call) engine.Value {
	fd, text := int(argInt(c, 0)), c.Arg(1).String()
	if c.Arg(2).Truthy() { // raw bytes of process.stdout/stderr.write: the line ends only at a newline
		ends := strings.HasSuffix(text, "\n")
		r.writeChunk(fd, strings.TrimSuffix(text, "\n"), ends)
		r.step(trace.Console, text, 0)
		return r.js.Undefined()
	}
	r.print(fd, text)
	return r.js.Undefined()
}

// print writes a line the program printed to fd (1 stdout, 2 stderr), with its step.
func (r *run) print(fd int, text string) {
	r.writeOut(fd, text)
	r.step(trace.Console, text, 0)
}

func (r *run) opTracing(c *engine.Call) engine.Value { return r.js.Bool(r.tracing()) }

// opFactory(name) returns the function expression of a module's JS file (the registry's
// file of module name) or of a part of the prelude (prelude_modules).
func (r *run) opFactory(c *engine.Call) engine.Value {
	name := c.Arg(0).String()
	if m := modulesByName[name]; m != nil {
		name = m.file
	}
	v, err := r.ex.sim.builtins.instantiate(r.js, name)
	if err != nil {
		return r.js.Propagate(err)
	}
	return v
}

// opInternal(delta) brackets Node's own set-up in JS (prelude.js builtin): +1 when a
// built-in module starts loading, -1 when it is done.
func (r *run) opInternal(c *engine.Call) engine.Value {
	r.internalWork(int(argInt(c, 0)))
	return r.js.Undefined()
}

func (r *run) opUncaught(c *engine.Call) engine.Value {
	origin := "uncaughtException"
	if o := c.Arg(1); !o.IsUndefined() {
		origin = o.String()
	}
	r.uncaught(c.Arg(0), origin)
	return r.js.Undefined()
}

func (r *run) opExit(c *engine.Call) engine.Value {
	r.reallyExit(int(argInt(c, 0)))
	return r.js.Undefined()
}

func (r *run) opSetExiting(c *engine.Call) engine.Value {
	r.exitingJS = true
	return r.js.Undefined()
}

// opUnsupported(what, why) ends the run with unsupported_api: what is not simulated, and
// why when it is given.
func (r *run) opUnsupported(c *engine.Call) engine.Value {
	why := ""
	if v := c.Arg(1); !v.IsNullish() {
		why = v.String()
	}
	r.abort(unsupported(c.Arg(0).String(), why))
	return r.js.Undefined()
}

// unsupported is the unsupported_api error of what, with why it is not simulated (when
// there is more to say than that it is not simulated yet).
func unsupported(what, why string) *Error {
	if why == "" || why == notYet {
		return newError(CodeUnsupported, "%s is not simulated by looplab", what)
	}
	return newError(CodeUnsupported, "%s is not simulated by looplab: %s", what, why)
}

// opClassOf(value) is the engine's class of an object ("Map", "Proxy"...), "" for a
// primitive: what V8 tells Node's serializer and util.types without running JavaScript.
func (r *run) opClassOf(c *engine.Call) engine.Value {
	cls := r.js.ClassOf(c.Arg(0))
	if cls == engine.ClassNone {
		return r.js.String("")
	}
	return r.js.String(cls.String())
}

// opTrace lets built-in modules written in JS add a trace step (event, detail, case of
// the narration); the event must be one of package trace's.
func (r *run) opTrace(c *engine.Call) engine.Value {
	line, _ := r.callerPos()
	var say trace.Case
	if a := c.Arg(2); a.IsString() {
		say = trace.Case(a.String())
	}
	r.step(trace.Event(c.Arg(0).String()), c.Arg(1).String(), line, about{say: say})
	return r.js.Undefined()
}

// ---- timers, immediates, ticks ---------------------------------------------------------

// ---- CPU and time ------------------------------------------------------------------------

// opNowUS is the clock behind Date, performance.now, process.hrtime, uptime and
// console.time: virtual time, with the program's CPU so far charged first.
func (r *run) opNowUS(c *engine.Call) engine.Value {
	r.programReadsClock()
	return r.js.Int(r.lp.Now())
}

// opCPUUS is the main thread's CPU time so far in microseconds (process.cpuUsage and
// threadCpuUsage): virtual time less what the loop spent blocked in poll.
func (r *run) opCPUUS(c *engine.Call) engine.Value {
	r.programReadsClock()
	return r.js.Int(r.lp.Now() - r.lp.IdleUS())
}

// opBusy is the global busy(ms): exactly ms of main-thread CPU.
func (r *run) opBusy(c *engine.Call) engine.Value {
	ms := c.Arg(0).Float()
	if !(ms > 0) || math.IsInf(ms, 0) {
		return r.js.Undefined()
	}
	us := min(msToUS(ms), r.sc.Limits.MaxVirtualMS*1000+1) // past the limit the run ends there
	line, _ := r.callerPos()
	r.chargeJS()
	r.cpu(us)
	r.step(trace.Busy, "busy("+formatMS(us)+")", line)
	return r.js.Undefined()
}

func (r *run) opCPU(c *engine.Call) engine.Value {
	r.chargeJS()
	r.cpu(argInt(c, 0))
	return r.js.Undefined()
}

// opCost returns a scenario cost by name, in microseconds (or ns for per-iteration costs).
func (r *run) opCost(c *engine.Call) engine.Value {
	costs := r.sc.Costs
	var us int64
	switch c.Arg(0).String() {
	case "fs":
		us = costs.FSJobUS
	case "pbkdf2ns":
		us = costs.PBKDF2PerIterationNS
	case "scrypt":
		us = costs.ScryptUS
	case "random":
		us = costs.RandomBytesUS
	case "zlibkb":
		us = costs.ZlibPerKBUS
	case "dns":
		us = costs.DNSLookupUS
	case "syncfs":
		us = costs.SyncFSUS
	case "connect":
		us = costs.ConnectUS
	case "loopback":
		us = costs.LoopbackUS
	case "tlsContext":
		us = costs.TLSContextUS
	case "tlsContextItem":
		us = costs.TLSContextItemUS
	case "tlsHandshake":
		us = costs.TLSHandshakeUS
	}
	return r.js.Int(us)
}

// ---- the loop's other queues --------------------------------------------------------------

// opPoolJob(label, costUS, slow, onDone) queues a thread-pool job whose completion calls
// onDone in the poll phase.
func (r *run) opPoolJob(c *engine.Call) engine.Value {
	label := c.Arg(0).String()
	cost := max(argInt(c, 1), 1)
	slow := c.Arg(2).Truthy()
	fn := r.js.Keep(c.Arg(3))
	line, _ := r.callerPos()
	job := r.submitPoolJob(label, line, cost, slow, func() {
		r.invokeCallback(label, fn, r.js.Undefined(), nil)
		r.js.Drop(fn)
	})
	return r.js.Int(int64(job.ID))
}

// opKernelEvent(label, delayUS, fn, ref, atUS) schedules an event the kernel delivers to
// the poll phase after delayUS (or at atUS): socket data, a connection; it holds no thread.
func (r *run) opKernelEvent(c *engine.Call) engine.Value {
	label := c.Arg(0).String()
	at := r.lp.Now() + max(argInt(c, 1), 0)
	if abs := c.Arg(4); !abs.IsUndefined() {
		at = max(argInt(c, 4), r.lp.Now())
	}
	fn := r.js.Keep(c.Arg(2))
	ref := c.Arg(3).Truthy()
	line, _ := r.callerPos()
	ev := &ioEvent{ReadyAt: at, Label: label, Line: line, Ref: ref, Kernel: true}
	ev.Data.deliver = func() {
		delete(r.kernelEvents, ev.ID)
		r.invokeCallback(label, fn, r.js.Undefined(), nil)
		r.js.Drop(fn)
	}
	r.addProgramIO(ev)
	if r.kernelEvents == nil {
		r.kernelEvents = map[int]*ioEvent{}
	}
	r.kernelEvents[ev.ID] = ev
	return r.js.Int(int64(ev.ID))
}

// opPollNext(label, fn) runs fn as the next callback of the poll pass running now (or of
// the next poll when none is running): libuv's handling of one file descriptor goes on
// after a callback, as when a socket's connect callback is followed by the shutdown the
// callback asked for (uv__stream_io drains the write queue after connecting).
func (r *run) opPollNext(c *engine.Call) engine.Value {
	label := c.Arg(0).String()
	fn := r.js.Keep(c.Arg(1))
	line, _ := r.callerPos()
	ev := &ioEvent{ReadyAt: r.lp.Now(), Label: label, Line: line, Kernel: true}
	ev.Data.deliver = func() {
		r.invokeCallback(label, fn, r.js.Undefined(), nil)
		r.js.Drop(fn)
	}
	r.lp.PollNext(ev, r.phase == PhasePoll)
	return r.js.Undefined()
}

func (r *run) opHandleRef(c *engine.Call) engine.Value {
	r.lp.RefBy(int(argInt(c, 0)))
	return r.js.Undefined()
}

func (r *run) opQueueClose(c *engine.Call) engine.Value {
	label := c.Arg(0).String()
	fn := r.js.Keep(c.Arg(1))
	line, _ := r.callerPos()
	r.queueClose(label, line, func() {
		r.invokeCallback(label, fn, r.js.Undefined(), nil)
		r.js.Drop(fn)
	})
	return r.js.Undefined()
}

// ---- perf_hooks ------------------------------------------------------------------------

// ---- helpers shared by the operations ------------------------------------------------

// callbackLabel names a callback for the trace: its function name, or what scheduled it.
func (r *run) callbackLabel(kind string, fn engine.Value) string {
	if !r.tracing() {
		return kind
	}
	if fn.IsObject() {
		if n := r.js.Get(fn, "name"); n.IsString() {
			if s := n.String(); s != "" {
				return kind + " " + s
			}
		}
	}
	return kind + " callback"
}

// maxCallbackCosts bounds Summary.Callbacks and maxPoolJobsListed Summary.ThreadPool (the
// first ones are kept), so a run's summary stays small whatever the program queues.
const (
	maxCallbackCosts  = 10_000
	maxPoolJobsListed = 10_000
)

// invokeCallback runs fn(args) as a macrotask callback (a callback boundary, R-CB1),
// counting it against the step budget and recording its CPU time.
func (r *run) invokeCallback(label string, fn, this engine.Value, args []engine.Value) {
	if r.exiting {
		return
	}
	r.countStep()
	start := r.lp.Now()
	r.invoke(label, fn, this, args)
	r.curLine = 0
	r.rec.cur = nil
	if len(r.summary.Callbacks) < maxCallbackCosts {
		r.summary.Callbacks = append(r.summary.Callbacks, CallbackCost{Label: label, Phase: string(r.phase), StartUS: start, CPUUS: r.lp.Now() - start})
	}
}

// writeOut appends console output to stdout (fd 1) or stderr (fd 2), line by line.
func (r *run) writeOut(fd int, text string) { r.writeChunk(fd, text, true) }

// writeChunk appends text to fd's lines: it continues the line a write left open, and
// ends its own last line when ends is set.
func (r *run) writeChunk(fd int, text string, ends bool) {
	if r.iso.worker != nil {
		r.iso.parent.writeChunk(fd, text, ends) // a worker's output goes to the process's stdout/stderr
		return
	}
	if p := r.iso.proc; p != nil { // a child process's goes where its fd goes (procs.go)
		if ends {
			text += "\n"
		}
		if o := p.out[fd]; o != nil && text != "" {
			o.write(r.lp.Now(), []byte(text))
		}
		return
	}
	r.out.outSize += int64(len(text)) + 1
	if r.out.outSize > r.sc.Limits.MaxOutputBytes {
		r.abort(newError(CodeOutputBudget, "the program printed more than %d bytes", r.sc.Limits.MaxOutputBytes))
		return
	}
	var lines []string
	if strings.IndexByte(text, '\n') < 0 {
		lines = []string{text} // the common case: no slice of lines to build
	} else {
		lines = strings.Split(text, "\n")
	}
	out := &r.out.stdout
	if fd == 2 {
		out = &r.out.stderr
	}
	if r.out.openLine[fd] && len(*out) > 0 {
		(*out)[len(*out)-1] += lines[0]
		lines = lines[1:]
	}
	*out = append(*out, lines...)
	r.out.openLine[fd] = !ends
	if r.rec.trace {
		r.out.console = append(r.out.console, lines...) // kept whole even when the trace is full
	}
}

func (r *run) writeErr(text string) { r.writeOut(2, text) }

// virtualDir is the working directory and the entry file's directory inside the sim.
const virtualDir = "/app"

func virtualPath(name string) string {
	if strings.HasPrefix(name, "/") || strings.HasPrefix(name, "[") { // [eval]: node -e's code
		return name
	}
	if strings.HasPrefix(name, "/") {
		return name
	}
	return virtualDir + "/" + name
}

func (r *run) isUserSource(name string) bool {
	if name == r.ex.prog.Name || name == r.entry().name {
		return true
	}
	_, ok := r.sc.Files[name]
	return ok || (r.iso.worker != nil && name == r.iso.name) // a worker's own script
}

// opInspector returns the API of util.inspect (sim/internal/inspect).
func (r *run) opInspector(c *engine.Call) engine.Value {
	api, err := r.ins.API()
	if err != nil {
		return r.js.Propagate(err)
	}
	return api
}

// opLog(fd, indent, ...args) is console.log and its kin: the arguments formatted as
// util.format does (primitives in Go), under console.group's indentation.
func (r *run) opLog(c *engine.Call) engine.Value {
	fd, indent := int(argInt(c, 0)), c.Arg(1).String()
	s, err := r.ins.Format(c.Args()[min(2, c.NArgs()):])
	if err != nil {
		return r.js.Propagate(err)
	}
	if indent != "" {
		s = indent + strings.ReplaceAll(s, "\n", "\n"+indent)
	}
	r.print(fd, s)
	return r.js.Undefined()
}
