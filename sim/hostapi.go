package sim

import (
	"math"
	"strings"

	"github.com/grafana/sobek"
)

// hostFunctions are the primitives the JS prelude and built-in modules are written on.
// Everything with ordering consequences lives in Go; the JS side only shapes Node's API.
// The table holds method expressions, so it is built once for all runs.
var hostFunctions = map[string]hostFn{
	"write":            (*run).hWrite,
	"format":           (*run).hFormat,
	"formatList":       (*run).hFormatList,
	"inspect":          (*run).hInspect,
	"runTicks":         (*run).hRunTicks,
	"uncaught":         (*run).hUncaught,
	"clearTimer":       (*run).hClearTimer,
	"nextTimer":        (*run).hNextTimerAfterThrow,
	"nextImm":          (*run).hNextImmediateAfterThrow,
	"abortDrain":       (*run).hAbortDrain,
	"timerDone":        (*run).hTimerDone,
	"clearImm":         (*run).hClearImmediate,
	"markMicro":        (*run).hMarkMicrotask,
	"busy":             (*run).hBusy,
	"cpu":              (*run).hCPU,
	"poolJob":          (*run).hPoolJob,
	"kernelEvent":      (*run).hKernelEvent,
	"cancelEvent":      (*run).hCancelEvent,
	"handleRef":        (*run).hHandleRef,
	"queueClose":       (*run).hQueueClose,
	"nowUS":            (*run).hNowUS,
	"exit":             (*run).hExit,
	"setExiting":       (*run).hSetExiting,
	"unsupported":      (*run).hUnsupported,
	"notFound":         (*run).hModuleNotFound,
	"make":             (*run).hMake,
	"readFile":         (*run).hReadFile,
	"statFile":         (*run).hStatFile,
	"readdir":          (*run).hReaddir,
	"socketFeed":       (*run).hSocketFeed,
	"loadModule":       (*run).hLoadModule,
	"cost":             (*run).hCost,
	"guardLen":         (*run).hGuardLen,
	"trace":            (*run).hTrace,
	"factory":          (*run).hFactory,
	"httpListen":       (*run).hHTTPListen,
	"httpEnd":          (*run).hHTTPEnd,
	"httpClose":        (*run).hHTTPClose,
	"httpRequest":      (*run).hHTTPRequest,
	"dbPool":           (*run).hDBPool,
	"dbQuery":          (*run).hDBQuery,
	"elu":              (*run).hELU,
	"delaySamples":     (*run).hDelaySamples,
	"workerInfo":       (*run).hWorkerInfo,
	"workerStart":      (*run).hWorkerStart,
	"workerPost":       (*run).hWorkerPost,
	"workerStop":       (*run).hWorkerStop,
	"workerRef":        (*run).hWorkerRef,
	"portPost":         (*run).hPortPost,
	"portListen":       (*run).hPortListen,
	"localMessage":     (*run).hLocalMessage,
	"readText":         (*run).hReadText,
	"pbkdf2":           (*run).hPBKDF2,
	"scrypt":           (*run).hScrypt,
	"randomBytes":      (*run).hRandomBytes,
	"hash":             (*run).hHash,
	"gzip":             (*run).hGzip,
	"gunzip":           (*run).hGunzip,
	"encode":           (*run).hEncode,
	"decode":           (*run).hDecode,
	"config":           (*run).hConfig,
	"processIsEmitter": (*run).hProcessIsEmitter,
	"stats":            (*run).hStats,
	"writtenFile":      (*run).hWrittenFile,
	"writeFile":        (*run).hWriteFile,
	"unlinkFile":       (*run).hUnlinkFile,
	"indent":           (*run).hIndent,
}

func (r *run) argInt(call sobek.FunctionCall, i int) int64 {
	v := call.Argument(i)
	if sobek.IsUndefined(v) || sobek.IsNull(v) {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int64(f)
}

func (r *run) argList(v sobek.Value) []sobek.Value {
	obj, ok := v.(*sobek.Object)
	if !ok || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return nil
	}
	n := int(obj.Get("length").ToInteger())
	out := make([]sobek.Value, n)
	for i := range out {
		out[i] = obj.Get(itoa(i))
	}
	return out
}

