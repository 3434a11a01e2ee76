package engine

import (
	"errors"
	"fmt"
	"runtime/debug"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// HostFunc is a Go function JavaScript can call. It returns the call's result, or the
// result of Throw, ThrowError, StopWith or Propagate.
type HostFunc func(c *Call) Value

// Call is one call of a host function. Its values are valid until the function returns.
type Call struct {
	R    *Runtime
	This Value
	args []Value
}

// Arg returns argument i, undefined when absent.
func (c *Call) Arg(i int) Value {
	if i < len(c.args) {
		return c.args[i]
	}
	return c.R.undef
}

// NArgs is the number of arguments passed.
func (c *Call) NArgs() int { return len(c.args) }

// Args returns the arguments.
func (c *Call) Args() []Value { return c.args }

// Function makes a JS function that calls fn. length is its .length.
func (r *Runtime) Function(name string, length int, fn HostFunc) Value {
	id := len(r.funcs)
	r.funcs = append(r.funcs, fn)
	data := r.tls.Alloc(16) // C memory: the engine copies the value during the call
	*at[lib.TJSValue](data) = mkInt(int32(id))
	f := r.own(lib.XJS_NewCFunctionData(r.tls, r.ctx, fnPtr(hostEntry), int32(length), 0, 1, data))
	r.tls.Free(16)
	if name != "" {
		r.Define(f, "name", r.String(name), Configurable)
	}
	return f
}

// hostEntry is the engine's entry into every host function (a JSCFunctionData).
func hostEntry(tls *libc.TLS, ctx uintptr, this lib.TJSValue, argc int32, argv uintptr, magic int32, data uintptr) (result lib.TJSValue) {
	r := fromCtx(tls, ctx)
	if r == nil {
		return jsUndefined
	}
	id := *(*int32)(unsafe.Pointer(&at[lib.TJSValue](data).Fu))
	fn := r.funcs[id]
	mark := r.Mark()
	argMark := len(r.argStack)
	for i := int32(0); i < argc; i++ {
		r.argStack = append(r.argStack, r.wrap(*at[lib.TJSValue](argv + uintptr(i)*16)))
	}
	c := Call{R: r, This: r.wrap(this), args: r.argStack[argMark:len(r.argStack):len(r.argStack)]}
	heldMark := r.heap.callHeld
	r.heap.inCall++
	defer func() {
		r.heap.inCall--
		r.Unhold(r.heap.callHeld - heldMark)
		r.heap.callHeld = heldMark
		if p := recover(); p != nil {
			if a, ok := p.(abortPanic); ok {
				result = r.stopValue(a.err).v
			} else {
				result = r.stopValue(&HostPanic{Value: p, Stack: string(debug.Stack())}).v
			}
		}
		clear(r.argStack[argMark:])
		r.argStack = r.argStack[:argMark]
		r.Unwind(mark)
	}()
	res := fn(&c)
	if res.v.Ftag == lib.EJS_TAG_EXCEPTION {
		return res.v
	}
	return r.dup(res)
}

// Abort stops the run with err from anywhere inside a host function (however deep in
// Go): the host function returns as StopWith(err) would have it. Outside a host function
// the panic reaches the embedder, which recovers it with Aborted.
func Abort(err error) { panic(abortPanic{err}) }

type abortPanic struct{ err error }

// Aborted returns the error of an Abort panic value p.
func Aborted(p any) (error, bool) {
	a, ok := p.(abortPanic)
	return a.err, ok
}

// HostPanic is the error a run stops with when a host function panicked: a defect of
// the host, not of the program.
type HostPanic struct {
	Value any
	Stack string
}

func (p *HostPanic) Error() string { return fmt.Sprintf("host function panicked: %v", p.Value) }

// Propagate returns from a host function an error a nested Call returned: a JS
// exception is rethrown, an interrupt goes on stopping the run.
func (r *Runtime) Propagate(err error) Value {
	var exc *Exception
	if errors.As(err, &exc) {
		return r.Throw(exc.Value)
	}
	return r.stopValue(err)
}

// Shift returns the call without its first n arguments (a dispatcher's operation code).
func (c *Call) Shift(n int) *Call {
	d := *c
	if n > len(d.args) {
		n = len(d.args)
	}
	d.args = d.args[n:]
	return &d
}
