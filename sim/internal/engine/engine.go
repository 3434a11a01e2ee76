// Package engine is the simulator's one adapter to its JavaScript engine, QuickJS (the
// ccgo translation modernc.org/libquickjs, pure Go). Nothing else in looplab touches the
// engine's C API.
//
// A Runtime is one JS runtime with one context, owned by one goroutine at a time. It
// gives the simulator what a faithful event-loop model needs and nothing more:
//
//   - a heap of its own with a hard limit: every byte the engine allocates for the runtime
//     comes from an allocator that belongs to the runtime and is counted against
//     Config.MemoryLimit; an allocation past it fails, and the runtime stops at the next
//     interrupt point with ErrMemoryLimit. Close releases the whole heap at once, so a
//     reference a host function forgot to release cannot outlive the run.
//   - an explicit job queue: promise jobs run only when the host calls RunJob, so the host
//     decides when microtasks drain (Node's processTicksAndRejections);
//   - deterministic operation counting: the engine polls for interrupts at every call and
//     every backward jump; Ops counts those polls exactly, which the simulator turns into
//     virtual CPU time; the interrupt hook stops a run that exceeds its budgets or whose
//     Stop was called from another goroutine;
//   - host functions (Go functions callable from JS) and a scoped ownership model for
//     values (see Value).
//
// Close is the only way a Runtime's memory goes back: the allocator's mappings are
// unmapped whole.
package engine

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// Config sets up a Runtime.
type Config struct {
	// MemoryLimit is the most the runtime's heap may hold, in bytes (0: 64 MiB).
	MemoryLimit int64
	// MaxStackSlots bounds recursion, in the translated engine's stack slots: about one
	// per JavaScript call of a small function (0: 10,800, Node's depth for one).
	MaxStackSlots int
	// Host is the embedder's value for this runtime, returned by Runtime.Host.
	Host any
	// OnInterrupt, when set, is called at interrupt points (at most every
	// InterruptInterval operations, and at once after SetInterruptIn); returning a
	// non-nil error stops the running JavaScript with it (uncatchable).
	OnInterrupt func() error
}

// DefaultMemoryLimit is the heap limit of a runtime whose Config leaves it zero.
const DefaultMemoryLimit = 64 << 20

// DefaultStackSlots is Node's recursion depth for a small function (node -e with a
// one-line recursive function reaches 10,800 to 11,400 frames on x64).
const DefaultStackSlots = 10_800

// gcThreshold is the heap size at which the cycle collector first runs.
const gcThreshold = 4 << 20

// InterruptInterval is the number of operations between two interrupt checks. It is one
// less than the engine's own countdown start, so the handler can tell the bytecode's
// checks (the countdown was just reset to the engine's start) from the regexp engine's
// (it calls the handler every regexpCheckSteps steps, the countdown untouched).
const InterruptInterval = lib.MJS_INTERRUPT_COUNTER_INIT - 1

// regexpCheckSteps is how many backtracking steps the regexp engine takes between two
// calls of the interrupt handler; each call counts that many operations.
const regexpCheckSteps = lib.MINTERRUPT_COUNTER_INIT

// ErrMemoryLimit ends a run whose heap reached its limit.
var ErrMemoryLimit = errors.New("the program's heap reached its limit")

// ErrStopped ends a run Stop was called on.
var ErrStopped = errors.New("the run was stopped")

// Runtime is one JavaScript runtime and context. Not safe for concurrent use, except
// Stop.
type Runtime struct {
	tls  *libc.TLS
	rt   uintptr // *JSRuntime
	ctx  uintptr // *JSContext
	heap *heap
	id   int32
	host any

	onInterrupt func() error
	interval    int32 // the interrupt window: operations between two checks
	stopped     atomic.Bool
	stopErr     error // why the engine was interrupted (uncatchable), until taken
	windowStart int32 // the interrupt counter's value when the current window began
	opsBase     int64 // operations counted in windows before the current one
	regexpSteps int64 // backtracking steps of the regexp engine, by its checks

	scope     []lib.TJSValue // values to free when the current scope ends
	argStack  []Value        // host functions' arguments, a stack of nested calls
	atoms     map[string]lib.TJSAtom
	atomNames map[lib.TJSAtom]string
	lines     positions      // decoded positions of frames (stack.go)
	fileKeep  []fileDecision // FirstFrame's keep, per file (stack.go)
	codes     []*Code        // code the engine reads in place (readCode)
	funcs     []HostFunc     // host functions by id (the C function's magic)
	classes   map[string]uint32
	scratch   uintptr // C memory for strings passed into the engine
	scratchN  int
	closed    bool
	undef     Value
	modLoader ModuleLoader
	modules   map[string]uintptr // *JSModuleDef by resolved name
	rejection func(promise, reason Value, handled bool)
	onThen    func(promise uintptr) // SetThenHook's hook (promises.go)
	errs      errorState            // SetErrorHook's hook (errorhook.go)
	cp        *checkpoint           // what Restore brings back (checkpoint.go)
}

