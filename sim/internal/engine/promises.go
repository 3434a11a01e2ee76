package engine

import (
	"errors"
	"fmt"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// This file tells the host what a pending promise job is, for a trace that names each
// job and the code that registered it (Node's async_hooks and promise hooks see the same
// facts in V8): the kind of job and of handler, the promise it settles, where an await
// waits, and, through the then hook, where each Promise.prototype.then call was made.
// Nothing here runs JavaScript.

// JobKind is what a pending promise job does.
type JobKind int

// The kinds of job.
const (
	JobOther    JobKind = iota // a job of the engine's own (a module's evaluation)
	JobReaction                // a promise reaction: calls its handler with the settled value
	JobThenable                // resolves a promise with a thenable: calls the thenable's then
)

// HandlerKind is what a reaction's handler is.
type HandlerKind int

// The kinds of handler.
const (
	// HandlerNone: no function (.then(f) reacting to a rejection, .catch(g) to a value):
	// the reaction passes the value or the reason on to its own promise.
	HandlerNone       HandlerKind = iota
	HandlerFunction               // a JavaScript function (Job.Handler)
	HandlerAwait                  // an await's continuation: the async function resumes (Job.Await)
	HandlerSettle                 // another promise's resolve or reject function (Promise.race, p.then(resolve))
	HandlerCombinator             // an element of Promise.all, allSettled or any (Job.Combinator)
	HandlerFinally                // .finally's wrapper around its callback (Job.Handler is the callback)
	HandlerNative                 // another native function
)

// Position is a place in a script.
type Position struct {
	File         string
	Line, Column int
}

// Job describes a pending job for the trace.
type Job struct {
	Kind JobKind
	// Handler is the function a reaction calls: the program's function for
	// HandlerFunction and HandlerFinally, undefined otherwise.
	Handler Value
	Via     HandlerKind
	// Reject is true for a reaction to a rejection.
	Reject bool
	// Promise identifies the promise the job settles (PromiseID): a reaction's own
	// promise (0 when it has none, as an await's continuation), the promise a thenable
	// job resolves.
	Promise uintptr
	// Await is where the async function waits (HandlerAwait), or, for a thenable job,
	// where the await whose value the job adopts waits (zero when no await waits on it).
	Await Position
	// Combinator is "all", "allSettled" or "any" (HandlerCombinator).
	Combinator string
	// Generator is true when an async generator resumes (HandlerAwait): after an await
	// or a yield in its body.
	Generator bool
}

// natives are the engine's functions the host recognises by address, read once per
// process from the self-check's runtime (learnNatives) before any other runtime is made.
var natives struct {
	then, allElement, finallyThen uintptr
	thenableJob                   uintptr
	asyncGenResolve               uintptr // an async generator's await and yield continuation
}

// cfunc mirrors JSObject.u.cfunc of a C function object (class C_FUNCTION).
type cfunc struct {
	realm  uintptr
	fn     uintptr
	length uint8
	cproto uint8
	magic  int16
}

// objectPtr is the JSObject an object value points to.
func objectPtr(v lib.TJSValue) uintptr { return *(*uintptr)(unsafe.Pointer(&v.Fu)) }

func objClass(p uintptr) uint32 { return uint32(at[lib.TJSObject](p).Fclass_id) }

// cfuncOf is the C function record of a C function object p.
func cfuncOf(p uintptr) *cfunc { return at[cfunc](p + 40) }

// cfuncDataOf is the record of a C function with data (class C_FUNCTION_DATA).
func cfuncDataOf(p uintptr) *lib.TJSCFunctionDataRecord {
	return at[lib.TJSCFunctionDataRecord](*at[uintptr](p + 40))
}

// PromiseID identifies a promise object (its address while it lives), 0 for a value
// that is not a promise.
func (r *Runtime) PromiseID(v Value) uintptr {
	if v.v.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(v.v)) != lib.EJS_CLASS_PROMISE {
		return 0
	}
	return objectPtr(v.v)
}

