package engine

import (
	"unsafe"

	lib "modernc.org/libquickjs"
)

// Frame is one frame of the JavaScript call stack.
type Frame struct {
	File     string // the script or module name
	Function string // "" for anonymous functions and top-level code
	Line     int    // 1-based; 0 when unknown
	Column   int
}

// Frames appends the JavaScript frames of the current call stack to dst, innermost
// first, at most max of them. It reads the engine's frames directly (no error object is
// made), so it is cheap enough to call at every trace step.
func (r *Runtime) Frames(dst []Frame, max int) []Frame {
	rtp := at[lib.TJSRuntime](r.rt)
	for sf := rtp.Fcurrent_stack_frame; sf != 0 && max > 0; sf = at[lib.TJSStackFrame](sf).Fprev_frame {
		frame := at[lib.TJSStackFrame](sf)
		b := functionBytecode(frame.Fcur_func)
		if b == 0 {
			continue // a native function
		}
		fb := at[lib.TJSFunctionBytecode](b)
		f := Frame{File: r.atomString(fb.Fdebug.Ffilename), Function: r.atomString(fb.Ffunc_name)}
		if frame.Fcur_pc != 0 {
			f.Line, f.Column = lineOf(b, uint32(int64(frame.Fcur_pc)-int64(fb.Fbyte_code_buf)-1))
		}
		dst = append(dst, f)
		max--
	}
	return dst
}

// FirstFrame returns the position of the innermost frame whose file keep accepts, with
// ok false when there is none. Lines are decoded for that frame only, and cached. A
// traced run calls it at every operation, so keep's answer is cached per file until
// Restore: keep must answer the same for a file name all that time.
func (r *Runtime) FirstFrame(keep func(file string) bool) (line, col int, ok bool) {
	rtp := at[lib.TJSRuntime](r.rt)
	for sf := rtp.Fcurrent_stack_frame; sf != 0; sf = at[lib.TJSStackFrame](sf).Fprev_frame {
		frame := at[lib.TJSStackFrame](sf)
		b := functionBytecode(frame.Fcur_func)
		if b == 0 {
			continue
		}
		if !r.keepsFile(at[lib.TJSFunctionBytecode](b).Fdebug.Ffilename, keep) {
			continue
		}
		line, col = r.position(frame, b)
		return line, col, true
	}
	return 0, 0, false
}

// fileDecision is keep's answer for the file named by atom.
type fileDecision struct {
	atom lib.TJSAtom
	keep bool
}

// maxFileDecisions bounds FirstFrame's cache (a program has a few files).
const maxFileDecisions = 32

// keepsFile is keep's answer for the file named by atom, cached.
func (r *Runtime) keepsFile(atom lib.TJSAtom, keep func(file string) bool) bool {
	for _, d := range r.fileKeep {
		if d.atom == atom {
			return d.keep
		}
	}
	k := keep(r.atomString(atom))
	if len(r.fileKeep) < maxFileDecisions {
		r.fileKeep = append(r.fileKeep, fileDecision{atom, k})
	}
	return k
}

// KeptFrames appends to dst the frames of the current call stack whose file keep
// accepts, innermost first: the innermost max-1 of them and always the outermost one
// (max >= 2); elided counts those left out between the two. Only the frames returned
// have their lines decoded (cached), so a deep stack costs a walk, not a decode per frame.
func (r *Runtime) KeptFrames(dst []Frame, keep func(file string) bool, max int) (_ []Frame, elided int) {
	rtp := at[lib.TJSRuntime](r.rt)
	n := 0
	var last, lastB uintptr
	for sf := rtp.Fcurrent_stack_frame; sf != 0; sf = at[lib.TJSStackFrame](sf).Fprev_frame {
		frame := at[lib.TJSStackFrame](sf)
		b := functionBytecode(frame.Fcur_func)
		if b == 0 {
			continue
		}
		fb := at[lib.TJSFunctionBytecode](b)
		file := r.atomString(fb.Fdebug.Ffilename)
		if !keep(file) {
			continue
		}
		n++
		if n < max {
			dst = append(dst, r.frame(frame, b, file))
			continue
		}
		last, lastB = sf, b
	}
	if last != 0 {
		fb := at[lib.TJSFunctionBytecode](lastB)
		dst = append(dst, r.frame(at[lib.TJSStackFrame](last), lastB, r.atomString(fb.Fdebug.Ffilename)))
		elided = n - max
	}
	return dst, elided
}