// registry maps a runtime id (kept in the engine's opaque pointers, which must not hold
// Go pointers) to its Runtime. Lookups, one per host call, take no lock.
var registry struct {
	mu    sync.Mutex
	slots [maxRuntimes]atomic.Pointer[Runtime]
	next  int32
	free  []int32
}

// maxRuntimes bounds the runtimes alive at once in a process.
const maxRuntimes = 1 << 16

func register(r *Runtime) error {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	switch n := len(registry.free); {
	case n > 0:
		r.id = registry.free[n-1]
		registry.free = registry.free[:n-1]
	case registry.next+1 < maxRuntimes:
		registry.next++
		r.id = registry.next
	default:
		return fmt.Errorf("engine: more than %d runtimes at once", maxRuntimes-1)
	}
	registry.slots[r.id].Store(r)
	return nil
}

func unregister(r *Runtime) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	registry.slots[r.id].Store(nil)
	registry.free = append(registry.free, r.id)
}

// lookup returns the runtime whose id the engine handed back.
func lookup(id uintptr) *Runtime {
	if id == 0 || id >= maxRuntimes {
		return nil
	}
	return registry.slots[id].Load()
}

// fromCtx returns the runtime of a JSContext.
func fromCtx(tls *libc.TLS, ctx uintptr) *Runtime {
	return lookup(lib.XJS_GetContextOpaque(tls, ctx))
}

// New makes a runtime with a fresh context holding the standard built-ins. It fails
// while the engine is not the build this package reads directly (Check).
func New(cfg Config) (*Runtime, error) {
	if err := Check(); err != nil {
		return nil, err
	}
	r, err := newRuntime(cfg)
	if err != nil {
		return nil, err
	}
	if err := r.hookThen(); err != nil {
		r.Close()
		return nil, fmt.Errorf("engine: %w", err)
	}
	return r, nil
}

func newRuntime(cfg Config) (*Runtime, error) {
	if cfg.MemoryLimit <= 0 {
		cfg.MemoryLimit = DefaultMemoryLimit
	}
	if cfg.MaxStackSlots <= 0 {
		cfg.MaxStackSlots = DefaultStackSlots
	}
	r := &Runtime{host: cfg.Host, onInterrupt: cfg.OnInterrupt, atoms: map[string]lib.TJSAtom{}, interval: InterruptInterval}
	if err := register(r); err != nil {
		return nil, err
	}
	r.tls = libc.NewTLS()
	r.heap = newHeap(cfg.MemoryLimit)
	r.rt = lib.XJS_NewRuntime2(r.tls, uintptr(unsafe.Pointer(&heapFuncs)), uintptr(r.id))
	if r.rt == 0 {
		r.release()
		return nil, fmt.Errorf("engine: cannot create a runtime within %d bytes", cfg.MemoryLimit)
	}
	lib.XJS_SetRuntimeOpaque(r.tls, r.rt, uintptr(r.id))
	lib.XJS_SetMaxStackSize(r.tls, r.rt, uint64(cfg.MaxStackSlots))
	// The cycle collector first runs when the heap reaches gcThreshold: reference
	// counting frees most garbage, and a short run should not pay for marking the
	// built-ins it just made.
	lib.XJS_SetGCThreshold(r.tls, r.rt, gcThreshold)
	lib.XJS_SetInterruptHandler(r.tls, r.rt, fnPtr(interruptHandler), uintptr(r.id))
	lib.XJS_SetHostPromiseRejectionTracker(r.tls, r.rt, fnPtr(rejectionTracker), uintptr(r.id))
	r.ctx = lib.XJS_NewContext(r.tls, r.rt)
	if r.ctx == 0 {
		r.release()
		return nil, fmt.Errorf("engine: cannot create a context within %d bytes", cfg.MemoryLimit)
	}
	lib.XJS_SetContextOpaque(r.tls, r.ctx, uintptr(r.id))
	r.windowStart = r.counter()
	r.undef = Value{r: r, v: jsUndefined}
	return r, nil
}

// Close frees everything the runtime holds. The engine's own teardown is skipped: the
// heap is unmapped whole, which is faster and frees what a forgotten reference would keep.
func (r *Runtime) Close() {
	if r.closed {
		return
	}
	r.closed = true
	r.release()
}

func (r *Runtime) release() {
	r.scope = nil
	r.atoms = nil
	if r.scratch != 0 {
		libc.Xfree(r.tls, r.scratch)
		r.scratch, r.scratchN = 0, 0
	}
	r.heap.close()
	r.tls.Close()
	unregister(r)
}

// Host returns Config.Host.
func (r *Runtime) Host() any { return r.host }

// HeapBytes is what the runtime's heap holds now, in bytes.
func (r *Runtime) HeapBytes() int64 { return r.heap.used }

// HeapPeak is the most the runtime's heap held, in bytes.
func (r *Runtime) HeapPeak() int64 { return r.heap.peak }

