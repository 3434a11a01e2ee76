package engine

import (
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// heap is a runtime's memory: an arena of its own (its chunks go back whole when the
// runtime closes) and the accounting the limit needs. The engine calls the functions in
// heapFuncs with its JSMallocState, whose opaque field is the runtime id.
type heap struct {
	alloc  arena
	limit  int64
	used   int64 // usable bytes of the live blocks
	peak   int64
	total  int64 // bytes ever allocated (for the cost of native work)
	allocs int64 // allocations made
	// sinceCheck counts the bytes allocated since the last native-work check.
	sinceCheck int64
	failed     bool // an allocation was refused: the run ends at the next interrupt point
	group      *HeapGroup

	callHeld int64 // bytes HoldForCall holds for the host functions running now
	inCall   int32 // host functions running now (nested calls included)
}

func newHeap(limit int64) *heap { return &heap{limit: limit} }

func (h *heap) close() {
	h.join(nil)
	h.alloc.close()
}

// HeapGroup is a heap limit several runtimes share, as a run's main thread and its
// workers do: an allocation that would take the group's runtimes together past it is
// refused like one past the runtime's own limit. Runtimes of a group may run on
// different goroutines, one at a time or not.
type HeapGroup struct {
	limit int64
	used  atomic.Int64
}

// NewHeapGroup makes a group whose runtimes may hold limit bytes together.
func NewHeapGroup(limit int64) *HeapGroup { return &HeapGroup{limit: limit} }

// Used is what the group's runtimes hold together, in bytes.
func (g *HeapGroup) Used() int64 { return g.used.Load() }

// join moves the heap's bytes from its group to g (nil: none).
func (h *heap) join(g *HeapGroup) {
	if h.group != nil {
		h.group.used.Add(-h.used)
	}
	h.group = g
	if g != nil {
		g.used.Add(h.used)
	}
}

// JoinHeapGroup makes the runtime count against g (nil: against its own limit only),
// from its present heap on.
func (r *Runtime) JoinHeapGroup(g *HeapGroup) { r.heap.join(g) }

// heapFuncs are the engine's JSMallocFunctions for every runtime.
var heapFuncs lib.TJSMallocFunctions

func init() {
	heapFuncs.Fjs_malloc = fnPtr(heapMalloc)
	heapFuncs.Fjs_free = fnPtr(heapFree)
	heapFuncs.Fjs_realloc = fnPtr(heapRealloc)
	heapFuncs.Fjs_malloc_usable_size = fnPtr(heapUsableSize)
}

// heapOf returns the runtime and heap of a JSMallocState.
func heapOf(s uintptr) (*Runtime, *lib.TJSMallocState) {
	st := at[lib.TJSMallocState](s)
	return lookup(st.Fopaque), st
}

// refuse records that an allocation did not fit: the engine reports "out of memory"
// (which a program could catch), and the next interrupt point, made due at once, ends
// the run with ErrMemoryLimit.
// nativeCheckBytes is how many bytes a runtime allocates between two native-work
// checks. A built-in function (Array.prototype.join, JSON.stringify, String.prototype
// repeat...) counts as one operation however long it works, so the interrupt countdown
// alone may not come for many seconds of CPU; what such work allocates brings the check.
const nativeCheckBytes = 4 << 20

// NativeWorkChecker is implemented by a Config.Host that must be asked, between interrupt
// points, whether its runtime may go on: CheckNativeWork is called every nativeCheckBytes
// allocated, inside built-in functions too; a non-nil error ends the running JavaScript
// with it at the next interrupt point, right after the built-in returns. It must not
// change the run otherwise (it sees the caller's cancellation and the CPU backstop, never
// a budget a deterministic run could reach), so a run that goes on counts as before.
type NativeWorkChecker interface {
	CheckNativeWork() error
}

// checkNativeWork asks the host, every nativeCheckBytes allocated, whether the runtime
// may go on; a stop (Stop or the host's error) makes the next operation an interrupt
// point.
func (r *Runtime) checkNativeWork() {
	if r.heap.sinceCheck < nativeCheckBytes {
		return
	}
	r.heap.sinceCheck = 0
	if c, ok := r.host.(NativeWorkChecker); ok && r.stopErr == nil {
		r.stopErr = c.CheckNativeWork()
	}
	if (r.stopErr != nil || r.stopped.Load()) && r.ctx != 0 {
		r.SetInterruptIn(1)
	}
}

func (r *Runtime) refuse() {
	r.heap.failed = true
	if r.ctx != 0 {
		r.SetInterruptIn(1)
	}
}

// Hold counts n bytes the host keeps for the runtime outside the engine (the records of
// its queues, say) against the runtime's heap limit and its group's, as V8 counts a
// host's external memory. When they do not fit it returns false and the run ends as at
// an allocation past the limit, at the next interrupt point (HeapRefused says so before
// then). Held bytes cost no virtual time and stay held until Restore or Close.
func (r *Runtime) Hold(n int64) bool {
	h := r.heap
	if !h.fits(n) {
		r.refuse()
		return false
	}
	h.used += n
	if h.group != nil {
		h.group.used.Add(n)
	}
	h.peak = max(h.peak, h.used)
	return true
}

// HoldForCall is Hold for memory the host frees before the host function running now
// returns (a copy it reads, a result it builds before the engine copies it): the bytes
// are given back when that function returns, however it returns. Outside a host function
// it only checks that n more bytes fit.
func (r *Runtime) HoldForCall(n int64) bool {
	if r.heap.inCall == 0 {
		if !r.heap.fits(n) {
			r.refuse()
			return false
		}
		return true
	}
	if !r.Hold(n) {
		return false
	}
	r.heap.callHeld += n
	return true
}

// Unhold gives back n bytes Hold counted (the host freed them).
func (r *Runtime) Unhold(n int64) {
	h := r.heap
	h.used -= n
	if h.group != nil {
		h.group.used.Add(-n)
	}
}

// HeapRefused reports whether an allocation or a Hold did not fit: the run is to end
// with ErrMemoryLimit.
func (r *Runtime) HeapRefused() bool { return r.heap.failed }

func (h *heap) fits(grow int64) bool {
	return h.used+grow <= h.limit && (h.group == nil || h.group.used.Load()+grow <= h.group.limit)
}

func (h *heap) add(n int64) {
	h.used += n
	if h.group != nil {
		h.group.used.Add(n)
	}
	if n > 0 {
		h.total += n
		h.sinceCheck += n
	}
	if h.used > h.peak {
		h.peak = h.used
	}
}

func heapMalloc(tls *libc.TLS, s uintptr, size uint64) uintptr {
	r, st := heapOf(s)
	if r == nil {
		return 0
	}
	h := r.heap
	if size == 0 {
		size = 1
	}
	if int64(size) < 0 || !h.fits(int64(size)) {
		r.refuse()
		return 0
	}
	p := h.alloc.malloc(int(size))
	if p == 0 {
		r.refuse()
		return 0
	}
	n := int64(usable(p))
	h.add(n)
	h.allocs++
	st.Fmalloc_count++
	st.Fmalloc_size = uint64(h.used)
	r.checkNativeWork()
	return p
}

func heapFree(tls *libc.TLS, s uintptr, ptr uintptr) {
	if ptr == 0 {
		return
	}
	r, st := heapOf(s)
	if r == nil {
		return
	}
	h := r.heap
	h.add(-int64(usable(ptr)))
	h.alloc.release(ptr)
	st.Fmalloc_count--
	st.Fmalloc_size = uint64(h.used)
}

func heapRealloc(tls *libc.TLS, s uintptr, ptr uintptr, size uint64) uintptr {
	if ptr == 0 {
		if size == 0 {
			return 0
		}
		return heapMalloc(tls, s, size)
	}
	if size == 0 {
		heapFree(tls, s, ptr)
		return 0
	}
	r, st := heapOf(s)
	if r == nil {
		return 0
	}
	h := r.heap
	old := int64(usable(ptr))
	if int64(size) <= old {
		return ptr // it fits where it is
	}
	if int64(size) < 0 || !h.fits(int64(size)-old) {
		r.refuse()
		return 0
	}
	p := h.alloc.malloc(int(size))
	if p == 0 {
		r.refuse()
		return 0
	}
	copy(unsafe.Slice(at[byte](p), old), unsafe.Slice(at[byte](ptr), old))
	h.alloc.release(ptr)
	h.allocs++
	h.add(int64(usable(p)) - old)
	st.Fmalloc_size = uint64(h.used)
	r.checkNativeWork()
	return p
}

func heapUsableSize(tls *libc.TLS, ptr uintptr) uint64 {
	if ptr == 0 {
		return 0
	}
	return uint64(usable(ptr))
}
