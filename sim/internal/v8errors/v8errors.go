// Package v8errors makes the engine's errors read as Node's (V8's): their messages
// ("Cannot read properties of undefined (reading 'x')" where the engine says "cannot
// read property 'x' of undefined"), their stack traces ("TypeError: ...\n    at
// Object.<anonymous> (/app/main.cjs:3:7)\n    at Module._compile (node:internal/...)"),
// the way Node prints an uncaught error or a syntax error.
//
// The engine tells the package of every error the moment it is complete
// (engine.SetErrorHook), before any JavaScript can see it: the message is rewritten in
// place, a stack overflow becomes a RangeError, and the stack becomes an accessor that
// formats V8's trace on first read. So a program sees V8's texts everywhere it can look:
// in a catch block, a rejection handler, String(err), console.log, the uncaught-error
// report. Where V8's text names an expression (obj.method is not a function) it is read
// from the program's source at the error's position.
package v8errors

import (
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// Errors is the package installed on one runtime.
type Errors struct {
	r       *engine.Runtime
	profile *Profile
	sources Sources
	entry   Entry
	major   int    // the Node major the runtime is
	release string // the version line after a fatal error ("Node.js v20.20.2"), "" for none
	limit   int    // Error.stackTraceLimit

	protos    map[string]engine.Value // the native errors' prototypes by name (kept)
	lastJSON  jsonFailure             // JSON.parse's last SyntaxError, for FormatUncaught
	taking    *string                 // set while captureStackTrace takes a backtrace
	prepare   engine.Value            // Node's Error.prepareStackTrace (kept; undefined before 20)
	preparing bool                    // a program's Error.prepareStackTrace is running
	prepared  map[string]string       // stacks a program's prepareStackTrace made: V8's first frame
}

// Options configure Install.
type Options struct {
	// Major is the Node major whose texts to give (0: DefaultMajor).
	Major int
	// Release is the exact release ("20.20.2"; "": the recorded profile's): from 17.0.0
	// on, Node ends what it prints for a fatal error with "Node.js v" and it
	// (nodejs/node#38332), before that with nothing.
	Release string
}

// releaseLine is the version line of release (the profile's when ""), "" before 17.
func releaseLine(p *Profile, release string) string {
	if release == "" {
		return "Node.js " + p.Version
	}
	if major, _, _ := strings.Cut(release, "."); atoi(major) < 17 {
		return ""
	}
	return "Node.js v" + release
}

// nativeErrors are the error classes whose prototypes identify an error's kind.
var nativeErrors = []string{"Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "URIError", "EvalError", "InternalError", "AggregateError"}

// Install gives r's errors V8's texts. Register each file of the program with AddSource
// and say where Node's internals call in with SetEntry.
func Install(r *engine.Runtime, opts Options) (*Errors, error) {
	major := opts.Major
	if major == 0 {
		major = DefaultMajor
	}
	p, _ := ProfileFor(major)
	e := &Errors{r: r, profile: p, major: major, release: releaseLine(p, opts.Release), limit: 10, protos: map[string]engine.Value{}}
	g := r.Global()
	for _, name := range nativeErrors {
		ctor := r.Get(g, name)
		if ctor.IsObject() {
			e.protos[name] = r.Keep(r.Get(ctor, "prototype"))
		}
	}
	e.installLimit()
	e.installCapture()
	e.installPrepare()
	e.installJSON()
	r.SetErrorHook(&engine.ErrorHook{Created: e.created, Stack: e.stack})
	return e, nil
}

// Profile returns the Node profile the errors follow.
func (e *Errors) Profile() *Profile { return e.profile }

// AddSource registers a file the engine runs: name is the engine's name for it, shown
// Node's ("/app/main.cjs", "file:///app/main.mjs"), text the program text as compiled
// (without a wrapper), line1Shift the length of a wrapper's head on line 1.
func (e *Errors) AddSource(name, shown, text string, line1Shift int, module bool) {
	e.sources.Add(name, shown, text, line1Shift, module)
}

// SetEntry says where Node's internals call into the program from now on.
func (e *Errors) SetEntry(en Entry) { e.entry = en }

// installLimit defines Error.stackTraceLimit (V8's, default 10) as an accessor the
// formatter reads without running JavaScript.
func (e *Errors) installLimit() {
	r := e.r
	errCtor := r.Get(r.Global(), "Error")
	get := r.Function("get stackTraceLimit", 0, func(c *engine.Call) engine.Value { return c.R.Int(int64(e.limit)) })
	set := r.Function("set stackTraceLimit", 1, func(c *engine.Call) engine.Value {
		if v := c.Arg(0); v.IsNumber() {
			f := v.Float()
			switch {
			case f != f || f < 0:
				e.limit = 0
			case f > 1e6:
				e.limit = 1e6
			default:
				e.limit = int(f)
			}
		}
		return c.R.Undefined()
	})
	r.DefineAccessor(errCtor, "stackTraceLimit", get, set, engine.Configurable|engine.Enumerable)
}

// kindOf returns the native error class whose prototype is nearest in e's chain.
func (e *Errors) kindOf(v engine.Value) string {
	r := e.r
	p := r.Proto(v)
	for i := 0; i < 32 && p.IsObject(); i++ {
		for name, proto := range e.protos {
			if p.Same(proto) {
				return name
			}
		}
		p = r.Proto(p)
	}
	return ""
}

// created is the engine's hook: the error is complete and no JavaScript has seen it.
func (e *Errors) created(info *engine.ErrorInfo) engine.Value {
	if e.taking != nil {
		*e.taking = info.Backtrace
	}
	frames := parseBacktrace(info.Backtrace)
	s := &site{kind: e.kindOf(info.Error), msg: info.Message, frames: frames, user: -1, tok: -1}
	e.locate(s)
	v, ok := translate(s)
	firstAt := -1
	skip := 0
	if ok {
		if v.msg != s.msg {
			e.r.Define(info.Error, "message", e.r.String(v.msg), engine.Hidden)
		}
		if v.kind != "" {
			if proto, ok := e.protos[v.kind]; ok {
				_ = e.r.SetProto(info.Error, proto)
			}
		}
		firstAt, skip = v.at, v.skip
		if v.kind == "RangeError" && s.kind == "InternalError" && s.src != nil && s.tok >= 0 {
			// V8 overflows in the callee's prologue: its first frame is the function
			// again, at its first statement, above the call the engine reports.
			if fn := s.src.functionAt(s.tok); fn != nil {
				if body := s.src.bodyStart(fn); body >= 0 {
					firstAt = body
					info.Backtrace = repeatFrame(info.Backtrace, s.user)
				}
			}
		}
	}
	return e.r.String(capture{entry: e.entry, firstAt: firstAt, skip: skip, frames: keepFrames(info.Backtrace, skip+e.limit+8)}.encode())
}

// locate finds the first frame in a known source and the token at its position.
func (e *Errors) locate(s *site) {
	for i, f := range s.frames {
		if f.native {
			continue
		}
		src := e.sources.get(f.file)
		if src == nil {
			continue
		}
		s.user, s.src = i, src
		if off := src.offsetOf(f.line, f.col); off >= 0 {
			s.tok = src.tokenAt(off)
			if s.tok >= len(src.tokens()) {
				s.tok = -1
			}
		}
		if s.tok >= 0 && src.text(s.tok) == "return" {
			s.tok = src.tailCall(s.tok) // the engine places a tail call at its return
		}
		return
	}
}

// keepFrames returns the first n lines of a backtrace (a deep recursion's is thousands).
func keepFrames(bt string, n int) string {
	i := 0
	for ; n > 0; n-- {
		j := strings.IndexByte(bt[i:], '\n')
		if j < 0 {
			return bt
		}
		i += j + 1
	}
	return bt[:i]
}

// repeatFrame returns the backtrace with frame i listed twice.
func repeatFrame(bt string, i int) string {
	before := keepFrames(bt, i)
	frame := keepFrames(bt[len(before):], 1)
	return before + frame + bt[len(before):]
}

// capture is what an error keeps for its stack: where Node called in, the token V8's
// first frame points at, the engine frames V8 does not list, whether
// Error.captureStackTrace made it (an error subclass's constructors are then listed),
// the engine's backtrace.
type capture struct {
	entry    Entry
	firstAt  int
	skip     int
	captured bool
	frames   string
}

func (c capture) encode() string {
	en := int(c.entry)
	if c.captured {
		en += int(entryCount)
	}
	return strconv.Itoa(en) + "|" + strconv.Itoa(c.firstAt) + "|" + strconv.Itoa(c.skip) + "|" + c.frames
}

func decodeCapture(s string) (capture, bool) {
	parts := strings.SplitN(s, "|", 4)
	if len(parts) != 4 {
		return capture{}, false
	}
	en, err1 := strconv.Atoi(parts[0])
	at, err2 := strconv.Atoi(parts[1])
	skip, err3 := strconv.Atoi(parts[2])
	captured := en >= int(entryCount)
	if captured {
		en -= int(entryCount)
	}
	if err1 != nil || err2 != nil || err3 != nil || en < 0 || en >= int(entryCount) {
		return capture{}, false
	}
	return capture{entry: Entry(en), firstAt: at, skip: skip, captured: captured, frames: parts[3]}, true
}

// stack formats an error's stack on first read, as V8 does: the header from the error's
// name and message as they are now, then the frames.
func (e *Errors) stack(v, kept engine.Value) engine.Value {
	c, ok := decodeCapture(kept.String())
	if !ok {
		return e.r.String(e.header(v))
	}
	if custom, ok := e.customPrepare(); ok {
		lines := e.frameLines(v, c)
		out := e.prepareWith(custom, v, lines)
		if out.IsString() && len(lines) > 0 {
			// The arrow of an uncaught error is where it was thrown, whatever its stack says.
			if e.prepared == nil {
				e.prepared = map[string]string{}
			}
			e.prepared[out.String()] = lines[0]
		}
		return out
	}
	var b strings.Builder
	b.WriteString(e.header(v))
	for _, l := range e.frameLines(v, c) {
		b.WriteString("\n    at ")
		b.WriteString(l)
	}
	return e.r.String(b.String())
}

// header is V8's ErrorUtils::ToString: "Name: message", or whichever is not empty.
func (e *Errors) header(v engine.Value) string {
	r := e.r
	name := "Error"
	if n := r.Get(v, "name"); !n.IsUndefined() {
		name = n.String()
	}
	msg := ""
	if m := r.Get(v, "message"); !m.IsUndefined() {
		msg = m.String()
	}
	switch {
	case name == "":
		return msg
	case msg == "":
		return name
	}
	return name + ": " + msg
}

// subclassConstructors are the names of the user classes between the error and its
// native class: V8 does not list their constructors' frames.
func (e *Errors) subclassConstructors(v engine.Value) map[string]bool {
	r := e.r
	names := map[string]bool{}
	p := r.Proto(v)
	for i := 0; i < 32 && p.IsObject(); i++ {
		for _, proto := range e.protos {
			if p.Same(proto) {
				return names
			}
		}
		if ctor := r.Get(p, "constructor"); ctor.IsFunction() {
			if n := r.Get(ctor, "name").String(); n != "" {
				names[n] = true
			}
		}
		p = r.Proto(p)
	}
	return names
}

// ForCompile is the package without a runtime, for reporting a program that does not
// compile (CompileError, FormatCompileError) before any run starts, as opts say.
func ForCompile(opts Options) *Errors {
	major := opts.Major
	if major == 0 {
		major = DefaultMajor
	}
	p, _ := ProfileFor(major)
	return &Errors{profile: p, release: releaseLine(p, opts.Release), limit: 10}
}

// Reset forgets what one run told the errors (its sources, where Node's internals call
// in, Error.stackTraceLimit, the last JSON.parse failure), for a runtime restored to
// serve another.
func (e *Errors) Reset() {
	e.sources = Sources{}
	e.entry = EntryNone
	e.limit = 10
	e.lastJSON = jsonFailure{}
	e.prepared = nil
}

// atoi is s as a number, 0 when it is none.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}
