package engine

import (
	"math"
	"runtime"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// Value is a JavaScript value of one runtime.
//
// Ownership follows V8's handle scopes, so host code never counts references: a Value a
// Runtime method returns belongs to the current scope and stays valid until that scope
// ends (Unwind to its Mark; a host function's call is a scope of its own). Arguments a
// host function receives are valid for the call. A value that must outlive its scope (a
// callback kept in a timer) is kept with Keep and given back with Drop.
type Value struct {
	r *Runtime
	v lib.TJSValue
}

var (
	jsUndefined = lib.TJSValue{Ftag: lib.EJS_TAG_UNDEFINED}
	jsNull      = lib.TJSValue{Ftag: lib.EJS_TAG_NULL}
	jsException = lib.TJSValue{Ftag: lib.EJS_TAG_EXCEPTION}
)

func mkInt(n int32) lib.TJSValue {
	var v lib.TJSValue
	v.Ftag = lib.EJS_TAG_INT
	*(*int32)(unsafe.Pointer(&v.Fu)) = n
	return v
}

func mkBool(b bool) lib.TJSValue {
	var v lib.TJSValue
	v.Ftag = lib.EJS_TAG_BOOL
	if b {
		*(*int32)(unsafe.Pointer(&v.Fu)) = 1
	}
	return v
}

func mkFloat(f float64) lib.TJSValue {
	var v lib.TJSValue
	v.Ftag = lib.EJS_TAG_FLOAT64
	*(*float64)(unsafe.Pointer(&v.Fu)) = f
	return v
}

// refCounted reports whether v points to an engine object with a reference count.
func refCounted(v lib.TJSValue) bool { return v.Ftag < 0 }

// Mark is the current depth of the value scope, for Unwind.
func (r *Runtime) Mark() int { return len(r.scope) }

// Unwind ends the scopes opened since mark: every value they own is released.
func (r *Runtime) Unwind(mark int) {
	for i := len(r.scope) - 1; i >= mark; i-- {
		lib.XFreeValue(r.tls, r.ctx, r.scope[i])
	}
	clear(r.scope[mark:])
	r.scope = r.scope[:mark]
}

// own puts a new reference in the current scope and wraps it.
func (r *Runtime) own(v lib.TJSValue) Value {
	if refCounted(v) {
		r.scope = append(r.scope, v)
	}
	return Value{r: r, v: v}
}

// wrap wraps a borrowed reference (valid as long as its owner keeps it).
func (r *Runtime) wrap(v lib.TJSValue) Value { return Value{r: r, v: v} }

// Keep returns v as a reference of its own, outside every scope, for Drop.
func (r *Runtime) Keep(v Value) Value {
	if refCounted(v.v) {
		lib.XDupValue(r.tls, r.ctx, v.v)
	}
	return v
}

// Drop gives back a reference Keep made.
func (r *Runtime) Drop(v Value) {
	if refCounted(v.v) && !r.closed {
		lib.XFreeValue(r.tls, r.ctx, v.v)
	}
}

// dup returns a new reference to v for an engine call that takes ownership.
func (r *Runtime) dup(v Value) lib.TJSValue {
	if refCounted(v.v) {
		return lib.XDupValue(r.tls, r.ctx, v.v)
	}
	return v.v
}

// Undefined, Null, Bool, Int and Float make primitive values.
func (r *Runtime) Undefined() Value      { return r.undef }
func (r *Runtime) Null() Value           { return Value{r: r, v: jsNull} }
func (r *Runtime) Bool(b bool) Value     { return Value{r: r, v: mkBool(b)} }
func (r *Runtime) Int(n int64) Value     { return r.Float(float64(n)) }
func (r *Runtime) Float(f float64) Value { return Value{r: r, v: numberValue(f)} }

// numberValue is the engine's canonical form of a number: an int when it is one.
func numberValue(f float64) lib.TJSValue {
	if f == math.Trunc(f) && f >= math.MinInt32 && f <= math.MaxInt32 && !(f == 0 && math.Signbit(f)) {
		return mkInt(int32(f))
	}
	return mkFloat(f)
}

// cbuf returns n bytes of C memory the runtime reuses between engine calls that copy
// their input (strings, atoms).
func (r *Runtime) cbuf(n int) uintptr {
	if n > r.scratchN {
		if r.scratch != 0 {
			libc.Xfree(r.tls, r.scratch)
		}
		size := max(n, 256)
		r.scratch = libc.Xmalloc(r.tls, uint64(size))
		r.scratchN = size
	}
	return r.scratch
}

// cstring copies s into the scratch buffer, NUL-terminated.
func (r *Runtime) cstring(s string) uintptr {
	p := r.cbuf(len(s) + 1)
	copy(unsafe.Slice(at[byte](p), len(s)+1), s)
	*at[byte](p + uintptr(len(s))) = 0
	return p
}

// String makes a JS string from UTF-8 (invalid sequences become U+FFFD). A long one is
// read where Go holds it, not copied to the scratch buffer first (which would keep its
// size for the runtime's life). Past the heap limit it is an exception value, as any
// allocation of the engine's that does not fit.
func (r *Runtime) String(s string) Value {
	if s == "" {
		return r.own(lib.XJS_NewStringLen(r.tls, r.ctx, r.cbuf(1), 0))
	}
	v := r.own(lib.XJS_NewStringLen(r.tls, r.ctx, r.chars(s), uint64(len(s))))
	runtime.KeepAlive(s)
	return v
}

// chars is the address of s's bytes for an engine call that copies them and takes their
// length (not NUL-terminated): the scratch buffer for a short string, Go's memory for a
// long one (the caller keeps s alive across the call).
func (r *Runtime) chars(s string) uintptr {
	if len(s) > maxScratch {
		return uintptr(unsafe.Pointer(unsafe.StringData(s)))
	}
	p := r.cbuf(max(len(s), 1))
	copy(unsafe.Slice(at[byte](p), len(s)), s)
	return p
}

// maxScratch is the most the scratch buffer grows to: longer strings go to the engine
// from Go's memory directly.
const maxScratch = 64 << 10

// atom returns the engine's atom for a property name, made once per runtime.
func (r *Runtime) atom(name string) lib.TJSAtom {
	if a, ok := r.atoms[name]; ok {
		return a
	}
	a := lib.XJS_NewAtomLen(r.tls, r.ctx, r.chars(name), uint64(len(name)))
	runtime.KeepAlive(name)
	r.atoms[name] = a
	return a
}

// Kinds of values.

func (v Value) IsUndefined() bool { return v.v.Ftag == lib.EJS_TAG_UNDEFINED }
func (v Value) IsNull() bool      { return v.v.Ftag == lib.EJS_TAG_NULL }
func (v Value) IsNullish() bool   { return v.IsUndefined() || v.IsNull() }
func (v Value) IsBool() bool      { return v.v.Ftag == lib.EJS_TAG_BOOL }
func (v Value) IsNumber() bool {
	return v.v.Ftag == lib.EJS_TAG_INT || v.v.Ftag == lib.EJS_TAG_FLOAT64
}
func (v Value) IsString() bool {
	return v.v.Ftag == lib.EJS_TAG_STRING || v.v.Ftag == lib.EJS_TAG_STRING_ROPE
}
func (v Value) IsSymbol() bool { return v.v.Ftag == lib.EJS_TAG_SYMBOL }
func (v Value) IsBigInt() bool {
	return v.v.Ftag == lib.EJS_TAG_BIG_INT || v.v.Ftag == lib.EJS_TAG_SHORT_BIG_INT
}
func (v Value) IsObject() bool { return v.v.Ftag == lib.EJS_TAG_OBJECT }

// IsFunction reports whether v is callable.
func (v Value) IsFunction() bool {
	return v.IsObject() && lib.XJS_IsFunction(v.r.tls, v.r.ctx, v.v) != 0
}

// IsArray reports whether v is an Array.
func (v Value) IsArray() bool {
	return v.IsObject() && lib.XJS_IsArray(v.r.tls, v.r.ctx, v.v) > 0
}

// IsError reports whether v is an Error object.
func (v Value) IsError() bool {
	return v.IsObject() && lib.XJS_IsError(v.r.tls, v.r.ctx, v.v) != 0
}

// Same reports whether two values are the same (SameValue).
func (v Value) Same(w Value) bool {
	return lib.XJS_SameValue(v.r.tls, v.r.ctx, v.v, w.v) != 0
}

// Float converts v with ToNumber (NaN when that throws).
func (v Value) Float() float64 {
	switch v.v.Ftag {
	case lib.EJS_TAG_INT:
		return float64(*(*int32)(unsafe.Pointer(&v.v.Fu)))
	case lib.EJS_TAG_FLOAT64:
		return *(*float64)(unsafe.Pointer(&v.v.Fu))
	case lib.EJS_TAG_UNDEFINED:
		return math.NaN()
	case lib.EJS_TAG_NULL:
		return 0
	case lib.EJS_TAG_BOOL:
		return float64(*(*int32)(unsafe.Pointer(&v.v.Fu)))
	}
	r := v.r
	p := r.tls.Alloc(8)
	defer r.tls.Free(8)
	if lib.XJS_ToFloat64(r.tls, r.ctx, p, v.v) < 0 {
		r.clearException()
		return math.NaN()
	}
	return *at[float64](p)
}

// Int converts v with ToNumber and truncates it (0 for NaN and infinities).
func (v Value) Int() int64 {
	f := v.Float()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int64(f)
}

// Truthy converts v with ToBoolean.
func (v Value) Truthy() bool {
	switch v.v.Ftag {
	case lib.EJS_TAG_BOOL, lib.EJS_TAG_INT:
		return *(*int32)(unsafe.Pointer(&v.v.Fu)) != 0
	case lib.EJS_TAG_UNDEFINED, lib.EJS_TAG_NULL:
		return false
	}
	return lib.XJS_ToBool(v.r.tls, v.r.ctx, v.v) > 0
}

// String converts v with ToString; a value whose conversion throws (a symbol, an
// object whose toString throws) gives "".
func (v Value) String() string {
	s, ok := v.r.toString(v)
	if !ok {
		return ""
	}
	return s
}

// toString converts v with ToString, reporting whether it succeeded (the exception is
// cleared when it did not).
func (r *Runtime) toString(v Value) (string, bool) {
	p := r.tls.Alloc(8)
	defer r.tls.Free(8)
	cs := lib.XJS_ToCStringLen2(r.tls, r.ctx, p, v.v, 0)
	if cs == 0 {
		r.clearException()
		return "", false
	}
	n := *at[uint64](p)
	if n > maxScratch && !r.HoldForCall(int64(n)) { // the Go copy, beside the engine's
		lib.XJS_FreeCString(r.tls, r.ctx, cs)
		return "", false
	}
	s := string(unsafe.Slice(at[byte](cs), n))
	lib.XJS_FreeCString(r.tls, r.ctx, cs)
	return s, true
}

// clearException drops the pending exception (after a conversion that failed), unless
// it is an interrupt, which must reach the caller of the outermost call.
func (r *Runtime) clearException() {
	if r.stopErr != nil {
		return
	}
	lib.XFreeValue(r.tls, r.ctx, lib.XJS_GetException(r.tls, r.ctx))
}
