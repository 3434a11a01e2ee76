package engine

import (
	"errors"
	"maps"

	lib "modernc.org/libquickjs"
)

// A runtime can be set up once and then serve one run after another, as Node starts
// from a snapshot of its own set-up: Checkpoint records the runtime's whole state, and
// Restore brings it back in place, any number of times. Every byte of the engine's state
// lives in the runtime's arena (the engine's structures, its own small-block slabs, the
// objects), so restoring is copying the arena's used bytes back to the same addresses,
// where every pointer in them stays valid, and undoing what the Go side added since: host
// functions, code read in place, cached atoms and positions. What a run added to the
// engine is gone whole, leaked references included; nothing is freed one by one.

// checkpoint is what Restore brings back.
type checkpoint struct {
	heap    heap     // the accounting, without the arena
	chunks  [][]byte // the arena's chunks then
	copies  [][]byte // their used bytes (the last one's up to cur)
	cur     int      // how much of the last chunk was used
	free    [numClasses]uintptr
	large   map[uintptr][]byte // the large blocks alive then
	largeCp map[uintptr][]byte // their contents

	codes, funcs, scope int
	atoms               map[string]lib.TJSAtom
	atomNames           map[lib.TJSAtom]string
	classes             map[string]uint32
	modules             map[string]uintptr
	stackSize           lib.Tuintptr_t
	gcThreshold         lib.Tsize_t
}

// ErrBusy is Checkpoint's and Restore's error while JavaScript runs or values of a
// scope are alive.
var ErrBusy = errors.New("engine: the runtime is in use")

// Checkpoint records the runtime's state for Restore. It must be called between calls
// (no JavaScript running, no host function's arguments alive, no job queued).
func (r *Runtime) Checkpoint() error {
	if len(r.argStack) != 0 || r.tls.StackSlots() != 0 || r.JobCount() != 0 {
		return ErrBusy
	}
	a := &r.heap.alloc
	cp := &checkpoint{heap: *r.heap, chunks: append([][]byte(nil), a.chunks...), free: a.free,
		codes: len(r.codes), funcs: len(r.funcs), scope: len(r.scope), atoms: maps.Clone(r.atoms), atomNames: maps.Clone(r.atomNames),
		classes: maps.Clone(r.classes), modules: maps.Clone(r.modules)}
	cp.heap.alloc, cp.heap.group = arena{}, nil
	if n := len(a.chunks); n > 0 {
		cp.cur = len(a.chunks[n-1]) - len(a.cur)
		for i, c := range a.chunks {
			used := c
			if i == n-1 {
				used = c[:cp.cur]
			}
			cp.copies = append(cp.copies, append([]byte(nil), used...))
		}
	}
	cp.large, cp.largeCp = maps.Clone(a.large), make(map[uintptr][]byte, len(a.large))
	for p, b := range a.large {
		cp.largeCp[p] = append([]byte(nil), b...)
	}
	rt := at[lib.TJSRuntime](r.rt)
	cp.stackSize, cp.gcThreshold = rt.Fstack_size, rt.Fmalloc_gc_threshold
	r.cp = cp
	return nil
}

// Restore brings the runtime back to its checkpoint: its heap, its host functions and
// code, its limits, and fresh counters (operations, work, the interrupt window). Values
// made since the checkpoint are gone: using or dropping one afterwards corrupts the
// runtime. It must be called between calls.
func (r *Runtime) Restore() error {
	cp := r.cp
	if cp == nil {
		return errors.New("engine: no checkpoint to restore")
	}
	if len(r.argStack) != 0 || r.tls.StackSlots() != 0 {
		return ErrBusy
	}
	r.heap.join(nil) // the run's group is the run's
	a := &r.heap.alloc
	for i, c := range cp.copies {
		copy(cp.chunks[i], c)
	}
	if len(a.chunks) > len(cp.chunks) {
		giveChunks(a.chunks[len(cp.chunks):])
	}
	a.chunks = append(a.chunks[:0], cp.chunks...)
	a.cur = nil
	if n := len(a.chunks); n > 0 {
		a.cur = a.chunks[n-1][cp.cur:]
	}
	a.free = cp.free
	a.large = maps.Clone(cp.large)
	for p, b := range cp.largeCp {
		copy(a.large[p], b)
	}
	limit, alloc := r.heap.limit, *a
	*r.heap = cp.heap // the accounting, whose alloc is empty: the arena is the one just restored
	r.heap.alloc = alloc
	r.heap.limit = limit
	r.heap.peak = r.heap.used

	clear(r.codes[cp.codes:])
	r.codes = r.codes[:cp.codes]
	clear(r.funcs[cp.funcs:])
	r.funcs = r.funcs[:cp.funcs]
	r.atoms = restoredMap(r.atoms, cp.atoms)
	r.atomNames = restoredMap(r.atomNames, cp.atomNames)
	r.classes = restoredMap(r.classes, cp.classes)
	r.modules = restoredMap(r.modules, cp.modules)
	r.lines.forget() // positions of functions that no longer exist
	r.fileKeep = r.fileKeep[:0]
	clear(r.scope[cp.scope:])
	r.scope = r.scope[:cp.scope] // the values of the checkpoint's scope are alive again

	rt := at[lib.TJSRuntime](r.rt)
	rt.Fstack_size, rt.Fmalloc_gc_threshold = cp.stackSize, cp.gcThreshold
	r.stopped.Store(false)
	r.stopErr = nil
	r.interval = InterruptInterval
	r.setCounter(InterruptInterval)
	r.windowStart, r.opsBase, r.regexpSteps = InterruptInterval, 0, 0
	return nil
}

// restoredMap returns m as it was when saved was cloned from it: only ever added to,
// it is unchanged when its length is.
func restoredMap[K comparable, V any](m, saved map[K]V) map[K]V {
	if len(m) == len(saved) {
		return m
	}
	return maps.Clone(saved)
}

// SetLimits sets the runtime's heap limit (bytes) and call-depth limit (stack slots) for
// what runs next, as Config's MemoryLimit and MaxStackSlots do for a new runtime.
func (r *Runtime) SetLimits(memory int64, stackSlots int) {
	if memory <= 0 {
		memory = DefaultMemoryLimit
	}
	if stackSlots <= 0 {
		stackSlots = DefaultStackSlots
	}
	r.heap.limit = memory
	r.heap.failed = false
	lib.XJS_SetMaxStackSize(r.tls, r.rt, uint64(stackSlots))
}

// SetHost replaces Config.Host and Config.OnInterrupt, for a runtime that serves
// another run after Restore.
func (r *Runtime) SetHost(host any, onInterrupt func() error) {
	r.host, r.onInterrupt = host, onInterrupt
}
