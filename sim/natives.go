package sim

import (
	"errors"
	"unsafe"

	"github.com/looplab/looplab/sim/internal/engine"
)

// The natives of a run (Go beside the engine: crypto, zlib, buffer's codecs, the file
// system, messages between threads, shared memory) stay inside the run's bounds through
// the three calls of this file, their one home (docs/limits.md):
//
//   - memory: what a native allocates is charged to the run's heap limit (the main
//     thread's and its workers' together, Limits.MaxHeapMB) before it is allocated. A
//     result the program gets is made in the engine's heap directly (newBuffer); Go
//     memory a native keeps or builds first is held (hold) until it is freed, or for the
//     run when that is not knowable. What does not fit ends the run with
//     memory_limit_exceeded, as an allocation of JavaScript's past the limit does; a size
//     Node itself refuses has Node's error first, in the module's JavaScript.
//   - work: a native whose work grows with the program's sizes is priced in the
//     engine's operations that take as long (opsOf) and charged to the operation budget
//     before it is done (nativeWork), whole when its price is known from its parameters,
//     else chunk by chunk; its chunks observe the run's budgets and cancellation, so a
//     run's budgets (operations, cancellation, the CPU backstop) bound it as they bound
//     JavaScript, whoever called. A step Go does in one call (a modular exponentiation)
//     is priced before it runs, so a size past what is left is refused unstarted.

// hold charges n bytes a native is about to allocate outside the engine's heap to the
// run's heap limit, before they are allocated; past the limit the run ends with
// memory_limit_exceeded. The bytes stay charged until release is called, or until the
// run ends when it is not.
func (r *run) hold(n int64) (release func()) {
	if n <= 0 {
		return func() {}
	}
	js := r.js // the runtime that holds them, even once the run let it go
	if !js.Hold(n) {
		r.abort(r.memoryError())
	}
	released := false
	return func() {
		if !released {
			released = true
			js.Unhold(n)
		}
	}
}

// messageBytes is what a message between threads costs besides its serialized bytes
// while it waits for its receiver (its event and closure).
const messageBytes = 256

// holdMessage holds a message of n serialized bytes that r posts to run to, from when
// it is posted until it is delivered: release is called at its delivery. The sender's
// runtime holds it (the receiver's when the sender has none: a worker that ends before
// it started). Past the heap limit the run ends at its next interrupt point, not at
// once: messages are posted where a run cannot stop (a worker's exit).
func (r *run) holdMessage(to *run, n int) (release func()) {
	js := r.js
	if js == nil {
		js = to.js
	}
	if js == nil {
		return func() {}
	}
	held := int64(n) + messageBytes
	released := !js.Hold(held) // nothing to give back when it did not fit
	return func() {
		if !released {
			released = true
			js.Unhold(held)
		}
	}
}

// holdCall is hold for Go memory the native frees before its host operation returns (a
// result it builds before the engine copies it): the bytes are given back when the
// operation returns, however it returns.
func (r *run) holdCall(n int64) {
	if n > 0 && !r.js.HoldForCall(n) {
		r.abort(r.memoryError())
	}
}

// viewArg reads a Buffer, TypedArray, DataView or ArrayBuffer argument where the engine
// holds it, without a copy, for a native that reads it within its operation and keeps
// nothing of it (no JavaScript may run meanwhile); anything else is read as a string,
// whose copy is held for the operation (engine.Runtime.String).
func (r *run) viewArg(v engine.Value) []byte {
	if b, ok := r.js.View(v); ok {
		return b
	}
	s := v.String()
	return unsafe.Slice(unsafe.StringData(s), len(s)) // read only, as the view
}

// newBuffer makes an ArrayBuffer of n zero bytes in the run's heap and its memory, for
// a native to fill in place (before any JavaScript runs); past the heap limit the run
// ends with memory_limit_exceeded.
func (r *run) newBuffer(n int) (engine.Value, []byte) {
	v, mem, ok := r.js.NewArrayBuffer(n)
	if !ok {
		r.abort(r.memoryError())
	}
	return v, mem
}

// nativeWork charges ops budget operations of a native's work and ends the run when a
// budget is past (operations, a worker's failure, the heap), or when its caller went
// away or the simulation's CPU backstop ran out (backstopError, backstop.go). A native calls it before each chunk of
// its work, with that chunk's price.
func (r *run) nativeWork(ops int64) {
	r.countHostOps(ops)
	if err := r.budgetError(); err != nil {
		r.abort(err)
	}
	if err := r.backstopError(); err != nil {
		r.abort(err)
	}
}

