package engine

import (
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// The engine's async generators leave requests unsettled that ECMA-262 settles. Its
// AsyncGeneratorDrainQueue settles one request of a completed generator and stops, and the
// step that ends AsyncGeneratorAwaitReturn (a return() reaching a generator that never
// started or had finished) settles the return() and drains nothing. So
//
//	const it = gen(); it.return('early'); it.next()   // the next() never settles
//	it.next(); it.next(); it.next()                   // with one yield: the third never settles
//
// where V8 settles every request behind them, in order, within the same job. The engine
// only ever leaves a completed generator with a queue inside a job that resumes it (a
// job whose handler is one of the generator's own resolving functions: an await's
// continuation or the end of a return's await), so RunJob finishes that job's drain:
// it settles each next() and throw() left at the queue's head, and starts the next
// return()'s await, as the specification's drain does.

// asyncGeneratorResumeNext is the engine's AsyncGeneratorResumeNext / drain step for a
// JSAsyncGeneratorData: with the generator completed, it settles the request at the
// queue's head (or starts a return()'s await) and stops.
//
//go:linkname asyncGeneratorResumeNext modernc.org/libquickjs._js_async_generator_resume_next
func asyncGeneratorResumeNext(tls *libc.TLS, ctx, s uintptr)

// cFunctionDataOffset is where a C function's data values start in its
// JSCFunctionDataRecord (after func, length, data_len, magic; aligned for a JSValue).
const cFunctionDataOffset = (unsafe.Sizeof(lib.TJSCFunctionDataRecord{}) + 7) &^ 7

// jobAsyncGenerator returns the async generator whose resolving function the oldest
// pending job calls, as a reference of the current scope (so the generator outlives the
// job), or ok false when that job resumes no async generator.
func (r *Runtime) jobAsyncGenerator() (gen Value, ok bool) {
	head := r.rt + jobListOffset
	e := *at[uintptr](head + 8)
	if e == head || e == 0 || at[lib.TJSJobEntry](e).Fargc != 5 { // promise_reaction_job(resolve, reject, handler, is_reject, value)
		return r.undef, false
	}
	handler := *at[lib.TJSValue](e + 40 + 2*16)
	if handler.Ftag != lib.EJS_TAG_OBJECT || lib.XJS_GetClassID(r.tls, handler) != lib.EJS_CLASS_C_FUNCTION_DATA {
		return r.undef, false
	}
	rec := lib.XJS_GetOpaque(r.tls, handler, lib.EJS_CLASS_C_FUNCTION_DATA)
	if rec == 0 || at[lib.TJSCFunctionDataRecord](rec).Fdata_len < 1 {
		return r.undef, false
	}
	data := *at[lib.TJSValue](rec + cFunctionDataOffset)
	if data.Ftag != lib.EJS_TAG_OBJECT || lib.XJS_GetClassID(r.tls, data) != lib.EJS_CLASS_ASYNC_GENERATOR {
		return r.undef, false
	}
	return r.dupOwn(data), true
}

// drainAsyncGenerator settles what the engine left in a completed generator's queue.
func (r *Runtime) drainAsyncGenerator(gen Value) {
	s := r.objectData(gen, ClassAsyncGenerator)
	if s == 0 {
		return
	}
	data := at[lib.TJSAsyncGeneratorData](s)
	queue := s + unsafe.Offsetof(lib.TJSAsyncGeneratorData{}.Fqueue)
	for data.Fstate == lib.EJS_ASYNC_GENERATOR_STATE_COMPLETED && at[lib.Tlist_head](queue).Fnext != queue {
		asyncGeneratorResumeNext(r.tls, r.ctx, s)
	}
}
