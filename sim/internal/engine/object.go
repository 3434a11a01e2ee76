package engine

import (
	"fmt"

	lib "modernc.org/libquickjs"
)

// Property attributes for Define.
const (
	Configurable = lib.MJS_PROP_CONFIGURABLE
	Writable     = lib.MJS_PROP_WRITABLE
	Enumerable   = lib.MJS_PROP_ENUMERABLE
	// Default is what an assignment creates: writable, enumerable, configurable.
	Default = lib.MJS_PROP_C_W_E
	// Hidden is writable and configurable but not enumerable, like built-in methods.
	Hidden = lib.MJS_PROP_CONFIGURABLE | lib.MJS_PROP_WRITABLE
)

// Exception is a JavaScript exception that ended a call from Go.
type Exception struct {
	Value Value
}

func (e *Exception) Error() string {
	v := e.Value
	if v.IsObject() {
		if st := v.r.Get(v, "stack"); st.IsString() {
			return v.String() + "\n" + st.String()
		}
	}
	return v.String()
}

// Object makes an empty plain object.
func (r *Runtime) Object() Value { return r.own(lib.XJS_NewObject(r.tls, r.ctx)) }

// ObjectWithProto makes an empty object with the given prototype (null for none).
func (r *Runtime) ObjectWithProto(proto Value) Value {
	return r.own(lib.XJS_NewObjectProtoClass(r.tls, r.ctx, proto.v, 1 /* JS_CLASS_OBJECT */))
}

// Array makes an array of the given items.
func (r *Runtime) Array(items ...Value) Value {
	a := r.own(lib.XJS_NewArray(r.tls, r.ctx))
	for i, it := range items {
		lib.XJS_SetPropertyUint32(r.tls, r.ctx, a.v, uint32(i), r.dup(it))
	}
	return a
}

// Global is the global object.
func (r *Runtime) Global() Value { return r.own(lib.XJS_GetGlobalObject(r.tls, r.ctx)) }

// Get reads obj[name]; an exception (a throwing getter) gives undefined and is dropped.
func (r *Runtime) Get(obj Value, name string) Value {
	v := lib.XJS_GetPropertyInternal(r.tls, r.ctx, obj.v, r.atom(name), obj.v, 0)
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		r.clearException()
		return r.undef
	}
	return r.own(v)
}

// Index reads obj[i].
func (r *Runtime) Index(obj Value, i int) Value {
	v := lib.XJS_GetPropertyUint32(r.tls, r.ctx, obj.v, uint32(i))
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		r.clearException()
		return r.undef
	}
	return r.own(v)
}

// Len is obj.length as an integer.
func (r *Runtime) Len(obj Value) int { return int(r.Get(obj, "length").Int()) }

// Set assigns obj[name] = v, reporting an exception (a frozen object in strict mode, a
// throwing setter) as an error.
func (r *Runtime) Set(obj Value, name string, v Value) error {
	if lib.XJS_SetPropertyInternal(r.tls, r.ctx, obj.v, r.atom(name), r.dup(v), obj.v, lib.MJS_PROP_THROW) < 0 {
		return r.takeException()
	}
	return nil
}

// SetIndex assigns obj[i] = v.
func (r *Runtime) SetIndex(obj Value, i int, v Value) {
	lib.XJS_SetPropertyUint32(r.tls, r.ctx, obj.v, uint32(i), r.dup(v))
}

// Define defines obj[name] as a data property with the given attributes.
func (r *Runtime) Define(obj Value, name string, v Value, attrs int) {
	lib.XJS_DefinePropertyValue(r.tls, r.ctx, obj.v, r.atom(name), r.dup(v), int32(attrs))
}

// DefineAccessor defines obj[name] as an accessor (get or set may be undefined).
func (r *Runtime) DefineAccessor(obj Value, name string, get, set Value, attrs int) {
	lib.XJS_DefinePropertyGetSet(r.tls, r.ctx, obj.v, r.atom(name), r.dup(get), r.dup(set), int32(attrs|lib.MJS_PROP_GETSET))
}

// Has reports whether name is in obj (own or inherited).
func (r *Runtime) Has(obj Value, name string) bool {
	return obj.IsObject() && lib.XJS_HasProperty(r.tls, r.ctx, obj.v, r.atom(name)) > 0
}

// Delete deletes obj[name].
func (r *Runtime) Delete(obj Value, name string) {
	if lib.XJS_DeleteProperty(r.tls, r.ctx, obj.v, r.atom(name), 0) < 0 {
		r.clearException()
	}
}

// Proto returns obj's prototype.
func (r *Runtime) Proto(obj Value) Value {
	return r.own(lib.XJS_GetPrototype(r.tls, r.ctx, obj.v))
}