func (r *run) hWrite(call sobek.FunctionCall) sobek.Value {
	r.print(int(r.argInt(call, 0)), call.Argument(1).String())
	return sobek.Undefined()
}

// print writes a line the program printed to fd (1 stdout, 2 stderr), with its step.
func (r *run) print(fd int, text string) {
	r.writeOut(fd, text)
	r.step("console", text, 0, "The program prints a line; console output is synchronous.", "Chương trình in một dòng; console in ra ngay, đồng bộ.", "")
}

func (r *run) hFormat(call sobek.FunctionCall) sobek.Value {
	return r.rt.ToValue(formatArgs(r.rt, call.Arguments))
}

// hFormatList(args) formats an array of console.log arguments (no spread needed in JS).
func (r *run) hFormatList(call sobek.FunctionCall) sobek.Value {
	return r.rt.ToValue(formatArgs(r.rt, r.argList(call.Argument(0))))
}

func (r *run) hInspect(call sobek.FunctionCall) sobek.Value {
	return r.rt.ToValue(inspectValue(r.rt, call.Argument(0)))
}

// hRunTicks drains the nextTick queue from inside the trampoline's call, so no promise
// job runs between ticks; ticks queued meanwhile run too (R-CB3). A tick that throws
// goes to 'uncaughtException'; if a listener handled it, the drain ends there and what
// is left waits for the next callback-scope close.
func (r *run) hRunTicks(sobek.FunctionCall) sobek.Value {
	for t := r.takeTick(); t != nil; t = r.takeTick() {
		fn, ok := sobek.AssertFunction(t.fn)
		if !ok {
			continue // nextTick validated it; a program cannot swap it
		}
		_, err := fn(sobek.Undefined(), t.args...)
		if err == nil {
			continue
		}
		ex, ok := err.(*sobek.Exception)
		if !ok {
			panic(err) // an interrupt or a stack overflow: it ends the run, as it would in JS
		}
		r.uncaught(ex.Value(), "uncaughtException")
		r.abortDrain()
		break
	}
	return sobek.Undefined()
}

func (r *run) hUncaught(call sobek.FunctionCall) sobek.Value {
	origin := "uncaughtException"
	if o := call.Argument(1); !sobek.IsUndefined(o) {
		origin = o.String()
	}
	r.uncaught(call.Argument(0), origin)
	return sobek.Undefined()
}

func (r *run) timerArg(call sobek.FunctionCall) *timer {
	return r.timers.byID[int(r.argInt(call, 0))]
}

// addTimer arms a timer for setTimeout or setInterval (nodeapi.go armTimer).
func (r *run) addTimer(cb, delay sobek.Value, args []sobek.Value, repeat bool) *timer {
	kind := "setTimeout"
	if repeat {
		kind = "setInterval"
	}
	t := r.newTimer(cb, delay, args, repeat, r.callbackLabel(kind, cb))
	if r.tracing() {
		ms := itoa(int(t.msecs))
		r.step("timer-armed", t.label+" "+ms+" ms", t.line, "The timer is armed: its callback may run in a timers phase once "+ms+" ms have passed (a lower bound, not an exact time).", "Timer được hẹn: callback có thể chạy ở pha timers khi đã qua "+ms+" ms (đây là ngưỡng tối thiểu, không phải giờ chính xác).", "R-T2")
	}
	return t
}

func (r *run) hClearTimer(call sobek.FunctionCall) sobek.Value {
	r.cancelTimer(r.timerArg(call))
	return sobek.Undefined()
}

// cancelTimer is clearTimeout (and timeout.close()); t may be nil.
func (r *run) cancelTimer(t *timer) {
	if t != nil {
		r.clearTimer(t)
		r.step("timer-cleared", t.label, t.line, "The timer is removed from its list and will never run.", "Timer bị gỡ khỏi danh sách và sẽ không bao giờ chạy.", "R-T3d")
	}
}

// hNextTimerAfterThrow hands the trampoline the next due timer of the current pass after
// a timer threw and an 'uncaughtException' listener handled it: Node re-enters
// processTimers without runNextTicks (R-U2, case 912).
func (r *run) hNextTimerAfterThrow(call sobek.FunctionCall) sobek.Value {
	if r.phase != PhaseTimers {
		return sobek.Undefined()
	}
	t := r.nextDueTimer(r.timerPassNow)
	if t == nil {
		return sobek.Undefined()
	}
	start := r.beginTimer(t)
	r.nestedTimers = append(r.nestedTimers, nestedTimer{t: t, start: start})
	this := sobek.Value(sobek.Undefined())
	if t.obj != nil {
		this = t.obj
	}
	args := make([]any, len(t.args))
	for i, a := range t.args {
		args[i] = a
	}
	return r.rt.NewArray(t.cb, this, r.rt.NewArray(args...), t.id)
}