func (r *Runtime) frame(frame *lib.TJSStackFrame, b uintptr, file string) Frame {
	f := Frame{File: file, Function: r.atomString(at[lib.TJSFunctionBytecode](b).Ffunc_name)}
	f.Line, f.Column = r.position(frame, b)
	return f
}

// position is the line and column a frame of function b is at, cached per instruction.
func (r *Runtime) position(frame *lib.TJSStackFrame, b uintptr) (line, col int) {
	if frame.Fcur_pc == 0 {
		return 0, 0
	}
	fb := at[lib.TJSFunctionBytecode](b)
	pc := uint32(int64(frame.Fcur_pc) - int64(fb.Fbyte_code_buf) - 1)
	fl := r.lines.of(b, int(fb.Fbyte_code_len))
	if pc >= uint32(len(fl)) {
		return lineOf(b, pc)
	}
	if p := fl[pc]; p != 0 {
		return int(p>>32) - 1, int(uint32(p))
	}
	line, col = lineOf(b, pc)
	fl[pc] = uint64(line+1)<<32 | uint64(uint32(col)) // never 0, even at 0:0
	return line, col
}

// positions caches the decoded positions of functions' instructions: per function, a
// slot per bytecode byte (0: not decoded yet), the last function's kept at hand, since
// a traced run asks at every operation, mostly about the same function.
type positions struct {
	byFunc map[uintptr][]uint64
	lastB  uintptr
	last   []uint64
}

// of returns the slots of function b, whose bytecode is n bytes long.
func (p *positions) of(b uintptr, n int) []uint64 {
	if b == p.lastB && p.last != nil {
		return p.last
	}
	fl, ok := p.byFunc[b]
	if !ok {
		if p.byFunc == nil {
			p.byFunc = map[uintptr][]uint64{}
		}
		fl = make([]uint64, n)
		p.byFunc[b] = fl
	}
	p.lastB, p.last = b, fl
	return fl
}

// forget drops every cached position (the functions may no longer exist).
func (p *positions) forget() {
	clear(p.byFunc)
	p.lastB, p.last = 0, nil
}

// functionBytecode returns the JSFunctionBytecode of a bytecode function value, or 0.
func functionBytecode(v lib.TJSValue) uintptr {
	if v.Ftag != lib.EJS_TAG_OBJECT {
		return 0
	}
	p := *(*uintptr)(unsafe.Pointer(&v.Fu))
	switch uint32(at[lib.TJSObject](p).Fclass_id) {
	case lib.EJS_CLASS_BYTECODE_FUNCTION, lib.EJS_CLASS_GENERATOR_FUNCTION, lib.EJS_CLASS_ASYNC_FUNCTION, lib.EJS_CLASS_ASYNC_GENERATOR_FUNCTION:
		return *at[uintptr](p + 40) // u.func.function_bytecode
	}
	return 0
}

// atomString is an atom's text, cached per runtime.
func (r *Runtime) atomString(a lib.TJSAtom) string {
	if a == 0 {
		return ""
	}
	if r.atomNames == nil {
		r.atomNames = map[lib.TJSAtom]string{}
	}
	if s, ok := r.atomNames[a]; ok {
		return s
	}
	bp := r.tls.Alloc(8)
	cs := lib.XJS_AtomToCStringLen(r.tls, r.ctx, bp, a)
	s := ""
	if cs != 0 {
		s = string(unsafe.Slice(at[byte](cs), *at[uint64](bp)))
		lib.XJS_FreeCString(r.tls, r.ctx, cs)
	}
	r.tls.Free(8)
	r.atomNames[a] = s
	return s
}

