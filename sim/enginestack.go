package sim

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/grafana/sobek"
)

// The engine drops its value stack whenever an outermost call returns (Runtime.leave sets
// it to nil), so each callback the loop runs grows a new one from nothing: eighteen
// allocations and about 8 KB per run of the seed snippet (measured with -memprofile). primeStack hands the engine a
// stack kept for the run instead, before each call from Go. Like the job queue probe
// (microtasks.go) this reads unexported fields located by reflection; the engine version
// is pinned in go.mod, and TestEngineProbes fails if a field moves.

// vmOffset and stackOffset locate sobek.Runtime.vm (a pointer) and the vm's stack.
var vmOffset, stackOffset = func() (uintptr, uintptr) {
	const none = ^uintptr(0)
	vmField, ok := reflect.TypeOf(sobek.Runtime{}).FieldByName("vm")
	if !ok || vmField.Type.Kind() != reflect.Pointer || vmField.Type.Elem().Kind() != reflect.Struct {
		return none, none
	}
	stack, ok := vmField.Type.Elem().FieldByName("stack")
	if !ok || stack.Type.Kind() != reflect.Slice || stack.Type.Elem() != reflect.TypeOf((*sobek.Value)(nil)).Elem() {
		return none, none
	}
	return vmField.Offset, stack.Offset
}()

// engineStack is a pointer to rt's value stack, or nil if the probe failed.
func engineStack(rt *sobek.Runtime) *[]sobek.Value {
	if vmOffset == ^uintptr(0) {
		return nil
	}
	vm := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(rt), vmOffset))
	if vm == nil {
		return nil
	}
	return (*[]sobek.Value)(unsafe.Add(vm, stackOffset))
}

// stackPool holds the stacks of finished runs (a run's stack is its own while it runs).
var stackPool = sync.Pool{New: func() any { s := make([]sobek.Value, 0, 256); return &s }}

// primeStack gives the engine the run's stack if it has none (between outermost calls).
func (r *run) primeStack() {
	s := engineStack(r.rt)
	if s == nil || *s != nil {
		return
	}
	if r.stack == nil {
		r.stack = stackPool.Get().(*[]sobek.Value)
	}
	*s = (*r.stack)[:0]
}

// releaseStack takes the run's stack back from the engine, cleared, into the pool.
func (r *run) releaseStack() {
	if r.stack == nil {
		return
	}
	if s := engineStack(r.rt); s != nil {
		*s = nil
	}
	buf := (*r.stack)[:cap(*r.stack)]
	clear(buf)
	*r.stack = buf[:0]
	stackPool.Put(r.stack)
	r.stack = nil
}