func (r *run) hTimerDone(call sobek.FunctionCall) sobek.Value {
	id := int(r.argInt(call, 0))
	for i, n := range r.nestedTimers {
		if n.t.id == id {
			r.endTimer(n.t, n.start)
			r.nestedTimers = append(r.nestedTimers[:i], r.nestedTimers[i+1:]...)
			break
		}
	}
	return sobek.Undefined()
}

func (r *run) findImmediate(id int) *immediate {
	for _, lists := range [][]*immediate{r.immediates, r.checkRunning} {
		for _, im := range lists {
			if im.id == id {
				return im
			}
		}
	}
	return nil
}

func (r *run) hClearImmediate(call sobek.FunctionCall) sobek.Value {
	if im := r.findImmediate(int(r.argInt(call, 0))); im != nil && !im.cleared {
		im.cleared = true
		r.step("immediate-cleared", im.label, im.line, "clearImmediate removes the callback from the check queue.", "clearImmediate gỡ callback khỏi hàng check.", "R-I2")
	}
	return sobek.Undefined()
}

func (r *run) hMarkMicrotask(call sobek.FunctionCall) sobek.Value {
	r.micro.hint = call.Argument(0).String()
	return sobek.Undefined()
}

// hBusy is the global busy(ms): exactly ms of main-thread CPU.
func (r *run) hBusy(call sobek.FunctionCall) sobek.Value {
	ms := call.Argument(0).ToFloat()
	if !(ms > 0) || math.IsInf(ms, 0) {
		return sobek.Undefined()
	}
	us := int64(math.Round(ms * 1000))
	line, _ := r.callerPos()
	r.cpu(us)
	r.step("busy", "busy("+formatMS(us)+")", line, "The main thread burns CPU; nothing else can run on it meanwhile.", "Main thread chạy CPU liên tục; trong lúc đó không việc gì khác chạy được trên nó.", "")
	return sobek.Undefined()
}

func (r *run) hCPU(call sobek.FunctionCall) sobek.Value {
	r.cpu(r.argInt(call, 0))
	return sobek.Undefined()
}

// hPoolJob(label, costUS, slow, onDone) queues a thread-pool job whose completion calls
// onDone in the poll phase.
func (r *run) hPoolJob(call sobek.FunctionCall) sobek.Value {
	label := call.Argument(0).String()
	cost := max(r.argInt(call, 1), 1)
	slow := call.Argument(2).ToBoolean()
	fn := call.Argument(3)
	line, _ := r.callerPos()
	var job *poolJob
	job = r.submitPoolJob(label, line, cost, slow, func() {
		r.invokeCallback(label, fn, sobek.Undefined(), nil)
	})
	return r.rt.ToValue(job.id)
}

// hKernelEvent(label, delayUS, fn, ref) schedules an event the kernel delivers to the
// poll phase after delayUS (socket data, a connection); it holds no thread.
func (r *run) hKernelEvent(call sobek.FunctionCall) sobek.Value {
	label := call.Argument(0).String()
	at := r.now + max(r.argInt(call, 1), 0)
	if abs := call.Argument(4); !sobek.IsUndefined(abs) {
		at = max(r.argInt(call, 4), r.now)
	}
	fn := call.Argument(2)
	ref := call.Argument(3).ToBoolean()
	line, _ := r.callerPos()
	ev := &ioEvent{readyAt: at, label: label, line: line, ref: ref, kernel: true}
	ev.deliver = func() {
		delete(r.kernelEvents, ev.id)
		r.invokeCallback(label, fn, sobek.Undefined(), nil)
	}
	r.addIO(ev)
	if r.kernelEvents == nil {
		r.kernelEvents = map[int]*ioEvent{}
	}
	r.kernelEvents[ev.id] = ev
	return r.rt.ToValue(ev.id)
}

