package sim

import (
	"encoding/json"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/loop"
	"github.com/looplab/looplab/sim/trace"
)

// world runs several isolates (the main thread and worker threads, each with its own JS
// runtime and event loop) in one virtual time. Each isolate's loop runs as a coroutine on
// a goroutine of its own, but only one runs at any moment: an isolate that has to wait
// (busy CPU, a blocking poll) hands the baton to whichever isolate or kernel event comes
// next in virtual time. Hand-offs follow a fixed order (time, then isolate number), so a
// run stays deterministic.
type world struct {
	main     *run
	isolates []*run // main first
	failed   *Error // a budget a worker exceeded: it ends the whole run
	machineState
}

// machineState is what the simulated machine holds for the processes of a run besides
// the run's own (procs.go, pipes.go): its process table and its pipes.
type machineState struct {
	procs   processTable
	pipes   map[int]*pipe
	pipeSeq int
}

// isolate state kept on run for world scheduling.
type isoState struct {
	world   *world
	num     int           // 0 for the main thread, 1.. for workers
	baton   chan struct{} // receives the right to run
	waitAt  int64         // blocked until this time
	polling bool          // blocked in poll: an earlier I/O event wakes it
	blocked bool
	dead    bool
	killed  bool // terminate(): unwind at the next resume
	parent  *run
	worker  *workerHandle // this isolate's handle in its parent
	proc    *osProc       // the child process whose main thread this is (nodechild.go)
	name    string
	module  ModuleKind
	source  string
	data    string // workerData, serialized (prelude_serdes.js)
	envData string // the parent's environment data (setEnvironmentData), serialized
}

// workerHandle is a Worker object of the parent isolate.
type workerHandle struct {
	id      int
	child   *run
	events  engine.Value // parent JS: (kind, payload)
	ref     bool
	exited  bool
	code    int
	started int64
	endAt   int64
}

// worldOf returns the run's world, creating it when the first worker starts.
func (r *run) worldOf() *world {
	if r.iso.world == nil {
		w := &world{main: r, isolates: []*run{r}}
		r.iso.world, r.iso.baton = w, make(chan struct{})
		r.lp.SetThreads(isoThreads{r})
	}
	return r.iso.world
}

// waitUntil blocks isolate me until virtual time t (or, for a blocking poll, until an
// I/O event reaches it first), running the other isolates and kernel events meanwhile.
func (w *world) waitUntil(me *run, t int64, polling bool) {
	me.iso.waitAt, me.iso.polling, me.iso.blocked = t, polling, true
	w.schedule(me)
	me.iso.blocked = false
}

// foreverUS stands for "no time of its own": an isolate blocked until another thread
// sends it something.
const foreverUS = int64(1) << 61

// othersCanRun reports whether an isolate other than me is alive: it may still send me
// a message.
func (w *world) othersCanRun(me *run) bool {
	for _, iso := range w.isolates {
		if iso != me && !iso.iso.dead {
			return true
		}
	}
	return false
}

// wakeAt is when a blocked isolate wants to run again.
func (r *run) wakeAt() int64 {
	if r.iso.killed && !r.lp.Burning() {
		return r.lp.Now()
	}
	return r.lp.WakeAt(r.iso.waitAt, r.iso.polling)
}

// schedule picks what happens next in virtual time and runs it until it is me's turn.
func (w *world) schedule(me *run) {
	for {
		var next *run
		var nextAt int64
		for _, iso := range w.isolates {
			if iso.iso.dead || !iso.iso.blocked {
				continue
			}
			if at := iso.wakeAt(); next == nil || at < nextAt {
				next, nextAt = iso, at
			}
		}
		g, hasGlobal := w.nextGlobal()
		if hasGlobal && (next == nil || g < nextAt) {
			w.runGlobal(g)
			continue
		}
		if next == nil {
			return // nothing can happen any more
		}
		if nextAt > next.lp.Now() {
			next.lp.SetNow(nextAt)
		}
		if next == me {
			return
		}
		workersKey.of(me).publishShared()
		next.iso.baton <- struct{}{}
		if me.iso.dead {
			return
		}
		me.awaitBaton()
		workersKey.of(me).refreshShared()
		return
	}
}

