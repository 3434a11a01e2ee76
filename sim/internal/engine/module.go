package engine

import (
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// ModuleLoader finds the modules an ES module imports (statically or with import()).
type ModuleLoader interface {
	// Resolve returns the name of the module specifier imports from the module named base.
	Resolve(base, specifier string) (string, error)
	// Load returns the compiled module of that name (compiled under that name).
	Load(name string) (*Code, error)
	// ImportMeta fills in import.meta of the module named name.
	ImportMeta(name string, meta Value)
}

// setImportMeta lets the loader fill in a module's import.meta (m is a JSModuleDef).
func (r *Runtime) setImportMeta(m uintptr, name string) {
	if r.modLoader == nil {
		return
	}
	if _, stub := r.modLoader.(stubLoader); stub {
		return
	}
	meta := lib.XJS_GetImportMeta(r.tls, r.ctx, m)
	if meta.Ftag != lib.EJS_TAG_OBJECT {
		r.clearException()
		return
	}
	mark := r.Mark()
	r.modLoader.ImportMeta(name, r.own(meta))
	r.Unwind(mark)
}

// SetModuleLoader sets the loader of imported modules.
func (r *Runtime) SetModuleLoader(l ModuleLoader) {
	r.modLoader = l
	lib.XJS_SetModuleLoaderFunc(r.tls, r.rt, fnPtr(moduleNormalize), fnPtr(moduleLoad), uintptr(r.id))
}

func goString(p uintptr) string {
	if p == 0 {
		return ""
	}
	n := 0
	for *at[byte](p + uintptr(n)) != 0 {
		n++
	}
	return string(unsafe.Slice(at[byte](p), n))
}

// stubLoader is the compiler runtime's loader: the engine resolves a module's imports
// when it compiles it, but bytecode names its imports only, so any module will do.
type stubLoader struct{}

func (stubLoader) Resolve(base, specifier string) (string, error) { return specifier, nil }
func (stubLoader) Load(name string) (*Code, error)                { return nil, nil }
func (stubLoader) ImportMeta(string, Value)                       {}

// recoverAbort turns an Abort raised by the loader into the end of the run.
func (r *Runtime) recoverAbort(ret *uintptr) {
	if p := recover(); p != nil {
		a, ok := p.(abortPanic)
		if !ok {
			panic(p)
		}
		r.stopValue(a.err)
		*ret = 0
	}
}

func moduleNormalize(tls *libc.TLS, ctx, base, name, opaque uintptr) (ret uintptr) {
	r := lookup(opaque)
	if r == nil || r.modLoader == nil {
		return 0
	}
	defer r.recoverAbort(&ret)
	resolved, err := r.modLoader.Resolve(goString(base), goString(name))
	if err != nil {
		r.throwLoadError(err)
		return 0
	}
	return lib.Xjs_strdup(tls, ctx, r.cstring(resolved))
}

func moduleLoad(tls *libc.TLS, ctx, name, opaque uintptr) (ret uintptr) {
	r := lookup(opaque)
	if r == nil || r.modLoader == nil {
		return 0
	}
	defer r.recoverAbort(&ret)
	if _, stub := r.modLoader.(stubLoader); stub {
		v, err := r.evalRaw("", goString(name), lib.MJS_EVAL_TYPE_MODULE|lib.MJS_EVAL_FLAG_COMPILE_ONLY)
		if err != nil {
			return 0
		}
		return *(*uintptr)(unsafe.Pointer(&v.v.Fu))
	}
	code, err := r.modLoader.Load(goString(name))
	if err != nil {
		r.throwLoadError(err)
		return 0
	}
	obj := r.readCode(code)
	if obj.Ftag != lib.EJS_TAG_MODULE {
		if obj.Ftag != lib.EJS_TAG_EXCEPTION {
			lib.XFreeValue(tls, ctx, obj)
			r.throwLoadError(&SyntaxError{Message: "not a module: " + code.Name})
		}
		return 0
	}
	m := *(*uintptr)(unsafe.Pointer(&obj.Fu))
	lib.XFreeValue(tls, ctx, obj) // the context's module list keeps the module
	r.setImportMeta(m, code.Name)
	return m
}

// LoadError is what a ModuleLoader returns to throw a specific JS error: its Value is
// thrown as is.
type LoadError struct{ Value Value }

func (e *LoadError) Error() string { return e.Value.String() }

// throwLoadError throws err as the failed import's exception.
func (r *Runtime) throwLoadError(err error) {
	if le, ok := err.(*LoadError); ok {
		lib.XJS_Throw(r.tls, r.ctx, r.dup(le.Value))
		return
	}
	if se, ok := err.(*SyntaxError); ok {
		r.ThrowError("SyntaxError", "%s", se.Message)
		return
	}
	r.ThrowError("Error", "%s", err.Error())
}