func (r *run) hCancelEvent(call sobek.FunctionCall) sobek.Value {
	if ev := r.kernelEvents[int(r.argInt(call, 0))]; ev != nil {
		r.cancelIO(ev)
		delete(r.kernelEvents, ev.id)
	}
	return sobek.Undefined()
}

func (r *run) hHandleRef(call sobek.FunctionCall) sobek.Value {
	r.handles += int(r.argInt(call, 0))
	if r.handles < 0 {
		r.handles = 0
	}
	return sobek.Undefined()
}

func (r *run) hQueueClose(call sobek.FunctionCall) sobek.Value {
	label := call.Argument(0).String()
	fn := call.Argument(1)
	line, _ := r.callerPos()
	r.queueClose(label, line, func() { r.invokeCallback(label, fn, sobek.Undefined(), nil) })
	return sobek.Undefined()
}

// hNowUS is the clock behind performance.now, process.hrtime, uptime and console.time.
func (r *run) hNowUS(call sobek.FunctionCall) sobek.Value {
	r.programReadsClock()
	return r.rt.ToValue(r.now)
}

func (r *run) hExit(call sobek.FunctionCall) sobek.Value {
	r.reallyExit(int(r.argInt(call, 0)))
	return sobek.Undefined()
}

func (r *run) hSetExiting(call sobek.FunctionCall) sobek.Value {
	r.exitingJS = true
	return sobek.Undefined()
}

func (r *run) hUnsupported(call sobek.FunctionCall) sobek.Value {
	r.abort(newError(CodeUnsupported, "%s is not simulated by looplab", call.Argument(0).String()))
	return sobek.Undefined()
}

func (r *run) hModuleNotFound(call sobek.FunctionCall) sobek.Value {
	r.abort(newError(CodeModuleNotFound, "Cannot find module '%s'", call.Argument(0).String()))
	return sobek.Undefined()
}

// hCost returns a scenario cost by name, in microseconds (or ns for per-iteration costs).
func (r *run) hCost(call sobek.FunctionCall) sobek.Value {
	c := r.sc.Costs
	var us int64
	switch call.Argument(0).String() {
	case "fs":
		us = c.FSJobUS
	case "pbkdf2ns":
		us = c.PBKDF2PerIterationNS
	case "scrypt":
		us = c.ScryptUS
	case "random":
		us = c.RandomBytesUS
	case "zlibkb":
		us = c.ZlibPerKBUS
	case "dns":
		us = c.DNSLookupUS
	case "syncfs":
		us = c.SyncFSUS
	case "connect":
		us = c.ConnectUS
	case "loopback":
		us = c.LoopbackUS
	}
	return r.rt.ToValue(us)
}

// hGuardLen aborts the run when a string or array the program is about to build would be
// larger than the scenario allows (memory bombs end with a typed error, not an OOM).
func (r *run) hGuardLen(call sobek.FunctionCall) sobek.Value {
	n := call.Argument(0).ToFloat()
	if n > float64(r.sc.Limits.MaxStringLen) {
		r.abort(newError(CodeMemoryBudget, "%s would allocate %.0f elements, over the limit of %d", call.Argument(1).String(), n, r.sc.Limits.MaxStringLen))
	}
	return sobek.Undefined()
}

// hTrace lets built-in modules written in JS add a trace step (event, detail, en, vi, rule).
func (r *run) hTrace(call sobek.FunctionCall) sobek.Value {
	line, _ := r.callerPos()
	r.step(call.Argument(0).String(), call.Argument(1).String(), line, call.Argument(2).String(), call.Argument(3).String(), call.Argument(4).String())
	return sobek.Undefined()
}

// hFactory(name) returns the function expression of a built-in module's JS file.
func (r *run) hFactory(call sobek.FunctionCall) sobek.Value {
	name := strings.ReplaceAll(call.Argument(0).String(), "/", "_")
	return r.ex.sim.builtins.instantiate(r.rt, name)
}