// nextGlobal is the time of the next pool completion or kernel action.
func (w *world) nextGlobal() (int64, bool) {
	mach := w.main.lp.Machine()
	t, ok := mach.NextActionAt()
	if p, has := mach.NextJobEnd(); has && (!ok || p < t) {
		t, ok = p, true
	}
	return t, ok
}

// runGlobal lets pool threads and the kernel progress to time t.
func (w *world) runGlobal(t int64) {
	m := w.main
	saved := m.lp.Now()
	m.lp.Machine().RunUntil(m.lp, t)
	m.lp.SetNow(max(saved, m.lp.Now()))
	for _, iso := range w.isolates {
		if !iso.iso.dead && iso.lp.Now() < t && !iso.iso.blocked {
			iso.lp.SetNow(t)
		}
	}
}

// startWorker creates a worker isolate that starts running its script after the
// scenario's start-up cost.
func (r *workersModule) startWorker(source, name string, module ModuleKind, data, envData string, events engine.Value) *workerHandle {
	w := r.worldOf()
	// The handle's id is the worker's threadId: thread numbers count every worker the
	// process ever started, nested ones included.
	h := &workerHandle{id: len(w.isolates), events: events, ref: true, started: r.lp.Now()}
	child := &run{ex: r.ex, sc: r.sc, prof: r.prof, phase: PhaseMain}
	child.newLoop(r.lp.Machine(), r.lp.Now(), loop.Plan{})
	child.lp.SetThreads(isoThreads{child})
	child.iso = isoState{world: w, num: len(w.isolates), baton: make(chan struct{}), parent: r.run, worker: h,
		name: name, module: module, source: source, data: data, envData: envData,
		blocked: true, waitAt: r.lp.Now() + r.sc.Costs.WorkerStartupUS}
	h.child = child
	w.isolates = append(w.isolates, child)
	r.lp.Ref() // a running Worker keeps its parent alive unless unref()'d
	go workersKey.of(child).workerMain()
	return h
}

// workerMain is the goroutine of a worker isolate.
func (r *workersModule) workerMain() {
	<-r.iso.baton
	r.stretch = r.ex.cpu.begin()
	defer r.stretch.end()
	defer r.workerDone()
	if r.iso.killed {
		return
	}
	func() {
		defer r.recoverSignal()
		r.setupWorker()
		r.notifyParent("online", "")
		r.runWorkerScript()
		r.spin()
	}()
}

// workerDone reports the worker's exit to its parent and hands the baton on for good.
func (r *workersModule) workerDone() {
	if x := recover(); x != nil {
		r.stopErr = newError(CodeInternal, "worker defect: %v", x)
		r.exitCode = 1
	}
	code := r.exitCode
	if r.iso.killed {
		code = 1
	}
	if se, ok := r.stopErr.(*Error); ok && se.Code != CodeInternal && !r.iso.killed && r.iso.world.failed == nil {
		r.iso.world.failed = se // every other isolate stops at its next check (budgetError)
	}
	r.notifyParent("exit", itoa(code))
	r.closeBroadcastChannels()
	r.iso.dead = true
	r.iso.world.schedule(r.run)
}