// AllocatedBytes is the total the engine asked for since the runtime began (freed
// bytes included): a measure of the work of native operations.
func (r *Runtime) AllocatedBytes() int64 { return r.heap.total }

// fnPtr is the engine's view of a Go function: the translated C code calls function
// pointers through the same representation. f must be a top-level function.
func fnPtr(f any) uintptr {
	type iface [2]uintptr
	return (*iface)(unsafe.Pointer(&f))[1]
}

// Stop makes the running JavaScript stop with ErrStopped at its next interrupt point
// (within InterruptInterval operations). Safe from any goroutine.
func (r *Runtime) Stop() { r.stopped.Store(true) }

// Stopped reports whether Stop was called.
func (r *Runtime) Stopped() bool { return r.stopped.Load() }

// ctxCounter is the engine's interrupt countdown inside JSContext.
func (r *Runtime) counter() int32 {
	return at[lib.TJSContext](r.ctx).Finterrupt_counter
}

func (r *Runtime) setCounter(n int32) {
	at[lib.TJSContext](r.ctx).Finterrupt_counter = n
}

// Ops is the number of operations (calls and backward jumps) the runtime's bytecode ran
// so far.
func (r *Runtime) Ops() int64 {
	return r.opsBase + int64(r.windowStart-r.counter())
}

// Work is what a runtime did so far, in units that do not depend on the machine: the
// simulator turns it into virtual CPU time and budgets.
type Work struct {
	Ops         int64 // bytecode operations (calls and backward jumps)
	Allocs      int64 // allocations (native work the bytecode count does not see)
	AllocBytes  int64 // bytes allocated
	RegexpSteps int64 // backtracking steps of the regexp engine
}

// Work returns the runtime's work so far.
func (r *Runtime) Work() Work {
	return Work{Ops: r.Ops(), Allocs: r.heap.allocs, AllocBytes: r.heap.total, RegexpSteps: r.regexpSteps}
}

// SetInterruptInterval sets how many operations pass between two interrupt checks
// (1 to InterruptInterval): 1 makes OnInterrupt see every call and backward jump.
func (r *Runtime) SetInterruptInterval(n int) {
	n = min(max(n, 1), InterruptInterval)
	r.interval = int32(n)
	if int32(n) < r.counter() {
		r.SetInterruptIn(int64(n))
	}
}

// IsNative reports whether v is a function implemented by the engine or the host
// (not JavaScript bytecode).
func (r *Runtime) IsNative(v Value) bool { return v.IsFunction() && functionBytecode(v.v) == 0 }

// SetInterruptIn makes the next interrupt check come after n more operations (at least
// 1, at most InterruptInterval), e.g. exactly where a budget runs out.
func (r *Runtime) SetInterruptIn(n int64) {
	if n < 1 {
		n = 1
	}
	if n > InterruptInterval {
		n = InterruptInterval
	}
	r.opsBase += int64(r.windowStart - r.counter())
	r.windowStart = int32(n)
	r.setCounter(int32(n))
}

// interruptHandler is the engine's interrupt hook. The engine has just reset the
// countdown to its own interval; the runtime's window accounting takes over.
func interruptHandler(tls *libc.TLS, rt, opaque uintptr) int32 {
	r := lookup(opaque)
	if r == nil {
		return 1
	}
	if r.counter() == lib.MJS_INTERRUPT_COUNTER_INIT {
		r.opsBase += int64(r.windowStart) // the bytecode's window ran down to zero
		r.windowStart = r.interval
		r.setCounter(r.interval)
	} else {
		r.regexpSteps += regexpCheckSteps // the regexp engine's check
	}
	if err := r.interruptCause(); err != nil {
		r.stopErr = err
		return 1
	}
	return 0
}

func (r *Runtime) interruptCause() error {
	if r.stopErr != nil {
		return r.stopErr // StopWith: an async function swallowed the first throw
	}
	if r.stopped.Load() {
		return ErrStopped
	}
	if r.heap.failed {
		return ErrMemoryLimit
	}
	if r.onInterrupt != nil {
		return r.onInterrupt()
	}
	return nil
}

// Interrupted returns (and clears) the reason the engine was last interrupted: when a
// call returns an *Exception that is uncatchable, this says why.
func (r *Runtime) takeStop() error {
	err := r.stopErr
	r.stopErr = nil
	if err == nil && r.heap.failed {
		err = ErrMemoryLimit
	}
	return err
}

// RunGC runs the engine's cycle collector.
func (r *Runtime) RunGC() { lib.XJS_RunGC(r.tls, r.rt) }

// at views engine memory at address p as a T. The engine's memory is outside Go's heap
// (the runtime's own mappings), so the address is stable.
func at[T any](p uintptr) *T { return (*T)(unsafe.Add(nil, p)) }

// SetRandomSeed seeds Math.random (the engine seeds it from the clock otherwise).
func (r *Runtime) SetRandomSeed(seed uint64) {
	if seed == 0 {
		seed = 1
	}
	at[lib.TJSContext](r.ctx).Frandom_state = seed
}