// lineOf decodes the engine's pc-to-line table of a function (the same LEB128 format
// its own backtraces read) for the instruction at pc.
func lineOf(b uintptr, pc uint32) (line, col int) {
	fb := at[lib.TJSFunctionBytecode](b)
	if *at[uint8](b + 18)&0x4 == 0 || fb.Fdebug.Fpc2line_buf == 0 {
		return 0, 0 // no debug information
	}
	buf := unsafe.Slice(at[byte](fb.Fdebug.Fpc2line_buf), fb.Fdebug.Fpc2line_len)
	p := 0
	v, ok := leb128(buf, &p)
	if !ok {
		return 0, 0
	}
	line = int(v) + 1
	if v, ok = leb128(buf, &p); !ok {
		return 0, 0
	}
	col = int(v) + 1
	cur := uint32(0)
	for p < len(buf) {
		op := uint32(buf[p])
		p++
		var newLine int
		if op == 0 {
			d, ok := leb128(buf, &p)
			if !ok {
				return 0, 0
			}
			cur += d
			dl, ok := sleb128(buf, &p)
			if !ok {
				return 0, 0
			}
			newLine = line + int(dl)
		} else {
			op -= lib.MPC2LINE_OP_FIRST
			cur += op / lib.MPC2LINE_RANGE
			newLine = line + int(op%lib.MPC2LINE_RANGE) + lib.MPC2LINE_BASE
		}
		dc, ok := sleb128(buf, &p)
		if !ok {
			return 0, 0
		}
		if pc < cur {
			break
		}
		line, col = newLine, col+int(dc)
	}
	return line, col
}

func leb128(buf []byte, p *int) (uint32, bool) {
	var v uint32
	for i := uint32(0); i < 5 && *p < len(buf); i++ {
		a := uint32(buf[*p])
		*p++
		v |= (a & 0x7f) << (i * 7)
		if a&0x80 == 0 {
			return v, true
		}
	}
	return 0, false
}

func sleb128(buf []byte, p *int) (int32, bool) {
	v, ok := leb128(buf, p)
	if !ok {
		return 0, false
	}
	return int32(v>>1) ^ -int32(v&1), true
}

// FrameIndex returns the position of fn's innermost call on the current call stack,
// counting every frame (native ones too) as the engine's backtraces list them,
// innermost first; -1 when fn is not being called.
func (r *Runtime) FrameIndex(fn Value) int {
	if fn.v.Ftag != lib.EJS_TAG_OBJECT {
		return -1
	}
	want := *(*uintptr)(unsafe.Pointer(&fn.v.Fu))
	rtp := at[lib.TJSRuntime](r.rt)
	i := 0
	for sf := rtp.Fcurrent_stack_frame; sf != 0; sf = at[lib.TJSStackFrame](sf).Fprev_frame {
		frame := at[lib.TJSStackFrame](sf)
		if frame.Fjs_mode&lib.MJS_MODE_BACKTRACE_BARRIER != 0 {
			break
		}
		if f := frame.Fcur_func; f.Ftag == lib.EJS_TAG_OBJECT && *(*uintptr)(unsafe.Pointer(&f.Fu)) == want {
			return i
		}
		i++
	}
	return -1
}

// Caller is where the program called into a library, as CallSite finds it.
type Caller struct {
	At Position // the innermost frame of the program's
	// Via and ViaFile name the function At called into and its file: the outermost of
	// the JavaScript frames above At that are not the program's (Via "<anonymous>" for
	// a function without a name; both "" when At called the engine's natives alone, or
	// is the innermost frame).
	Via, ViaFile string
}

// CallSite returns where the innermost frame whose file keep accepts called into the
// rest of the stack; ok is false when no frame is kept. A host function that a library
// function called, which the program called, learns which of the library's functions
// the program called, and where.
func (r *Runtime) CallSite(keep func(file string) bool) (c Caller, ok bool) {
	rtp := at[lib.TJSRuntime](r.rt)
	var via uintptr // the outermost refused frame's function so far; named once, at the end
	var viaFile string
	for sf := rtp.Fcurrent_stack_frame; sf != 0; sf = at[lib.TJSStackFrame](sf).Fprev_frame {
		frame := at[lib.TJSStackFrame](sf)
		b := functionBytecode(frame.Fcur_func)
		if b == 0 {
			continue
		}
		fb := at[lib.TJSFunctionBytecode](b)
		file := r.atomString(fb.Fdebug.Ffilename)
		if !keep(file) {
			via, viaFile = b, file
			continue
		}
		c.At.File = file
		c.At.Line, c.At.Column = r.position(frame, b)
		if via != 0 {
			if c.Via = r.atomString(at[lib.TJSFunctionBytecode](via).Ffunc_name); c.Via == "" {
				c.Via = "<anonymous>"
			}
			c.ViaFile = viaFile
		}
		return c, true
	}
	return Caller{}, false
}