// notifyParent queues an event for the parent's Worker object in the parent's poll phase.
func (r *workersModule) notifyParent(kind, payload string) {
	p, h := r.iso.parent, r.iso.worker
	if kind == "exit" {
		if h.exited {
			return
		}
		h.exited = true
		h.endAt = r.lp.Now()
		h.code = int(parseIntDefault(payload, 1))
	}
	release := r.holdMessage(p, len(payload))
	p.addIO(&ioEvent{ReadyAt: r.lp.Now() + p.sc.Costs.MessageUS, Label: "worker " + kind, Ref: true, Kernel: true, Data: ioData{deliver: func() {
		release()
		if kind == "exit" && h.ref {
			p.lp.Unref()
			h.ref = false
		}
		p.invokeCallback("worker "+kind, h.events, p.js.Undefined(), []engine.Value{p.js.String(kind), p.js.String(payload)})
	}}})
}

// setupWorker prepares the worker's runtime like a main thread's, with worker_threads
// saying it is not the main thread.
func (r *workersModule) setupWorker() {
	r.rec.trace = false
	r.setup()
	r.js.SetRandomSeed(uint64(r.sc.Seed + int64(r.iso.num)))
}

// runWorkerScript runs the worker's entry like a main module (CommonJS or ES module).
func (r *workersModule) runWorkerScript() {
	module := r.iso.module
	if module != ESModule && strings.Contains(r.iso.source, "import ") {
		if _, err := r.ex.sim.compileScript(r.iso.name, cjsWrapperHead+r.iso.source+cjsWrapperTail, r.prof.Has(ChangeUsing)); err != nil {
			module = ESModule // import declarations: Node loads it as a module
		}
	}
	registerSource(r.errs, r.iso.name, r.iso.source, module == ESModule, r.prof.Has(ChangeUsing))
	if module == ESModule {
		code, err := r.ex.sim.compileModule(r.iso.name, r.iso.source, r.prof.Has(ChangeUsing))
		if err != nil {
			r.workerStartFailed(serializedError("SyntaxError", strings.TrimPrefix(firstLine(err.Error()), "SyntaxError: ")))
			return
		}
		mark := r.js.Mark()
		defer r.js.Unwind(mark)
		p, err := r.js.Run(code)
		if err != nil {
			var exc *engine.Exception
			if asException(err, &exc) {
				r.workerStartFailed(r.errorPayload(exc.Value))
				return
			}
			r.handleStop(err)
			return
		}
		r.entryPromise = r.js.Keep(p)
		if r.runMicrotasks() {
			r.drainAfterCallback()
		}
		return
	}
	code, err := r.ex.sim.compileScript(r.iso.name, cjsWrapperHead+r.iso.source+cjsWrapperTail, r.prof.Has(ChangeUsing))
	if err != nil {
		r.workerStartFailed(serializedError("SyntaxError", strings.TrimPrefix(firstLine(err.Error()), "SyntaxError: ")))
		return
	}
	mark := r.js.Mark()
	defer r.js.Unwind(mark)
	fn, err := r.js.Run(code)
	if err != nil {
		r.handleStop(err)
		return
	}
	js := r.js
	exports, mod := js.Object(), js.Object()
	js.Define(mod, "exports", exports, engine.Default)
	require, _, _ := r.call(js.Get(r.api.obj, "require"), js.Undefined(), mod)
	args := []engine.Value{exports, require, mod, js.String(virtualPath(r.iso.name)), js.String(virtualDir)}
	r.invokeCallback("worker main", fn, exports, args)
}

// workerStartFailed ends a worker whose script could not start: its parent gets 'error'
// with a SyntaxError (or the error the module's evaluation threw).
func (r *workersModule) workerStartFailed(payload string) {
	r.notifyParent("error", payload)
	r.exitCode, r.exiting = 1, true
}

// serializedError is the 'error' payload of an error made in Go: an error of class
// ctor with message (the form prelude_serdes.js serializeError gives).
func serializedError(ctor, message string) string {
	b, _ := json.Marshal(map[string]any{"kind": "error", "ctor": ctor, "props": []any{
		[]any{"stack", false, ctor + ": " + message},
		[]any{"message", false, message},
	}})
	return string(b)
}

