package sim

import (
	"github.com/grafana/sobek"
)

// rejection is a promise rejected with no handler ([PR] maybeUnhandledPromises).
type rejection struct {
	promise *sobek.Promise
	reason  sobek.Value
	uid     int
	warned  bool
}

// trackRejection is V8's PromiseRejectCallback as Node uses it (R-U1).
func (r *run) trackRejection(p *sobek.Promise, op sobek.PromiseRejectionOperation) {
	switch op {
	case sobek.PromiseRejectionReject:
		r.rejUID++
		info := &rejection{promise: p, reason: p.Result(), uid: r.rejUID}
		r.maybeUnhandled = append(r.maybeUnhandled, info)
		r.pendingUnhandled = append(r.pendingUnhandled, info)
	case sobek.PromiseRejectionHandle:
		for i, info := range r.maybeUnhandled {
			if info.promise == p {
				r.maybeUnhandled = append(r.maybeUnhandled[:i], r.maybeUnhandled[i+1:]...)
				if info.warned {
					r.asyncHandled = append(r.asyncHandled, info)
				}
				return
			}
		}
	}
}

func (r *run) findUnhandled(info *rejection) bool {
	for _, x := range r.maybeUnhandled {
		if x == info {
			return true
		}
	}
	return false
}

// processRejections is processPromiseRejections [PR]: 'rejectionHandled' for late
// handlers, then each still-unhandled rejection per the --unhandled-rejections mode.
// It reports whether it may have scheduled ticks or microtasks.
func (r *run) processRejections() bool {
	did := len(r.asyncHandled) > 0
	for len(r.asyncHandled) > 0 && !r.exiting {
		info := r.asyncHandled[0]
		r.asyncHandled = r.asyncHandled[1:]
		if !r.emitProcess("rejectionHandled", r.rt.ToValue(info.promise)) {
			r.writeErr("(node:" + itoa(fakePID) + ") PromiseRejectionHandledWarning: Promise rejection was handled asynchronously (rejection id: " + itoa(info.uid) + ")")
		}
	}
	n := len(r.pendingUnhandled)
	for ; n > 0 && !r.exiting; n-- {
		info := r.pendingUnhandled[0]
		r.pendingUnhandled = r.pendingUnhandled[1:]
		if !r.findUnhandled(info) {
			continue
		}
		info.warned = true
		did = true
		r.step("unhandled-rejection", "", 0, "A promise was rejected and no handler was attached by the end of the tick and microtask drain.", "Một Promise bị reject mà tới cuối lượt chạy nextTick và microtask vẫn chưa có handler.", "R-U1")
		r.handleUnhandled(info)
	}
	return did || len(r.pendingUnhandled) > 0
}

func (r *run) handleUnhandled(info *rejection) {
	reason, promise := info.reason, r.rt.ToValue(info.promise)
	switch r.sc.UnhandledRejections {
	case "none":
		r.emitProcess("unhandledRejection", reason, promise)
	case "warn":
		r.emitProcess("unhandledRejection", reason, promise)
		r.warnUnhandled(info)
	case "strict":
		r.uncaught(r.rejectionError(reason), "unhandledRejection")
		if !r.exiting && !r.emitProcess("unhandledRejection", reason, promise) {
			r.warnUnhandled(info)
		}
	case "warn-with-error-code":
		if !r.emitProcess("unhandledRejection", reason, promise) {
			r.warnUnhandled(info)
			r.setJSExitCode(1)
		}
	default: // throw
		if !r.emitProcess("unhandledRejection", reason, promise) {
			r.uncaught(r.rejectionError(reason), "unhandledRejection")
		}
	}
}

func (r *run) warnUnhandled(info *rejection) {
	r.writeErr("(node:" + itoa(fakePID) + ") UnhandledPromiseRejectionWarning: " + r.errorText(info.reason))
}

// rejectionError is the error Node raises for an unhandled rejection: the reason itself
// if it is error-like, else an UnhandledPromiseRejection error.
func (r *run) rejectionError(reason sobek.Value) sobek.Value {
	if obj, ok := reason.(*sobek.Object); ok && obj.Get("stack") != nil {
		return reason
	}
	v, err := mustCallable(r.use("unhandledRejectionError"))(sobek.Undefined(), reason)
	if err != nil {
		return reason
	}
	return v
}

// uncaught handles an exception nothing caught: 'uncaughtException' listeners if any,
// else the process dies with code 1 (R-U2). It returns normally only when handled.
func (r *run) uncaught(err sobek.Value, origin string) {
	if r.exiting {
		return
	}
	r.emitProcess("uncaughtExceptionMonitor", err, r.rt.ToValue(origin))
	if r.exiting {
		return
	}
	if r.listenerCount("uncaughtException") > 0 {
		r.step("uncaught-exception", origin, 0, "An exception escaped a callback; the 'uncaughtException' listener handles it and the process goes on.", "Một exception thoát khỏi callback; listener 'uncaughtException' xử lý nó và process chạy tiếp.", "R-U2")
		r.emitProcess("uncaughtException", err, r.rt.ToValue(origin))
		return
	}
	r.fatal(err)
}

