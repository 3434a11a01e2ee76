package v8errors

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// installCapture defines Error.captureStackTrace(target, constructorOpt) as V8 does: it
// gives target a stack (non-enumerable, writable, configurable) read as V8 formats one,
// the "Name: message" header from target's name and message when the stack is first
// read, then the frames of the call stack now, without constructorOpt's frame and those
// above it (none at all when constructorOpt is not being called), at most
// Error.stackTraceLimit of them.
func (e *Errors) installCapture() {
	r := e.r
	errCtor := r.Get(r.Global(), "Error")
	fn := r.Function("captureStackTrace", 2, func(c *engine.Call) engine.Value {
		target := c.Arg(0)
		if !target.IsObject() {
			return c.R.ThrowError("TypeError", "invalid_argument")
		}
		skip, found := 0, true
		if opt := c.Arg(1); opt.IsFunction() {
			// The frames the backtrace below lists are those of the stack now, innermost
			// first, as FrameIndex counts them.
			if i := c.R.FrameIndex(opt); i >= 0 {
				skip = i + 1
			} else {
				found = false
			}
		}
		bt, ok := e.backtraceNow()
		if !ok {
			return c.R.Undefined()
		}
		cp := capture{entry: e.entry, firstAt: -1, skip: skip, captured: true, frames: keepFrames(bt, skip+e.limit+8)}
		if !found {
			cp = capture{entry: EntryNone, firstAt: -1, captured: true}
		}
		if !c.R.DefineStack(target, c.R.String(cp.encode())) {
			return c.R.ThrowError("TypeError", "Cannot define property stack, object is not extensible")
		}
		return c.R.Undefined()
	})
	r.Define(errCtor, "captureStackTrace", fn, engine.Hidden)
}

// backtraceNow is the engine's backtrace of the call stack now, innermost first, as an
// error made here would have it.
func (e *Errors) backtraceNow() (string, bool) {
	proto, ok := e.protos["Error"]
	if !ok {
		return "", false
	}
	var bt string
	e.taking = &bt
	_, err := e.r.New(e.r.Get(proto, "constructor"))
	e.taking = nil
	return bt, err == nil
}

// installPrepare defines Node's Error.prepareStackTrace (from Node 20 on; Node 10 leaves
// it undefined): called with an error and an array of call sites, it returns the stack
// as V8 formats one, "Name: message" then a line per call site.
func (e *Errors) installPrepare() {
	r := e.r
	e.prepare = r.Undefined()
	if e.major < 20 {
		return
	}
	fn := r.Function("ErrorPrepareStackTrace", 2, func(c *engine.Call) engine.Value {
		var b strings.Builder
		b.WriteString(e.headerOf(c.Arg(0)))
		if t := c.Arg(1); t.IsObject() {
			for i, n := 0, c.R.Len(t); i < n; i++ {
				b.WriteString("\n    at ")
				b.WriteString(c.R.Index(t, i).String())
			}
		}
		return c.R.String(b.String())
	})
	e.prepare = r.Keep(fn)
	r.Define(r.Get(r.Global(), "Error"), "prepareStackTrace", fn, engine.Hidden)
}

// headerOf is the header V8's default formatting gives v: an error's "Name: message",
// String(v) for anything else.
func (e *Errors) headerOf(v engine.Value) string {
	if v.IsObject() {
		return e.header(v)
	}
	return v.String()
}

// customPrepare returns the program's own Error.prepareStackTrace, if it set one (and
// is not already running it: V8 formats the stacks of errors made inside it itself).
func (e *Errors) customPrepare() (engine.Value, bool) {
	if e.preparing {
		return engine.Value{}, false
	}
	r := e.r
	fn := r.Get(r.Get(r.Global(), "Error"), "prepareStackTrace")
	if !fn.IsFunction() || (e.prepare.IsFunction() && fn.Same(e.prepare)) {
		return engine.Value{}, false
	}
	return fn, true
}

// prepareWith calls a program's Error.prepareStackTrace(err, callSites) and returns what
// it returns, the stack V8 then gives err. The call sites are made from the frames as V8
// lists them (lines), each with CallSite's accessors a program reads: getFileName,
// getLineNumber, getColumnNumber, getFunctionName, getTypeName, getMethodName, isNative,
// isToplevel, isConstructor, isEval, isAsync, getThis, getFunction, toString.
func (e *Errors) prepareWith(fn, err engine.Value, lines []string) engine.Value {
	r := e.r
	sites := make([]engine.Value, len(lines))
	for i, l := range lines {
		sites[i] = e.callSite(l)
	}
	e.preparing = true
	v, callErr := r.Call(fn, r.Get(r.Global(), "Error"), err, r.Array(sites...))
	e.preparing = false
	if callErr != nil {
		return r.Propagate(callErr)
	}
	return v
}

// callSite is a CallSite-like object for one frame line as V8 prints it:
// "name (file:line:col)" or "file:line:col".
func (e *Errors) callSite(line string) engine.Value {
	r := e.r
	name, loc := "", line
	if strings.HasSuffix(line, ")") {
		if i := strings.LastIndex(line, " ("); i >= 0 {
			name, loc = line[:i], line[i+2:len(line)-1]
		}
	}
	f := parseFrame("x (" + loc + ")")
	ctor := strings.HasPrefix(name, "new ")
	fnName := strings.TrimPrefix(name, "new ")
	if i := strings.Index(fnName, " [as "); i >= 0 {
		fnName = fnName[:i]
	}
	typeName := ""
	if !ctor {
		if i := strings.LastIndexByte(fnName, '.'); i > 0 && !strings.HasSuffix(fnName, "..js") {
			typeName, fnName = fnName[:i], fnName[i+1:]
		}
	}
	if fnName == "<anonymous>" {
		fnName = ""
	}
	str := func(s string) engine.Value {
		if s == "" {
			return r.Null()
		}
		return r.String(s)
	}
	native := loc == "native" || loc == "<anonymous>"
	site := r.Object()
	method := func(name string, v func() engine.Value) {
		r.Define(site, name, r.Function(name, 0, func(c *engine.Call) engine.Value { return v() }), engine.Hidden)
	}
	method("getFileName", func() engine.Value {
		if native {
			return r.Undefined()
		}
		return r.String(f.file)
	})
	method("getScriptNameOrSourceURL", func() engine.Value { return r.String(f.file) })
	method("getLineNumber", func() engine.Value {
		if f.line == 0 {
			return r.Null()
		}
		return r.Int(int64(f.line))
	})
	method("getColumnNumber", func() engine.Value {
		if f.col == 0 {
			return r.Null()
		}
		return r.Int(int64(f.col))
	})
	method("getFunctionName", func() engine.Value { return str(fnName) })
	method("getTypeName", func() engine.Value { return str(typeName) })
	method("getMethodName", func() engine.Value { return r.Null() })
	method("getThis", func() engine.Value { return r.Undefined() })
	method("getFunction", func() engine.Value { return r.Undefined() })
	method("getEvalOrigin", func() engine.Value { return r.Undefined() })
	method("isNative", func() engine.Value { return r.Bool(false) })
	method("isToplevel", func() engine.Value { return r.Bool(!ctor && typeName == "" || typeName == "Object" && fnName == "") })
	method("isConstructor", func() engine.Value { return r.Bool(ctor) })
	method("isEval", func() engine.Value { return r.Bool(false) })
	method("isAsync", func() engine.Value { return r.Bool(false) })
	method("isPromiseAll", func() engine.Value { return r.Bool(false) })
	method("toString", func() engine.Value { return r.String(line) })
	return site
}