// FunctionPosition is where the JavaScript function v is defined; ok is false for a
// native function or a value that is not a function.
func (r *Runtime) FunctionPosition(v Value) (Position, bool) {
	b := functionBytecode(v.v)
	if b == 0 {
		return Position{}, false
	}
	fb := at[lib.TJSFunctionBytecode](b)
	line, col := lineOf(b, 0)
	if line == 0 {
		return Position{}, false
	}
	if l, c := functionStart(b); l > 0 {
		line, col = l, c
	}
	return Position{File: r.atomString(fb.Fdebug.Ffilename), Line: line, Column: col}, true
}

// functionStart is the line and column the engine's pc-to-line table starts from: where
// the function's source begins.
func functionStart(b uintptr) (line, col int) {
	fb := at[lib.TJSFunctionBytecode](b)
	if *at[uint8](b + 18)&0x4 == 0 || fb.Fdebug.Fpc2line_buf == 0 {
		return 0, 0
	}
	buf := unsafe.Slice(at[byte](fb.Fdebug.Fpc2line_buf), fb.Fdebug.Fpc2line_len)
	p := 0
	l, ok := leb128(buf, &p)
	if !ok {
		return 0, 0
	}
	c, ok := leb128(buf, &p)
	if !ok {
		return 0, 0
	}
	return int(l) + 1, int(c) + 1
}

// describeJob reads the job entry at e.
func (r *Runtime) describeJob(e uintptr) Job {
	entry := at[lib.TJSJobEntry](e)
	argv := e + 40
	arg := func(i int) lib.TJSValue { return *at[lib.TJSValue](argv + uintptr(i)*16) }
	job := Job{Handler: r.undef}
	switch {
	case entry.Fargc == 5: // promise_reaction_job(resolve, reject, handler, is_reject, value)
		job.Kind = JobReaction
		job.Reject = r.wrap(arg(3)).Truthy()
		job.Promise = settledBy(arg(0))
		r.describeHandler(&job, arg(2))
	case entry.Fargc == 3 && entry.Fjob_func == natives.thenableJob: // (promise, thenable, then)
		job.Kind = JobThenable
		if v := arg(0); v.Ftag == lib.EJS_TAG_OBJECT && objClass(objectPtr(v)) == lib.EJS_CLASS_PROMISE {
			job.Promise = objectPtr(v)
			job.Await = r.awaitingOn(job.Promise)
		}
	}
	return job
}

// settledBy is the promise a resolving function settles (0 when f is not one).
func settledBy(f lib.TJSValue) uintptr {
	if f.Ftag != lib.EJS_TAG_OBJECT {
		return 0
	}
	p := objectPtr(f)
	if c := objClass(p); c != lib.EJS_CLASS_PROMISE_RESOLVE_FUNCTION && c != lib.EJS_CLASS_PROMISE_REJECT_FUNCTION {
		return 0
	}
	data := *at[uintptr](p + 40) // u.promise_function_data
	if data == 0 {
		return 0
	}
	v := at[lib.TJSPromiseFunctionData](data).Fpromise
	if v.Ftag != lib.EJS_TAG_OBJECT {
		return 0
	}
	return objectPtr(v)
}