// checkNative ends the run when a budget is past or it was cancelled: nativeWork
// without a price, for the chunks of work priced whole before they started.
func (r *run) checkNative() { r.nativeWork(0) }

// nsPerOp is the CPU time of one budget operation of the engine's (a loop's iteration,
// the budget's own unit) on the reference machine: a native's work is priced in the
// operations that take as long (docs/limits.md, BenchmarkNativePrices).
const nsPerOp = 20

// Costs of natives' work on the reference machine, in ns per unit (docs/limits.md).
const (
	nsHashByte     = 1.5  // MD5, SHA-1 and SHA-2 (SHA-512 the slowest), per byte hashed
	nsSHA3Byte     = 6    // SHA-3 and SHAKE, per byte hashed or read
	nsRandomByte   = 6.5  // the run's seeded source, per byte
	nsCipherByte   = 0.6  // AES in every mode, per byte
	nsCopyByte     = 0.2  // encoding, decoding, searching and copying, per byte
	nsDeflateByte  = 65   // deflate at levels 2-9 (Node's default is 6), per input byte
	nsDeflate1Byte = 12   // deflate at level 1, per input byte
	nsInflateByte  = 30   // inflate, per output byte
	nsBrotliByte   = 2200 // brotli at quality 11 (Node's default), per input byte
	nsBrotliLow    = 100  // brotli at quality 9 and below, per input byte
	nsUnbrotliByte = 50   // brotli decompression, per output byte
	nsZstdByte     = 40   // zstd at levels 1-9 (Node's default is 3), per input byte
	nsZstdHighByte = 200  // zstd at levels 10-22, per input byte
	nsUnzstdByte   = 10   // zstd decompression, per output byte
	nsScryptUnit   = 480  // scrypt, per unit of cost x block size x parallelism
	nsArgon2Block  = 1500 // argon2, per 1 KiB block of memory per pass
	nsExpUnit      = 2.2  // modular exponentiation, per exponent bit x (64-bit words of the modulus)^2
)

// opsOf is the price in budget operations of ns nanoseconds of a native's work (at
// least one operation).
func opsOf(ns float64) int64 {
	if ns >= 1<<62 {
		return 1 << 62
	}
	return int64(ns/nsPerOp) + 1
}

// sink collects the output of a native that grows as it works (compression,
// decompression) in parts of sinkPart bytes: each part is held for the operation
// (holdCall) and its work charged (nativeWork, nsPerByte of output) before it is
// allocated, and past max bytes (when max >= 0) a write fails with errTooLarge, as
// Node's maxOutputLength does.
type sink struct {
	r         *run
	parts     [][]byte
	n         int64
	max       int64
	nsPerByte float64
	full      bool // a write past max was refused
}

// sinkPart is the size of a sink's parts.
const sinkPart = 256 << 10

// errTooLarge is a sink's refusal of output past its max.
var errTooLarge = errors.New("output past its maximum length")

func newSink(r *run, max int64, nsPerByte float64) *sink {
	return &sink{r: r, max: max, nsPerByte: nsPerByte}
}

func (s *sink) Write(p []byte) (int, error) {
	if s.max >= 0 && s.n+int64(len(p)) > s.max {
		s.full = true
		return 0, errTooLarge
	}
	for rest := p; len(rest) > 0; {
		last := len(s.parts) - 1
		if last < 0 || len(s.parts[last]) == cap(s.parts[last]) {
			s.r.holdCall(sinkPart)
			s.r.nativeWork(opsOf(sinkPart * s.nsPerByte))
			s.parts = append(s.parts, make([]byte, 0, sinkPart))
			last++
		}
		k := min(len(rest), cap(s.parts[last])-len(s.parts[last]))
		s.parts[last] = append(s.parts[last], rest[:k]...)
		rest = rest[k:]
	}
	s.n += int64(len(p))
	return len(p), nil
}

// bytes is the output in one slice (held for the operation).
func (s *sink) bytes() []byte {
	if len(s.parts) == 1 {
		return s.parts[0]
	}
	s.r.holdCall(s.n)
	out := make([]byte, 0, s.n)
	for _, p := range s.parts {
		out = append(out, p...)
	}
	return out
}

// value is the output as an ArrayBuffer made in the run's heap.
func (s *sink) value() engine.Value {
	v, out := s.r.newBuffer(int(s.n))
	for _, p := range s.parts {
		out = out[copy(out, p):]
	}
	return v
}
