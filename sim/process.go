package sim

import (
	"slices"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// rejection is a promise rejected with no handler ([PR] maybeUnhandledPromises).
type rejection struct {
	promise engine.Value // kept
	reason  engine.Value // kept
	uid     int
	warned  bool
}

// trackRejection is V8's PromiseRejectCallback as Node uses it (R-U1): told when a
// promise is rejected with no handler, and when a handler is added to one later.
func (r *run) trackRejection(p, reason engine.Value, handled bool) {
	if !handled {
		r.rej.rejUID++
		info := &rejection{promise: r.js.Keep(p), reason: r.js.Keep(reason), uid: r.rej.rejUID}
		r.rej.maybeUnhandled = append(r.rej.maybeUnhandled, info)
		r.rej.pendingUnhandled = append(r.rej.pendingUnhandled, info)
		return
	}
	for i, info := range r.rej.maybeUnhandled {
		if info.promise.Same(p) {
			r.rej.maybeUnhandled = append(r.rej.maybeUnhandled[:i], r.rej.maybeUnhandled[i+1:]...)
			if info.warned {
				r.rej.asyncHandled = append(r.rej.asyncHandled, info)
			}
			return
		}
	}
}

// forgetRejections drops the unhandled rejections with reason: promises Node's own code
// handles (the ES-module loader's, entryRejected).
func (r *run) forgetRejections(reason engine.Value) {
	same := func(info *rejection) bool { return info.reason.Same(reason) }
	r.rej.maybeUnhandled = slices.DeleteFunc(r.rej.maybeUnhandled, same)
	r.rej.pendingUnhandled = slices.DeleteFunc(r.rej.pendingUnhandled, same)
}

func (r *run) findUnhandled(info *rejection) bool {
	for _, x := range r.rej.maybeUnhandled {
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
	did := len(r.rej.asyncHandled) > 0
	for len(r.rej.asyncHandled) > 0 && !r.exiting {
		info := r.rej.asyncHandled[0]
		r.rej.asyncHandled = r.rej.asyncHandled[1:]
		if !r.emitProcess("rejectionHandled", info.promise) {
			r.writeErr("(node:" + itoa(fakePID) + ") PromiseRejectionHandledWarning: Promise rejection was handled asynchronously (rejection id: " + itoa(info.uid) + ")")
		}
	}
	n := len(r.rej.pendingUnhandled)
	for ; n > 0 && !r.exiting; n-- {
		info := r.rej.pendingUnhandled[0]
		r.rej.pendingUnhandled = r.rej.pendingUnhandled[1:]
		if !r.findUnhandled(info) {
			continue
		}
		info.warned = true
		did = true
		r.step(trace.UnhandledRejection, "", 0)
		r.handleUnhandled(info)
	}
	return did || len(r.rej.pendingUnhandled) > 0
}

func (r *run) handleUnhandled(info *rejection) {
	reason, promise := info.reason, info.promise
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
	case legacyRejections: // before Node 15 (R-V2): the event, else a warning; the process goes on
		if !r.emitProcess("unhandledRejection", reason, promise) {
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

// legacyRejections is the unhandled-rejection mode of releases before Node 15 (R-V2),
// their default; the --unhandled-rejections flag cannot ask for it.
const legacyRejections = "legacy"

func (r *run) warnUnhandled(info *rejection) {
	r.writeErr("(node:" + itoa(fakePID) + ") UnhandledPromiseRejectionWarning: " + r.errorText(info.reason))
}

// rejectionError is the error Node raises for an unhandled rejection: the reason itself
// if it is error-like, else an UnhandledPromiseRejection error.
func (r *run) rejectionError(reason engine.Value) engine.Value {
	if reason.IsObject() && r.js.Has(reason, "stack") {
		return reason
	}
	v, _, ok := r.call(r.api.unhandledRejErr, r.js.Undefined(), reason)
	if !ok {
		return reason
	}
	return v
}

// uncaught handles an exception nothing caught: 'uncaughtException' listeners if any,
// else the process dies with code 1 (R-U2). It returns normally only when handled.
func (r *run) uncaught(err engine.Value, origin string) {
	if r.exiting {
		return
	}
	r.emitProcess("uncaughtExceptionMonitor", err, r.js.String(origin))
	if r.exiting {
		return
	}
	if r.listenerCount("uncaughtException") > 0 {
		r.step(trace.UncaughtException, origin, 0)
		r.emitHandlerOrDie(err, origin)
		return
	}
	r.fatalFrom(err, origin == "unhandledRejection")
}

// emitHandlerOrDie emits 'uncaughtException'; a listener that throws in turn ends the
// process at once with code 7 (Node's exception in the fatal exception handler): the
// new error goes to stderr and no 'exit' listener runs.
func (r *run) emitHandlerOrDie(err engine.Value, origin string) {
	if r.exiting {
		return
	}
	_, exc, _ := r.call(r.api.emit, r.js.Undefined(), r.js.String("uncaughtException"), err, r.js.String(origin))
	if exc == nil {
		return
	}
	r.step(trace.FatalException, "", 0, about{say: trace.CaseHandlerThrew})
	if r.iso.worker != nil {
		workersKey.of(r).notifyParent("error", workersKey.of(r).errorPayload(exc.Value))
	} else {
		r.writeErr(strings.TrimSuffix(r.errs.FormatUncaught(exc.Value, r.inspect(exc.Value), false), "\n"))
	}
	r.reallyExit(7)
}

// fatal is the end of a process killed by an uncaught exception: 'exit' listeners run
// with code 1 (no microtask drain after them), the error goes to stderr, or, in a
// worker, to the parent's Worker object as an 'error' event (which prints it only when
// the parent has no 'error' listener, as an uncaught exception of the parent).
func (r *run) fatal(err engine.Value) { r.fatalFrom(err, false) }

// fatalFrom is fatal for an error that was thrown, or that rejected a promise
// (rejection): Node's report points at different places.
func (r *run) fatalFrom(err engine.Value, rejection bool) {
	if r.exiting {
		return
	}
	r.step(trace.FatalException, "", 0)
	if loaderKey.of(r).notFound.IsObject() && err.Same(loaderKey.of(r).notFound) && r.stopErr == nil {
		msg, _, _ := strings.Cut(r.js.Get(err, "message").String(), "\n")
		r.stopErr = newError(CodeModuleNotFound, "%s", msg)
	}
	if r.isStackOverflow(err) && r.stopErr == nil {
		r.stopErr = newError(CodeStackOverflow, "Maximum call stack size exceeded (more than %d frames)", r.sc.Limits.MaxCallDepth)
	}
	if r.iso.worker != nil { // the parent's Worker emits it as 'error': printed there if unhandled
		workersKey.of(r).notifyParent("error", workersKey.of(r).errorPayload(err))
	} else {
		r.writeErr(strings.TrimSuffix(r.errs.FormatUncaught(err, r.inspect(err), rejection), "\n"))
	}
	if !r.exitingJS {
		r.exitingJS = true
		r.setJSExitCode(1)
		r.setJSExiting()
		r.emitProcess("exit", r.js.Int(1))
	}
	// The code is process.exitCode as the 'exit' listeners left it, 0 included (Node's
	// env->exit_code(kGenericUserError)), else 1.
	code := 1
	if r.jsExitCodeSet() {
		code = r.jsExitCode(0)
	}
	r.reallyExit(code)
}

// reallyExit ends the process at once with code (process.reallyExit).
func (r *run) reallyExit(code int) {
	r.step(trace.ProcessExits, "", 0, about{arg: itoa(code)})
	engine.Abort(&exitSignal{code: code})
}

// emitBeforeExit emits 'beforeExit' when the loop runs dry (R-X1); it is a callback
// boundary and may schedule more work.
func (r *run) emitBeforeExit() {
	r.flushLeftovers()
	if r.listenerCount("beforeExit") == 0 {
		return
	}
	r.enterPhase(PhaseBeforeEx)
	r.step(trace.BeforeExit, "", 0)
	r.invokeCallback("beforeExit", r.api.emit, r.js.Undefined(), []engine.Value{r.js.String("beforeExit"), r.js.Int(int64(r.jsExitCode(0)))})
}

// emitExitNatural is the natural end of the process: 'exit' is emitted through a
// callback scope, so promise jobs queued by listeners still run (R-X2, 907); nextTick is
// ignored from now on. An ES module whose top-level await never settled exits with 13
// (R-M6); since 22.15 the listeners' argument says so too (R-V5).
func (r *run) emitExitNatural() {
	if r.exiting {
		return
	}
	r.enterPhase(PhaseExit)
	code := r.jsExitCode(0)
	r.exitingJS = true
	r.setJSExiting()
	if r.entryPromise.IsObject() && r.js.PromiseState(r.entryPromise) == engine.Pending {
		r.writeErr("Warning: Detected unsettled top-level await at " + r.entry().name)
		if r.jsExitCodeSet() == false {
			r.setJSExitCode(13)
		}
		if r.prof.Has(ChangeTLAExit13) {
			code = r.jsExitCode(0)
		}
	}
	r.step(trace.Exit, "", 0)
	if r.listenerCount("exit") > 0 {
		r.invokeCallback("exit", r.api.emit, r.js.Undefined(), []engine.Value{r.js.String("exit"), r.js.Int(int64(code))})
	}
	if !r.exiting {
		r.exitCode = r.jsExitCode(0)
		r.exiting = true
	}
}

// emitProcess calls process.emit(name, args...) and reports whether a listener ran. Called
// from Go outside JS it is a callback boundary; called from inside JS it nests. Until a
// listener is added process is no emitter and nothing runs.
func (r *run) emitProcess(name string, args ...engine.Value) bool {
	if r.exiting {
		return false
	}
	all := append([]engine.Value{r.js.String(name)}, args...)
	v, exc, ok := r.call(r.api.emit, r.js.Undefined(), all...)
	if exc != nil {
		r.fatal(exc.Value) // a listener threw: Node dies with it
		return false
	}
	return ok && v.Truthy()
}

func (r *run) listenerCount(name string) int {
	v, _, ok := r.call(r.api.listenerCount, r.js.Undefined(), r.js.String(name))
	if !ok {
		return 0
	}
	return int(v.Int())
}

// jsExitCode reads process.exitCode (def when it is unset or 0, or process was never made).
func (r *run) jsExitCode(def int) int {
	v, _, ok := r.call(r.api.exitCode, r.js.Undefined())
	if !ok || v.IsNullish() {
		return def
	}
	if c := int(v.Int()); c != 0 {
		return c
	}
	return def
}

func (r *run) jsExitCodeSet() bool {
	v, _, ok := r.call(r.api.exitCode, r.js.Undefined())
	return ok && !v.IsNullish()
}

// setJSExitCode sets process.exitCode, making process if the program never did.
func (r *run) setJSExitCode(c int) {
	r.call(r.api.setExitCode, r.js.Undefined(), r.js.Int(int64(c)))
}

// setJSExiting sets process._exiting (a process made later starts with it set).
func (r *run) setJSExiting() {
	r.call(r.api.setExiting, r.js.Undefined())
}

// isStackOverflow reports whether an uncaught error is the engine's stack overflow (an
// uncaught one ends the run with a typed stack_overflow error besides Node's output).
func (r *run) isStackOverflow(v engine.Value) bool {
	if !v.IsError() {
		return false
	}
	msg := r.js.Get(v, "message").String()
	return msg == "stack overflow" || msg == "Maximum call stack size exceeded"
}

// fakePID is the process id programs see (process.pid, warnings).
const fakePID = 4242

// errorMessage is "Name: message" of an error value (for a worker's 'error' event).
func (r *run) errorMessage(v engine.Value) string {
	if v.IsObject() {
		if m := r.js.Get(v, "message"); !m.IsUndefined() {
			return m.String()
		}
	}
	return v.String()
}

// errorText renders an error value for a warning: util.inspect's text of it.
func (r *run) errorText(v engine.Value) string { return r.inspect(v) }

// inspect is util.inspect(v).
func (r *run) inspect(v engine.Value) string {
	s, err := r.ins.Inspect(v)
	if err != nil {
		return v.String()
	}
	return s
}