// describeHandler fills in what a reaction's handler h is.
func (r *Runtime) describeHandler(job *Job, h lib.TJSValue) {
	if h.Ftag != lib.EJS_TAG_OBJECT {
		job.Via = HandlerNone
		return
	}
	p := objectPtr(h)
	switch objClass(p) {
	case lib.EJS_CLASS_BYTECODE_FUNCTION, lib.EJS_CLASS_GENERATOR_FUNCTION, lib.EJS_CLASS_ASYNC_FUNCTION, lib.EJS_CLASS_ASYNC_GENERATOR_FUNCTION:
		job.Via, job.Handler = HandlerFunction, r.wrap(h)
	case lib.EJS_CLASS_ASYNC_FUNCTION_RESOLVE, lib.EJS_CLASS_ASYNC_FUNCTION_REJECT:
		job.Via = HandlerAwait
		if s := *at[uintptr](p + 40); s != 0 { // u.async_function_data
			job.Await = r.suspendedAt(&at[lib.TJSAsyncFunctionState](s).Fframe)
		}
	case lib.EJS_CLASS_PROMISE_RESOLVE_FUNCTION, lib.EJS_CLASS_PROMISE_REJECT_FUNCTION:
		job.Via = HandlerSettle
	case lib.EJS_CLASS_C_FUNCTION_DATA:
		rec := cfuncDataOf(p)
		switch rec.Ffunc1 {
		case natives.allElement:
			job.Via = HandlerCombinator
			job.Combinator = [...]string{"all", "allSettled", "any", "all"}[rec.Fmagic&3]
		case natives.asyncGenResolve:
			job.Via, job.Generator = HandlerAwait, true
			job.Await = r.generatorAt(rec)
		case natives.finallyThen:
			job.Via = HandlerFinally
			if rec.Fdata_len >= 2 {
				data := uintptr(unsafe.Pointer(rec)) + unsafe.Sizeof(*rec)
				job.Handler = r.wrap(*at[lib.TJSValue](data + 16)) // data[1]: onFinally
			}
		default:
			job.Via = HandlerNative
		}
	default:
		job.Via = HandlerNative
	}
}

// suspendedAt is where a suspended frame (an async function's) will resume.
func (r *Runtime) suspendedAt(frame *lib.TJSStackFrame) Position {
	b := functionBytecode(frame.Fcur_func)
	if b == 0 || frame.Fcur_pc == 0 {
		return Position{}
	}
	line, col := r.position(frame, b)
	return Position{File: r.atomString(at[lib.TJSFunctionBytecode](b).Fdebug.Ffilename), Line: line, Column: col}
}

// generatorAt is where the async generator whose continuation rec is (data[0]: the
// generator) is suspended.
func (r *Runtime) generatorAt(rec *lib.TJSCFunctionDataRecord) Position {
	if rec.Fdata_len < 1 {
		return Position{}
	}
	gen := *at[lib.TJSValue](uintptr(unsafe.Pointer(rec)) + unsafe.Sizeof(*rec))
	if gen.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(gen)) != lib.EJS_CLASS_ASYNC_GENERATOR {
		return Position{}
	}
	s := *at[uintptr](objectPtr(gen) + 40) // u.async_generator_data
	if s == 0 {
		return Position{}
	}
	fs := at[lib.TJSAsyncGeneratorData](s).Ffunc_state
	if fs == 0 {
		return Position{}
	}
	return r.suspendedAt(&at[lib.TJSAsyncFunctionState](fs).Fframe)
}

// awaitingOn is where an await that waits on promise p waits: the first of p's
// reactions that resumes an async function (zero when none does).
func (r *Runtime) awaitingOn(p uintptr) Position {
	s := *at[uintptr](p + 40) // u.promise_data
	if s == 0 {
		return Position{}
	}
	head := s + 8 // promise_reactions[0]: the fulfilment reactions
	for e := at[lib.Tlist_head](head).Fnext; e != head && e != 0; e = at[lib.Tlist_head](e).Fnext {
		h := at[lib.TJSPromiseReactionData](e).Fhandler
		if h.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(h)) != lib.EJS_CLASS_ASYNC_FUNCTION_RESOLVE {
			continue
		}
		if st := *at[uintptr](objectPtr(h) + 40); st != 0 {
			return r.suspendedAt(&at[lib.TJSAsyncFunctionState](st).Fframe)
		}
	}
	return Position{}
}