// fatal is the end of a process killed by an uncaught exception: 'exit' listeners run
// with code 1 (no microtask drain after them), the error goes to stderr, or, in a
// worker, to the parent's Worker object as an 'error' event (which prints it only when
// the parent has no 'error' listener, as an uncaught exception of the parent).
func (r *run) fatal(err sobek.Value) {
	if r.exiting {
		return
	}
	r.step("fatal-exception", "", 0, "The exception is not handled: Node prints it, runs the 'exit' listeners with code 1 and ends the process; nothing queued runs.", "Exception không được xử lý: Node in lỗi, chạy các listener 'exit' với mã 1 rồi kết thúc process; mọi thứ còn trong hàng đợi đều bị bỏ.", "R-U2")
	if r.iso.worker != nil { // the parent's Worker emits it as 'error': printed there if unhandled
		r.notifyParent("error", r.errorMessage(err))
	} else {
		r.writeErr(r.errorText(err))
	}
	if !r.exitingJS {
		r.exitingJS = true
		r.setJSExitCode(1)
		r.setJSExiting()
		r.emitProcess("exit", r.rt.ToValue(1))
	}
	r.reallyExit(r.jsExitCode(1))
}

// reallyExit ends the process at once with code (process.reallyExit).
func (r *run) reallyExit(code int) {
	r.step("process-exits", "", 0, "The process exits with code "+itoa(code)+".", "Process thoát với mã "+itoa(code)+".", "R-X2")
	sig := &exitSignal{code: code}
	r.applySignal(sig)
	r.rt.Interrupt(sig)
}

// emitBeforeExit emits 'beforeExit' when the loop runs dry (R-X1); it is a callback
// boundary and may schedule more work.
func (r *run) emitBeforeExit() {
	r.flushLeftovers()
	if r.listenerCount("beforeExit") == 0 {
		return
	}
	r.enterPhase(PhaseBeforeEx)
	r.step("beforeExit", "", 0, "The loop has nothing left to do, so Node emits 'beforeExit'; a listener may schedule more work.", "Event loop hết việc nên Node phát 'beforeExit'; listener có thể hẹn thêm việc.", "R-X1")
	r.invokeCallback("beforeExit", r.use("emit"), r.processObj, []sobek.Value{r.rt.ToValue("beforeExit"), r.rt.ToValue(r.jsExitCode(0))})
}

// emitExitNatural is the natural end of the process: 'exit' is emitted through a
// callback scope, so promise jobs queued by listeners still run (R-X2, 907); nextTick is
// ignored from now on. An ES module whose top-level await never settled exits with 13
// (R-M6).
func (r *run) emitExitNatural() {
	if r.exiting {
		return
	}
	r.enterPhase(PhaseExit)
	code := r.jsExitCode(0)
	r.exitingJS = true
	r.setJSExiting()
	if r.entryPromise != nil && r.entryPromise.State() == sobek.PromiseStatePending {
		r.writeErr("Warning: Detected unsettled top-level await at " + r.ex.prog.Name)
		if r.jsExitCodeSet() == false {
			r.setJSExitCode(13)
		}
	}
	r.step("exit", "", 0, "Nothing keeps the loop alive: Node emits 'exit' and the process ends.", "Không còn gì giữ event loop sống: Node phát 'exit' và process kết thúc.", "R-X2")
	if r.listenerCount("exit") > 0 {
		r.invokeCallback("exit", r.use("emit"), r.processObj, []sobek.Value{r.rt.ToValue("exit"), r.rt.ToValue(code)})
	}
	if !r.exiting {
		r.exitCode = r.jsExitCode(0)
		r.exiting = true
	}
}

// emitProcess calls process.emit(name, args...) and reports whether a listener ran. Called
// from Go outside JS it is a callback boundary; called from inside JS it nests. Until a
// listener is added process is no emitter and nothing runs.
func (r *run) emitProcess(name string, args ...sobek.Value) bool {
	if r.exiting || !r.processEmits {
		return false
	}
	all := append([]sobek.Value{r.rt.ToValue(name)}, args...)
	v, err := mustCallable(r.use("emit"))(r.processObj, all...)
	if err != nil {
		r.handleCallError(err)
		return false
	}
	return v != nil && v.ToBoolean()
}

func (r *run) listenerCount(name string) int {
	if !r.processEmits {
		return 0
	}
	v, err := mustCallable(r.use("listenerCount"))(sobek.Undefined(), r.rt.ToValue(name))
	if err != nil {
		return 0
	}
	return int(v.ToInteger())
}

// jsExitCode reads process.exitCode (def when it is unset or 0, or process was never made).
func (r *run) jsExitCode(def int) int {
	if r.processObj == nil {
		return def
	}
	v := r.processObj.Get("exitCode")
	if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return def
	}
	if c := int(v.ToInteger()); c != 0 {
		return c
	}
	return def
}

func (r *run) jsExitCodeSet() bool {
	if r.processObj == nil {
		return false
	}
	v := r.processObj.Get("exitCode")
	return v != nil && !sobek.IsUndefined(v) && !sobek.IsNull(v)
}

// setJSExitCode sets process.exitCode, making process if the program never did.
func (r *run) setJSExitCode(c int) {
	if r.processObj == nil {
		r.use("process")
	}
	defineOwn(r.processObj, "exitCode", r.rt.ToValue(c))
}

// setJSExiting sets process._exiting (a process made later starts with it set).
func (r *run) setJSExiting() {
	if r.processObj != nil {
		defineOwn(r.processObj, "_exiting", r.rt.ToValue(true))
	}
}

// fakePID is the process id programs see (process.pid, warnings).
const fakePID = 4242

// errorMessage is "Name: message" of an error value (for a worker's 'error' event).
func (r *run) errorMessage(v sobek.Value) string {
	if obj, ok := v.(*sobek.Object); ok {
		if m := obj.Get("message"); m != nil && !sobek.IsUndefined(m) {
			return m.String()
		}
	}
	if v == nil {
		return "undefined"
	}
	return v.String()
}