// hNextImmediateAfterThrow hands the trampoline the next immediate of the current check
// pass after one threw into an 'uncaughtException' listener: processImmediate is called
// again and its first immediate runs without runNextTicks first.
func (r *run) hNextImmediateAfterThrow(call sobek.FunctionCall) sobek.Value {
	for len(r.checkRunning) > 0 {
		im := r.checkRunning[0]
		r.checkRunning = r.checkRunning[1:]
		if im.cleared {
			continue
		}
		im.cleared = true
		r.step("immediate-runs", im.label, im.line, "The next immediate runs at once: the one before it threw, so Node re-entered processImmediate without draining ticks.", "Immediate kế tiếp chạy ngay: immediate trước bị lỗi nên Node gọi lại processImmediate mà không chạy nextTick trước.", "R-U2")
		this := sobek.Value(sobek.Undefined())
		if im.obj != nil {
			this = im.obj
		}
		return r.rt.NewArray(im.fn, this, r.rt.NewArray(valuesToAny(im.args)...))
	}
	return sobek.Undefined()
}

// hAbortDrain marks the current callback scope as failed: the tick queue stops and the
// pending promise jobs are kept for the next scope close (see stashJobs).
func (r *run) hAbortDrain(call sobek.FunctionCall) sobek.Value {
	r.abortDrain()
	return sobek.Undefined()
}

func (r *run) abortDrain() {
	if !r.exiting {
		r.drainAborted = true
		r.stashedJobs = append(r.stashedJobs, stashJobs(r.rt)...)
	}
}

func valuesToAny(vs []sobek.Value) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// hHTTPListen(port, backlog, onRequest) starts an HTTP server; it keeps the loop alive.
func (r *run) hHTTPListen(call sobek.FunctionCall) sobek.Value {
	port := r.listen(int(r.argInt(call, 0)), int(r.argInt(call, 1)), call.Argument(2))
	r.handles++
	line, _ := r.callerPos()
	r.step("listen", "HTTP server on port "+itoa(port), line, "The server listens; the kernel accepts connections for it into its accept queue.", "Server lắng nghe; kernel nhận connection vào hàng đợi accept thay cho nó.", "")
	return r.rt.ToValue(port)
}

// hHTTPEnd(reqId, status, body) is res.end(): the answer is complete.
func (r *run) hHTTPEnd(call sobek.FunctionCall) sobek.Value {
	if q := r.http.byID[int(r.argInt(call, 0))]; q != nil {
		body := ""
		if v := call.Argument(2); !sobek.IsUndefined(v) {
			body = v.String()
		}
		r.endRequest(q, int(r.argInt(call, 1)), body)
	}
	return sobek.Undefined()
}

// hHTTPClose(port) stops a server from accepting connections.
func (r *run) hHTTPClose(call sobek.FunctionCall) sobek.Value {
	if srv := r.http.servers[int(r.argInt(call, 0))]; srv != nil && srv.open {
		srv.open = false
		r.handles--
	}
	return sobek.Undefined()
}

// hHTTPRequest(url, method, body, onResponse(status, body), onError(code, message)).
func (r *run) hHTTPRequest(call sobek.FunctionCall) sobek.Value {
	r.outbound(call.Argument(0).String(), call.Argument(1).String(), call.Argument(2).String(), call.Argument(3), call.Argument(4))
	return sobek.Undefined()
}

// hDBPool(size) -> the id of a new connection pool of size connections (0: the default).
func (r *run) hDBPool(call sobek.FunctionCall) sobek.Value {
	return r.rt.ToValue(r.dbNewPool(int(r.argInt(call, 0))))
}

// hDBQuery(poolID, sql, onDone(rowsJSON)).
func (r *run) hDBQuery(call sobek.FunctionCall) sobek.Value {
	r.dbQueryStart(int(r.argInt(call, 0)), call.Argument(1).String(), call.Argument(2))
	return sobek.Undefined()
}

// hELU() -> [idle ms, active ms] since the start, for performance.eventLoopUtilization.
func (r *run) hELU(call sobek.FunctionCall) sobek.Value {
	idle := float64(r.idleUS) / 1000
	return r.rt.NewArray(idle, float64(r.now)/1000-idle)
}

// hDelaySamples(fromUS, resolutionMS) -> the intervals in ns a monitorEventLoopDelay timer
// enabled at fromUS measured so far (each includes the resolution, as in Node).
func (r *run) hDelaySamples(call sobek.FunctionCall) sobek.Value {
	res := msToUS(call.Argument(1).ToFloat())
	samples := r.delaySamples(r.argInt(call, 0), r.now, res)
	out := make([]any, len(samples))
	for i, d := range samples {
		out[i] = (d + res) * 1000
	}
	return r.rt.NewArray(out...)
}

