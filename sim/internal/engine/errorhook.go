package engine

import (
	"runtime/debug"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// The engine makes its error objects deep inside C code (a property read of undefined, a
// call of a non-function, a stack overflow) with texts of its own and gives the embedder
// no hook. It does, however, consult a class's exotic methods when a property is created
// on an object of that class, and every Error object (the engine's own, `new Error`,
// a subclass's super()) gets its `stack` property last, once its message is set. Giving
// the Error class an exotic define_own_property therefore tells the runtime of each error
// the moment it is complete, before any JavaScript can see it: the hook can give it
// another engine's message, and its stack becomes an accessor that formats on first
// read, as V8's does.

// ErrorInfo is an error the engine just made, as ErrorHook.Created sees it.
type ErrorInfo struct {
	// Error is the error object. Its own properties and prototype may be changed (Define,
	// SetProto); JavaScript must not run (the engine may be in the middle of a throw).
	Error Value
	// Message is the error's own message ("" when it has none).
	Message string
	// Backtrace is the engine's trace, one "    at NAME (FILE:LINE:COL)\n" or
	// "    at NAME (native)\n" line per frame, innermost first.
	Backtrace string
}

// ErrorHook gives errors the embedder's texts.
type ErrorHook struct {
	// Created is called once per error when it is complete. It returns the value kept
	// with the error (in the engine's heap) and handed to Stack.
	Created func(e *ErrorInfo) Value
	// Stack is called when a program first reads the stack of an error Created saw (or
	// Go reads it); it returns the value the stack property then holds.
	Stack func(e Value, kept Value) Value
}

// errorState is a runtime's error hook.
type errorState struct {
	hook      *ErrorHook
	stackAtom lib.TJSAtom
	setter    Value // the stack setter all errors share (kept)
}

// errorExotic is the Error class's exotic methods while a hook is set: only
// define_own_property, so every other operation behaves as for an ordinary object.
var errorExotic lib.TJSClassExoticMethods

func init() { errorExotic.Fdefine_own_property = fnPtr(errorDefineOwn) }

// SetErrorHook sets the hook told of every error made after this call (nil removes it).
func (r *Runtime) SetErrorHook(h *ErrorHook) {
	r.errs.hook = h
	cls := at[lib.TJSClass](at[lib.TJSRuntime](r.rt).Fclass_array + uintptr(lib.EJS_CLASS_ERROR)*unsafe.Sizeof(lib.TJSClass{}))
	if h == nil {
		cls.Fexotic = 0
		return
	}
	r.errs.stackAtom = r.atom("stack")
	if r.errs.setter.v.Ftag != lib.EJS_TAG_OBJECT {
		r.errs.setter = r.Keep(r.own(lib.XJS_NewCFunctionData(r.tls, r.ctx, fnPtr(stackSetterEntry), 1, 0, 0, 0)))
	}
	cls.Fexotic = uintptr(unsafe.Pointer(&errorExotic))
}

// backtraceFlags are the flags the engine defines an error's stack with (JS_DefinePropertyValue,
// writable and configurable): an assignment or a defineProperty from a program differs.
const backtraceFlags = lib.MJS_PROP_HAS_VALUE | lib.MJS_PROP_HAS_CONFIGURABLE | lib.MJS_PROP_HAS_WRITABLE |
	lib.MJS_PROP_HAS_ENUMERABLE | lib.MJS_PROP_WRITABLE | lib.MJS_PROP_CONFIGURABLE

// errorDefineOwn is the Error class's define_own_property: a property being created on an
// error. The engine's backtrace goes to the hook; everything else is defined as usual.
func errorDefineOwn(tls *libc.TLS, ctx uintptr, obj lib.TJSValue, prop lib.TJSAtom, val, getter, setter lib.TJSValue, flags int32) int32 {
	r := fromCtx(tls, ctx)
	if r == nil || r.errs.hook == nil || prop != r.errs.stackAtom || flags&^lib.MJS_PROP_THROW != backtraceFlags ||
		(val.Ftag != lib.EJS_TAG_STRING && val.Ftag != lib.EJS_TAG_STRING_ROPE) {
		return lib.XJS_DefineProperty(tls, ctx, obj, prop, val, getter, setter, flags|lib.MJS_PROP_NO_EXOTIC)
	}
	mark := r.Mark()
	defer r.Unwind(mark)
	info := ErrorInfo{Error: r.wrap(obj), Backtrace: r.wrap(val).String()}
	if m, ok := r.ownData(obj, r.atom("message")); ok && m.IsString() {
		info.Message = m.String()
	}
	if info.Message == bufferTooLongMessage {
		r.refuse() // V8 would try to allocate it; no heap a run may have holds it
	}
	kept := r.callCreated(&info)
	data := r.tls.Alloc(16)
	*at[lib.TJSValue](data) = kept.v
	get := lib.XJS_NewCFunctionData(tls, ctx, fnPtr(stackGetterEntry), 0, 0, 1, data)
	r.tls.Free(16)
	if get.Ftag == lib.EJS_TAG_EXCEPTION {
		return -1
	}
	// JS_DefineProperty borrows getter and setter; the function goes with this scope.
	r.own(get)
	return lib.XJS_DefineProperty(tls, ctx, obj, prop, jsUndefined, get, r.errs.setter.v, lib.MJS_PROP_HAS_GET|lib.MJS_PROP_HAS_SET|
		lib.MJS_PROP_HAS_CONFIGURABLE|lib.MJS_PROP_CONFIGURABLE|lib.MJS_PROP_HAS_ENUMERABLE|lib.MJS_PROP_NO_EXOTIC|flags&lib.MJS_PROP_THROW)
}

// bufferTooLongMessage is the engine's message for an array buffer of a valid length
// (an index) above its own maximum of 2 GiB - 1 bytes, which V8 allocates.
const bufferTooLongMessage = "invalid array buffer length"

// callCreated runs the hook's Created; a panic leaves the error as the engine made it
// and stops the run with a *HostPanic at the next interrupt point.
func (r *Runtime) callCreated(info *ErrorInfo) (kept Value) {
	defer func() {
		if p := recover(); p != nil {
			r.stopErr = &HostPanic{Value: p, Stack: string(debug.Stack())}
			r.SetInterruptIn(1)
			kept = r.undef
		}
	}()
	return r.errs.hook.Created(info)
}

// ownData returns obj's own data property prop, without running a getter.
func (r *Runtime) ownData(obj lib.TJSValue, prop lib.TJSAtom) (Value, bool) {
	desc := r.tls.Alloc(int(unsafe.Sizeof(lib.TJSPropertyDescriptor{})))
	defer r.tls.Free(int(unsafe.Sizeof(lib.TJSPropertyDescriptor{})))
	if lib.XJS_GetOwnProperty(r.tls, r.ctx, desc, obj, prop) <= 0 {
		return r.undef, false
	}
	d := at[lib.TJSPropertyDescriptor](desc)
	r.own(d.Fgetter)
	r.own(d.Fsetter)
	v := r.own(d.Fvalue)
	return v, d.Fflags&lib.MJS_PROP_GETSET == 0
}

// stackGetterEntry is the getter of an error's stack: the hook formats it, and the
// result replaces the accessor as a data property (a second read gives the same text,
// as in V8, even if the message changed in between).
func stackGetterEntry(tls *libc.TLS, ctx uintptr, this lib.TJSValue, argc int32, argv uintptr, magic int32, data uintptr) (result lib.TJSValue) {
	r := fromCtx(tls, ctx)
	if r == nil || r.errs.hook == nil {
		return jsUndefined
	}
	mark := r.Mark()
	defer func() {
		if p := recover(); p != nil {
			result = r.stopValue(&HostPanic{Value: p, Stack: string(debug.Stack())}).v
		}
		r.Unwind(mark)
	}()
	v := r.errs.hook.Stack(r.wrap(this), r.wrap(*at[lib.TJSValue](data)))
	if v.v.Ftag == lib.EJS_TAG_EXCEPTION {
		return v.v
	}
	if this.Ftag == lib.EJS_TAG_OBJECT {
		lib.XJS_DefinePropertyValue(tls, ctx, this, r.errs.stackAtom, r.dup(v), lib.MJS_PROP_WRITABLE|lib.MJS_PROP_CONFIGURABLE)
	}
	return r.dup(v)
}

// stackSetterEntry is the setter of an error's stack: the value assigned becomes a
// data property.
func stackSetterEntry(tls *libc.TLS, ctx uintptr, this lib.TJSValue, argc int32, argv uintptr, magic int32, data uintptr) lib.TJSValue {
	r := fromCtx(tls, ctx)
	if r == nil || this.Ftag != lib.EJS_TAG_OBJECT {
		return jsUndefined
	}
	v := jsUndefined
	if argc > 0 {
		v = *at[lib.TJSValue](argv)
	}
	lib.XJS_DefinePropertyValue(tls, ctx, this, r.errs.stackAtom, r.dup(r.wrap(v)), lib.MJS_PROP_WRITABLE|lib.MJS_PROP_CONFIGURABLE)
	return jsUndefined
}

// DefineStack gives obj a stack as the engine's errors have one: an accessor whose first
// read asks the hook's Stack to format it from kept (Error.captureStackTrace). It
// returns false, defining nothing, when obj is not extensible.
func (r *Runtime) DefineStack(obj, kept Value) bool {
	if r.errs.hook == nil || obj.v.Ftag != lib.EJS_TAG_OBJECT || lib.XJS_IsExtensible(r.tls, r.ctx, obj.v) <= 0 {
		return false
	}
	data := r.tls.Alloc(16)
	*at[lib.TJSValue](data) = kept.v
	get := lib.XJS_NewCFunctionData(r.tls, r.ctx, fnPtr(stackGetterEntry), 0, 0, 1, data)
	r.tls.Free(16)
	if get.Ftag == lib.EJS_TAG_EXCEPTION {
		r.clearException()
		return false
	}
	r.own(get)
	return lib.XJS_DefineProperty(r.tls, r.ctx, obj.v, r.errs.stackAtom, jsUndefined, get, r.errs.setter.v, lib.MJS_PROP_HAS_GET|lib.MJS_PROP_HAS_SET|
		lib.MJS_PROP_HAS_CONFIGURABLE|lib.MJS_PROP_CONFIGURABLE|lib.MJS_PROP_HAS_ENUMERABLE|lib.MJS_PROP_NO_EXOTIC) > 0
}