// SetThenHook makes every call of Promise.prototype.then (the program's, and the calls
// .catch, .finally, Promise.all and their kind make) call f with the promise it returns,
// while the call's frames are still on the stack; nil removes it. The hook must not run
// JavaScript.
func (r *Runtime) SetThenHook(f func(promise uintptr)) { r.onThen = f }

// thenHook stands in for Promise.prototype.then's C function (hookThen): it calls the
// engine's, then tells the runtime's hook.
func thenHook(tls *libc.TLS, ctx uintptr, this lib.TJSValue, argc int32, argv uintptr) lib.TJSValue {
	orig := *(*func(*libc.TLS, uintptr, lib.TJSValue, int32, uintptr) lib.TJSValue)(unsafe.Pointer(&struct{ uintptr }{natives.then}))
	res := orig(tls, ctx, this, argc, argv)
	if r := fromCtx(tls, ctx); r != nil && r.onThen != nil && res.Ftag == lib.EJS_TAG_OBJECT {
		r.onThen(objectPtr(res))
	}
	return res
}

// hookThen points the context's Promise.prototype.then at thenHook.
func (r *Runtime) hookThen() error {
	mark := r.Mark()
	defer r.Unwind(mark)
	then := r.Get(r.Get(r.Get(r.Global(), "Promise"), "prototype"), "then")
	if then.v.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(then.v)) != lib.EJS_CLASS_C_FUNCTION {
		return errors.New("Promise.prototype.then is not a C function")
	}
	cf := cfuncOf(objectPtr(then.v))
	if cf.fn != natives.then {
		return errors.New("Promise.prototype.then is not the engine's")
	}
	cf.fn = fnPtr(thenHook)
	return nil
}

// learnNatives reads the addresses of natives from r, a runtime whose then is not hooked:
// Promise.prototype.then's C function, and the jobs and handlers of a thenable's
// adoption, a Promise.all element, a .finally and an async generator's await.
func learnNatives(r *Runtime) error {
	mark := r.Mark()
	defer r.Unwind(mark)
	then := r.Get(r.Get(r.Get(r.Global(), "Promise"), "prototype"), "then")
	if then.v.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(then.v)) != lib.EJS_CLASS_C_FUNCTION {
		return errors.New("Promise.prototype.then is not a C function")
	}
	natives.then = cfuncOf(objectPtr(then.v)).fn
	learn := func(src string, read func(e uintptr) uintptr) (uintptr, error) {
		if _, err := r.Eval(src, "check.js"); err != nil {
			return 0, err
		}
		head := r.rt + jobListOffset
		e := *at[uintptr](head + 8)
		if e == head || e == 0 {
			return 0, fmt.Errorf("%s queued no job", src)
		}
		got := read(e)
		for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
			if err != nil {
				return 0, err
			}
		}
		if got == 0 {
			return 0, fmt.Errorf("%s queued another job", src)
		}
		return got, nil
	}
	handler := func(e uintptr) uintptr {
		if at[lib.TJSJobEntry](e).Fargc != 5 {
			return 0
		}
		h := *at[lib.TJSValue](e + 40 + 2*16)
		if h.Ftag != lib.EJS_TAG_OBJECT || objClass(objectPtr(h)) != lib.EJS_CLASS_C_FUNCTION_DATA {
			return 0
		}
		return cfuncDataOf(objectPtr(h)).Ffunc1
	}
	var err error
	if natives.thenableJob, err = learn("new Promise((r) => r(Promise.resolve()))", func(e uintptr) uintptr {
		if at[lib.TJSJobEntry](e).Fargc != 3 {
			return 0
		}
		return at[lib.TJSJobEntry](e).Fjob_func
	}); err != nil {
		return err
	}
	if natives.allElement, err = learn("Promise.all([Promise.resolve()])", handler); err != nil {
		return err
	}
	if natives.finallyThen, err = learn("Promise.resolve().finally(() => {})", handler); err != nil {
		return err
	}
	natives.asyncGenResolve, err = learn("(async function* () { await null })().next()", handler)
	return err
}