// hWorkerInfo() -> {isMain, threadId, data}: what worker_threads tells this isolate.
func (r *run) hWorkerInfo(call sobek.FunctionCall) sobek.Value {
	o := r.rt.NewObject()
	_ = o.Set("isMain", r.iso.worker == nil)
	_ = o.Set("threadId", r.iso.num)
	if r.iso.worker != nil && r.iso.dataJSON != "" {
		_ = o.Set("data", r.iso.dataJSON)
	}
	return o
}

// hWorkerStart(source, name, module, dataJSON, events) -> worker id.
func (r *run) hWorkerStart(call sobek.FunctionCall) sobek.Value {
	data := ""
	if v := call.Argument(3); !sobek.IsUndefined(v) {
		data = v.String()
	}
	h := r.startWorker(call.Argument(0).String(), call.Argument(1).String(), ModuleKind(call.Argument(2).String()), data, call.Argument(4))
	if r.workers == nil {
		r.workers = map[int]*workerHandle{}
	}
	r.workers[h.id] = h
	line, _ := r.callerPos()
	r.step("worker-starts", call.Argument(1).String(), line, "A worker thread starts: its own runtime and event loop, on a thread of its own.", "Một worker thread khởi động: runtime và event loop riêng, trên thread riêng.", "")
	return r.rt.ToValue(h.id)
}

func (r *run) workerArg(call sobek.FunctionCall) *workerHandle {
	return r.workers[int(r.argInt(call, 0))]
}

// hWorkerPost(id, json) is Worker#postMessage.
func (r *run) hWorkerPost(call sobek.FunctionCall) sobek.Value {
	if h := r.workerArg(call); h != nil {
		r.postToWorker(h, call.Argument(1).String())
	}
	return sobek.Undefined()
}

// hWorkerStop(id) is Worker#terminate.
func (r *run) hWorkerStop(call sobek.FunctionCall) sobek.Value {
	if h := r.workerArg(call); h != nil {
		r.terminateWorker(h)
	}
	return sobek.Undefined()
}

// hWorkerRef(id, ref) is Worker#ref/unref: an unref'd worker does not keep its parent alive.
func (r *run) hWorkerRef(call sobek.FunctionCall) sobek.Value {
	h := r.workerArg(call)
	ref := call.Argument(1).ToBoolean()
	if h != nil && !h.exited && h.ref != ref {
		h.ref = ref
		if ref {
			r.handles++
		} else {
			r.handles--
		}
	}
	return sobek.Undefined()
}

// hPortPost(json) is parentPort.postMessage in a worker.
func (r *run) hPortPost(call sobek.FunctionCall) sobek.Value {
	if r.iso.worker != nil {
		r.notifyParent("message", call.Argument(0).String())
	}
	return sobek.Undefined()
}

// hPortListen(fn, ref) receives the parent's messages; a listening port keeps the worker alive.
func (r *run) hPortListen(call sobek.FunctionCall) sobek.Value {
	ref := call.Argument(1).ToBoolean()
	if ref && (r.portFn == nil || !r.portRef) {
		r.handles++
	}
	if !ref && r.portFn != nil && r.portRef {
		r.handles--
	}
	r.portFn, r.portRef = call.Argument(0), ref
	return sobek.Undefined()
}

// hLocalMessage(fn, json) delivers a MessageChannel message in this isolate's poll phase.
func (r *run) hLocalMessage(call sobek.FunctionCall) sobek.Value {
	fn, data := call.Argument(0), call.Argument(1)
	// The port's async handle is signalled at once (same thread): the next poll delivers
	// it, and the pending message keeps the loop alive.
	r.addIO(&ioEvent{readyAt: r.now, label: "MessagePort message", kernel: true, ref: true, ctx: r.curReq, deliver: func() {
		r.invokeCallback("message", fn, sobek.Undefined(), []sobek.Value{data})
	}})
	return sobek.Undefined()
}

// hReadText(path) -> a file's text, or undefined.
func (r *run) hReadText(call sobek.FunctionCall) sobek.Value {
	src, ok := r.fileSource(resolvePath(call.Argument(0).String()))
	if !ok {
		return sobek.Undefined()
	}
	return r.rt.ToValue(src)
}
