package engine

import (
	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// The engine's job queue holds promise jobs (reactions, thenable resolutions, dynamic
// imports) in FIFO order. Nothing runs them but RunJob: the host decides when the
// microtask queue drains.

// jobListOffset is the offset of the job list head in JSRuntime; TestLayout checks it
// against JS_IsJobPending.
const jobListOffset = 1304

// JobsPending reports whether a promise job is waiting.
func (r *Runtime) JobsPending() bool { return lib.XJS_IsJobPending(r.tls, r.rt) != 0 }

// RunJob runs the oldest pending job, reporting whether there was one. An error is an
// interrupt (a stop, the heap limit) or, rarely, an exception a job let escape.
func (r *Runtime) RunJob() (bool, error) {
	mark := r.Mark()
	defer r.Unwind(mark)
	gen, resumesGenerator := r.jobAsyncGenerator()
	switch lib.XJS_ExecutePendingJob(r.tls, r.rt, 0) {
	case 0:
		return false, nil
	case 1:
		err := r.pendingStop()
		if err == nil && resumesGenerator {
			r.drainAsyncGenerator(gen) // asyncgen.go: what the engine's drain leaves
		}
		return true, err
	default:
		return true, r.takeException()
	}
}

// Jobs lists the pending jobs, oldest first. The values are borrowed from the queue:
// valid until the next job runs.
func (r *Runtime) Jobs(dst []Job) []Job {
	head := r.rt + jobListOffset
	for e := *at[uintptr](head + 8); e != head && e != 0; e = *at[uintptr](e + 8) {
		dst = append(dst, r.describeJob(e))
	}
	return dst
}

// LastJob identifies the newest pending job (0 when none), so a caller can tell cheaply
// whether jobs were queued since it last looked.
func (r *Runtime) LastJob() uintptr {
	head := r.rt + jobListOffset
	if last := *at[uintptr](head); last != head {
		return last
	}
	return 0
}

// JobCount is the number of pending jobs.
func (r *Runtime) JobCount() int {
	n := 0
	head := r.rt + jobListOffset
	for e := *at[uintptr](head + 8); e != head && e != 0; e = *at[uintptr](e + 8) {
		n++
	}
	return n
}

// SetRejectionTracker sets the function told when a promise is rejected with no handler
// (handled false) and when a handler is added to such a promise later (handled true).
// The values are valid during the call; Keep what must live longer.
func (r *Runtime) SetRejectionTracker(f func(promise, reason Value, handled bool)) {
	r.rejection = f
}

func rejectionTracker(tls *libc.TLS, ctx uintptr, promise, reason lib.TJSValue, handled int32, opaque uintptr) {
	r := lookup(opaque)
	if r == nil || r.rejection == nil {
		return
	}
	mark := r.Mark()
	defer r.Unwind(mark)
	r.rejection(r.wrap(promise), r.wrap(reason), handled != 0)
}

// PromiseState is a promise's state.
type PromiseState int

const (
	NotAPromise PromiseState = iota - 1
	Pending
	Fulfilled
	Rejected
)

// PromiseState returns v's state (NotAPromise if it is not a promise).
func (r *Runtime) PromiseState(v Value) PromiseState {
	return PromiseState(lib.XJS_PromiseState(r.tls, r.ctx, v.v))
}

// PromiseResult returns a settled promise's value or reason.
func (r *Runtime) PromiseResult(v Value) Value {
	return r.own(lib.XJS_PromiseResult(r.tls, r.ctx, v.v))
}

// NewPromise makes a pending promise and its resolve and reject functions.
func (r *Runtime) NewPromise() (promise, resolve, reject Value) {
	funcs := r.tls.Alloc(32)
	defer r.tls.Free(32)
	p := r.own(lib.XJS_NewPromiseCapability(r.tls, r.ctx, funcs))
	resolve = r.own(*at[lib.TJSValue](funcs))
	reject = r.own(*at[lib.TJSValue](funcs + 16))
	return p, resolve, reject
}