// SetProto sets obj's prototype.
func (r *Runtime) SetProto(obj, proto Value) error {
	if lib.XJS_SetPrototype(r.tls, r.ctx, obj.v, proto.v) < 0 {
		return r.takeException()
	}
	return nil
}

// Keys returns obj's own enumerable string keys, in the engine's property order.
func (r *Runtime) Keys(obj Value) []string {
	if !obj.IsObject() {
		return nil
	}
	tls := r.tls
	bp := tls.Alloc(16)
	defer tls.Free(16)
	if lib.XJS_GetOwnPropertyNames(tls, r.ctx, bp, bp+8, obj.v, lib.MJS_GPN_STRING_MASK|lib.MJS_GPN_ENUM_ONLY) < 0 {
		r.clearException()
		return nil
	}
	tab := *at[uintptr](bp)
	n := *at[uint32](bp + 8)
	keys := make([]string, 0, n)
	for i := uint32(0); i < n; i++ {
		atom := *at[lib.TJSAtom](tab + uintptr(i)*8 + 4) // JSPropertyEnum{is_enumerable int32, atom uint32}
		keys = append(keys, r.own(lib.XJS_AtomToString(tls, r.ctx, atom)).String())
	}
	lib.XJS_FreePropertyEnum(tls, r.ctx, tab, n)
	return keys
}

// Call calls fn with this and args. A JavaScript exception comes back as *Exception; an
// interrupt (a stop, the heap limit, an OnInterrupt error) as that error.
func (r *Runtime) Call(fn, this Value, args ...Value) (Value, error) {
	argv := r.argv(args)
	v := lib.XJS_Call(r.tls, r.ctx, fn.v, this.v, int32(len(args)), argv)
	r.freeArgv(len(args))
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		return r.undef, r.takeException()
	}
	if err := r.pendingStop(); err != nil {
		lib.XFreeValue(r.tls, r.ctx, v)
		return r.undef, err
	}
	return r.own(v), nil
}

// New calls ctor as a constructor.
func (r *Runtime) New(ctor Value, args ...Value) (Value, error) {
	argv := r.argv(args)
	v := lib.XJS_CallConstructor(r.tls, r.ctx, ctor.v, int32(len(args)), argv)
	r.freeArgv(len(args))
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		return r.undef, r.takeException()
	}
	return r.own(v), nil
}

// argv copies args to the TLS stack for a call; freeArgv pops them.
func (r *Runtime) argv(args []Value) uintptr {
	if len(args) == 0 {
		return 0
	}
	p := r.tls.Alloc(len(args) * 16)
	for i, a := range args {
		*at[lib.TJSValue](p + uintptr(i)*16) = a.v
	}
	return p
}

func (r *Runtime) freeArgv(n int) {
	if n > 0 {
		r.tls.Free(n * 16)
	}
}

// pendingStop is the interrupt that ended JS code which then returned normally (an async
// function's body turns the engine's uncatchable error into a rejection).
func (r *Runtime) pendingStop() error {
	if r.stopErr != nil || r.heap.failed {
		return r.takeStop()
	}
	return nil
}

// takeException takes the pending exception: an interrupt's cause, or an *Exception.
func (r *Runtime) takeException() error {
	exc := r.own(lib.XJS_GetException(r.tls, r.ctx))
	if err := r.takeStop(); err != nil {
		return err
	}
	return &Exception{Value: exc}
}

// Throw makes the current host function throw v: return its result from the host
// function.
func (r *Runtime) Throw(v Value) Value {
	lib.XJS_Throw(r.tls, r.ctx, r.dup(v))
	return Value{r: r, v: jsException}
}

// ThrowError makes the current host function throw a new error of the given
// constructor name (TypeError, RangeError, Error...) with a message.
func (r *Runtime) ThrowError(ctorName, format string, args ...any) Value {
	ctor := r.Get(r.Global(), ctorName)
	e, err := r.New(ctor, r.String(fmt.Sprintf(format, args...)))
	if err != nil {
		return r.stopValue(err)
	}
	return r.Throw(e)
}

// StopWith makes the running JavaScript stop with err (uncatchable: no catch or finally
// block runs); the outermost Call or RunJob returns err. Return its result from the
// host function.
func (r *Runtime) StopWith(err error) Value { return r.stopValue(err) }

func (r *Runtime) stopValue(err error) Value {
	r.stopErr = err
	lib.XJS_ThrowInternalError(r.tls, r.ctx, r.cstring("interrupted"), 0)
	lib.XJS_SetUncatchableException(r.tls, r.ctx, 1)
	r.SetInterruptIn(1) // an async function swallows it: stop at the next point too
	return Value{r: r, v: jsException}
}