// errorPayload serializes a worker's uncaught exception for its parent's 'error' event:
// an error keeps its built-in class and own properties (prelude_serdes.js).
func (r *workersModule) errorPayload(v engine.Value) string {
	out, exc, ok := r.call(r.api.serializeError, r.js.Undefined(), v)
	if exc != nil || !ok {
		return serializedError("Error", r.errorMessage(v))
	}
	return out.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// postToWorker delivers a message from the parent to worker h's parentPort.
func (r *workersModule) postToWorker(h *workerHandle, data string) {
	c := h.child
	if c.iso.dead || c.iso.killed {
		return
	}
	at := r.lp.Now() + r.sc.Costs.MessageUS
	release := r.holdMessage(c, len(data))
	c.addIO(&ioEvent{ReadyAt: at, Label: "message from the parent", Kernel: true, Data: ioData{deliver: func() {
		release()
		workersKey.of(c).deliverToPort(data)
	}}})
}

// deliverToPort hands a message from the parent to parentPort, or keeps it until
// parentPort listens (Node queues a port's messages until it is started).
func (r *workersModule) deliverToPort(data string) {
	if !r.portFn.IsFunction() {
		r.hold(int64(len(data)) + messageBytes) // given back when parentPort listens
		r.portPending = append(r.portPending, data)
		return
	}
	r.invokeCallback("message", r.portFn, r.js.Undefined(), []engine.Value{r.js.String(data)})
}

// terminateWorker stops a worker at once (Worker#terminate): it exits with code 1.
func (r *workersModule) terminateWorker(h *workerHandle) {
	c := h.child
	if c.iso.dead || c.iso.killed {
		return
	}
	c.iso.killed = true
	c.exiting = true
	if c.js != nil {
		c.js.Stop()
	}
	workersKey.of(c).notifyParentAt(r.lp.Now())
}

func (r *workersModule) notifyParentAt(at int64) {
	saved := r.lp.Now()
	r.lp.SetNow(at)
	r.notifyParent("exit", "1")
	r.lp.SetNow(saved)
}

// shutdownWorkers ends every worker still alive when the main thread exits, so no
// goroutine outlives the run.
func (w *world) shutdownWorkers() {
	m := w.main
	end := m.lp.Now()
	defer func() { m.lp.SetNow(end) }()
	for _, iso := range w.isolates[1:] {
		if !iso.iso.dead {
			iso.iso.killed, iso.exiting = true, true
			if iso.js != nil {
				iso.js.Stop()
			}
		}
	}
	for {
		alive := false
		for _, iso := range w.isolates[1:] {
			if !iso.iso.dead {
				alive = true
				iso.iso.blocked = true
				iso.lp.SetNow(m.lp.Now())
				m.iso.blocked = true
				m.iso.waitAt = 1<<62 - 1
				iso.iso.baton <- struct{}{}
				m.awaitBaton()
				m.iso.blocked = false
				break
			}
		}
		if !alive {
			return
		}
	}
}

// releaseWorkers frees the runtimes of the world's workers once every worker has ended
// (shutdownWorkers): a worker's runtime is its own, never a warm one.
func (w *world) releaseWorkers() {
	for _, iso := range w.isolates[1:] {
		iso.release()
	}
}

func parseIntDefault(s string, def int64) int64 {
	var n int64
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return def
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return def
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n
}

// opWorkerInfo() -> {isMain, threadId, name, data, env}: what worker_threads tells this
// isolate (data and env serialized, absent on the main thread).
func (r *workersModule) opWorkerInfo(c *engine.Call) engine.Value {
	info := map[string]any{"isMain": r.iso.worker == nil, "threadId": r.iso.num, "name": r.iso.name}
	if r.iso.worker != nil {
		info["data"], info["env"] = r.iso.data, r.iso.envData
	}
	return r.val(info)
}

// opWorkerStart(source, name, module, data, events, env) -> the worker's threadId (data
// and env serialized by prelude_serdes.js).
func (r *workersModule) opWorkerStart(c *engine.Call) engine.Value {
	optional := func(i int) string {
		if v := c.Arg(i); !v.IsUndefined() {
			return v.String()
		}
		return ""
	}
	h := r.startWorker(c.Arg(0).String(), c.Arg(1).String(), ModuleKind(c.Arg(2).String()), optional(3), optional(5), r.js.Keep(c.Arg(4)))
	if r.workers == nil {
		r.workers = map[int]*workerHandle{}
	}
	r.workers[h.id] = h
	line, _ := r.callerPos()
	r.step(trace.WorkerStarts, c.Arg(1).String(), line)
	return r.js.Int(int64(h.id))
}

func (r *workersModule) workerArg(c *engine.Call) *workerHandle { return r.workers[int(argInt(c, 0))] }

// opWorkerPost(id, json) is Worker#postMessage.
func (r *workersModule) opWorkerPost(c *engine.Call) engine.Value {
	if h := r.workerArg(c); h != nil {
		r.postToWorker(h, c.Arg(1).String())
	}
	return r.js.Undefined()
}

// opWorkerStop(id) is Worker#terminate.
func (r *workersModule) opWorkerStop(c *engine.Call) engine.Value {
	if h := r.workerArg(c); h != nil {
		r.terminateWorker(h)
	}
	return r.js.Undefined()
}

// opWorkerRef(id, ref) is Worker#ref/unref: an unref'd worker does not keep its parent alive.
func (r *workersModule) opWorkerRef(c *engine.Call) engine.Value {
	h := r.workerArg(c)
	ref := c.Arg(1).Truthy()
	if h != nil && !h.exited && h.ref != ref {
		h.ref = ref
		if ref {
			r.lp.Ref()
		} else {
			r.lp.Unref()
		}
	}
	return r.js.Undefined()
}

// opPortPost(json) is parentPort.postMessage in a worker.
func (r *workersModule) opPortPost(c *engine.Call) engine.Value {
	if r.iso.worker != nil {
		r.notifyParent("message", c.Arg(0).String())
	}
	return r.js.Undefined()
}

// opPortListen(fn, ref) receives the parent's messages; a listening port keeps the worker alive.
func (r *workersModule) opPortListen(c *engine.Call) engine.Value {
	ref := c.Arg(1).Truthy()
	listening := r.portFn.IsFunction()
	if ref && (!listening || !r.portRef) {
		r.lp.Ref()
	}
	if !ref && listening && r.portRef {
		r.lp.Unref()
	}
	if listening {
		r.js.Drop(r.portFn)
	}
	r.portFn, r.portRef = r.js.Keep(c.Arg(0)), ref
	for _, data := range r.portPending {
		r.js.Unhold(int64(len(data)) + messageBytes)
		r.addIO(&ioEvent{ReadyAt: r.lp.Now(), Label: "message from the parent", Kernel: true, Data: ioData{deliver: func() { r.deliverToPort(data) }}})
	}
	r.portPending = nil
	return r.js.Undefined()
}

// opLocalMessage(fn, data, ref) signals a MessagePort of this isolate: the next poll
// phase calls fn(data). The port's async handle is signalled at once (same thread); the
// signal keeps the loop alive only when ref is true (a port closed by its peer), a message
// does not: the port's own handle does, while it listens.
func (r *workersModule) opLocalMessage(c *engine.Call) engine.Value {
	fn, data := r.js.Keep(c.Arg(0)), r.js.Keep(c.Arg(1))
	r.addProgramIO(&ioEvent{ReadyAt: r.lp.Now(), Label: "MessagePort message", Kernel: true, Ref: c.Arg(2).Truthy(), Data: ioData{ctx: r.curReq, deliver: func() {
		r.invokeCallback("message", fn, r.js.Undefined(), []engine.Value{data})
		r.js.Drop(fn)
		r.js.Drop(data)
	}}})
	return r.js.Undefined()
}
