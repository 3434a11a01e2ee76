package engine

import (
	"fmt"
	"sync"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// Code is a compiled script or module: the engine's bytecode, which any runtime can
// load (so a program is parsed once and run many times).
type Code struct {
	Name   string
	Module bool
	bytes  []byte
}

// Size is the bytecode's size in bytes.
func (c *Code) Size() int { return len(c.bytes) }

// SyntaxError is a program that does not compile.
type SyntaxError struct {
	Message      string // as the engine says it
	Line, Column int    // 1-based; 0 when unknown
	File         string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: SyntaxError: %s", e.File, e.Line, e.Column, e.Message)
	}
	return "SyntaxError: " + e.Message
}

// compiler is a runtime kept for compiling: bytecode does not depend on the runtime.
type compiler struct {
	sync.Mutex
	r     *Runtime
	strip int32 // JS_SetStripInfo flags
}

var (
	programCompiler = &compiler{}
	// libraryCompiler compiles the host's own scripts without their source text.
	libraryCompiler = &compiler{strip: lib.MJS_STRIP_SOURCE}
)

// Compile parses and compiles src. A module's imports are not resolved until it runs.
func Compile(src, name string, module bool) (*Code, error) {
	return programCompiler.compile(src, name, module)
}

// CompileLibrary compiles a script the host runs in many runtimes (a built-in module
// written in JavaScript), as Compile does but without the source text: the bytecode is
// about a quarter of the size, loads faster and holds less of each runtime's heap. Line
// numbers stay in stack traces; Function.prototype.toString of its functions no longer
// shows their source.
func CompileLibrary(src, name string) (*Code, error) {
	return libraryCompiler.compile(src, name, false)
}

func (c *compiler) compile(src, name string, module bool) (*Code, error) {
	c.Lock()
	defer c.Unlock()
	if c.r == nil {
		r, err := New(Config{MemoryLimit: 1 << 30})
		if err != nil {
			return nil, err
		}
		r.SetModuleLoader(stubLoader{})
		if c.strip != 0 {
			lib.XJS_SetStripInfo(r.tls, r.rt, c.strip)
		}
		c.r = r
	}
	r := c.r
	mark := r.Mark()
	defer r.Unwind(mark)
	flags := int32(lib.MJS_EVAL_FLAG_COMPILE_ONLY)
	if module {
		flags |= lib.MJS_EVAL_TYPE_MODULE
	}
	fn, err := r.evalRaw(src, name, flags)
	if err != nil {
		return nil, err
	}
	out := r.tls.Alloc(8)
	defer r.tls.Free(8)
	buf := lib.XJS_WriteObject(r.tls, r.ctx, out, fn.v, lib.MJS_WRITE_OBJ_BYTECODE)
	if buf == 0 {
		return nil, r.takeException()
	}
	n := *at[uint64](out)
	code := &Code{Name: name, Module: module, bytes: append([]byte(nil), unsafe.Slice(at[byte](buf), n)...)}
	lib.Xjs_free(r.tls, r.ctx, buf)
	if r.heap.used > 64<<20 { // a huge program left its garbage: start afresh
		r.Close()
		c.r = nil
	}
	return code, nil
}

// evalRaw runs JS_Eval on src; a compile error comes back as *SyntaxError.
func (r *Runtime) evalRaw(src, name string, flags int32) (Value, error) {
	srcC := libc.Xmalloc(r.tls, uint64(len(src)+1))
	defer libc.Xfree(r.tls, srcC)
	copy(unsafe.Slice(at[byte](srcC), len(src)+1), src)
	*at[byte](srcC + uintptr(len(src))) = 0
	nameC, _ := libc.CString(name)
	defer libc.Xfree(r.tls, nameC)
	v := lib.XJS_Eval(r.tls, r.ctx, srcC, uint64(len(src)), nameC, flags)
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		err := r.takeException()
		if exc, ok := err.(*Exception); ok && flags&lib.MJS_EVAL_FLAG_COMPILE_ONLY != 0 {
			return r.undef, r.syntaxError(exc.Value, name)
		}
		return r.undef, err
	}
	return r.own(v), nil
}

// syntaxError turns the engine's compile error into a *SyntaxError.
func (r *Runtime) syntaxError(exc Value, name string) error {
	se := &SyntaxError{Message: r.Get(exc, "message").String(), File: name}
	if l := r.Get(exc, "lineNumber"); l.IsNumber() {
		se.Line = int(l.Int())
	}
	if c := r.Get(exc, "columnNumber"); c.IsNumber() {
		se.Column = int(c.Int())
	}
	return se
}

// Run evaluates compiled code in the runtime. A script returns its completion value; a
// module returns the promise of its evaluation (top-level await settles it later), and
// its imports are loaded through the ModuleLoader.
func (r *Runtime) Run(code *Code) (Value, error) {
	obj := r.readCode(code)
	if obj.Ftag == lib.EJS_TAG_EXCEPTION {
		return r.undef, r.takeException()
	}
	if code.Module {
		r.setImportMeta(*(*uintptr)(unsafe.Pointer(&obj.Fu)), code.Name)
		if lib.XJS_ResolveModule(r.tls, r.ctx, obj) < 0 {
			lib.XFreeValue(r.tls, r.ctx, obj)
			return r.undef, r.takeException()
		}
	}
	v := lib.XJS_EvalFunction(r.tls, r.ctx, obj) // takes obj
	if v.Ftag == lib.EJS_TAG_EXCEPTION {
		return r.undef, r.takeException()
	}
	if err := r.pendingStop(); err != nil {
		lib.XFreeValue(r.tls, r.ctx, v)
		return r.undef, err
	}
	return r.own(v), nil
}

// readCode loads compiled code into the runtime. The engine reads the bytecode in place
// (ROM data): the runtime keeps the Code until it closes.
func (r *Runtime) readCode(code *Code) lib.TJSValue {
	r.codes = append(r.codes, code)
	return lib.XJS_ReadObject(r.tls, r.ctx, addr(code.bytes), uint64(len(code.bytes)), lib.MJS_READ_OBJ_BYTECODE|lib.MJS_READ_OBJ_ROM_DATA)
}

// Eval compiles and runs src as a script (for tests and small host glue).
func (r *Runtime) Eval(src, name string) (Value, error) {
	v, err := r.evalRaw(src, name, lib.MJS_EVAL_TYPE_GLOBAL)
	if err != nil {
		return v, err
	}
	return v, r.pendingStop()
}
