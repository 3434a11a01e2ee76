package v8errors

import (
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/lower"
)

// callKind is how a frame's function was called, read from its caller's call site.
type callKind uint8

const (
	callPlain  callKind = iota // f(): no receiver
	callMethod                 // obj.f(): a receiver V8 names by its type
	callNew                    // new F()
	callEntry                  // called by Node's internals at the entry (Timeout._onTimeout)
)

// nativeFrames are the built-ins V8 lists in a stack trace, by the engine's name for them.
// Built-ins missing here (Function.prototype.call, promise reactions) V8 does not list.
var nativeFrames = map[string]string{
	"map": "Array.map", "forEach": "Array.forEach", "filter": "Array.filter", "reduce": "Array.reduce",
	"reduceRight": "Array.reduceRight", "sort": "Array.sort", "find": "Array.find", "findIndex": "Array.findIndex",
	"findLast": "Array.findLast", "findLastIndex": "Array.findLastIndex", "some": "Array.some",
	"every": "Array.every", "flatMap": "Array.flatMap", "toSorted": "Array.toSorted",
	"parse": "JSON.parse", "stringify": "JSON.stringify",
	"replace": "String.replace", "replaceAll": "String.replaceAll",
	"Promise": "new Promise",
}

// internalReceivers are the receivers Node's internal callers give the functions they
// call, by the caller's "file|function".
var internalReceivers = map[string]string{
	"node:events|emit": "EventEmitter",
}

// frameLines renders the error's frames as V8 lists them, Node's internal frames
// included, at most Error.stackTraceLimit of them.
func (e *Errors) frameLines(v engine.Value, c capture) []string {
	if e.limit == 0 {
		return nil
	}
	frames := parseBacktrace(c.frames)
	if c.skip <= len(frames) {
		frames = frames[c.skip:]
	}
	if c.captured && (c.skip > len(frames)+c.skip || len(frames) == 0) {
		return nil // Error.captureStackTrace's constructorOpt was not being called
	}
	subclasses := e.subclassConstructors(v)
	var out []string
	leading, firstUser := !c.captured, true
	for i, f := range frames {
		if leading && !f.native && subclasses[f.name] && e.sources.get(f.file) != nil {
			continue // an error subclass's constructor: V8 starts below it
		}
		leading = false
		line, ok := "", false
		switch {
		case f.native:
			line, ok = nativeFrames[f.name]
			if ok {
				line += " (<anonymous>)"
			}
			if ok && len(out) > 0 && out[len(out)-1] == line {
				ok = false // a built-in wrapped by this package (JSON.parse) is listed once
			}
		case e.sources.get(f.file) != nil:
			at := -1
			if firstUser {
				at = c.firstAt
				firstUser = false
			}
			line, ok = e.sourceFrame(frames, i, at, c.entry), true
		default:
			line, ok = e.profile.internal[f.file+"|"+f.name]
		}
		if ok {
			out = append(out, line)
		}
	}
	out = append(out, e.profile.entries[c.entry].frames...)
	if len(out) > e.limit {
		out = out[:e.limit]
	}
	return out
}

// sourceFrame renders frame i of the program's code: its V8 name and position.
func (e *Errors) sourceFrame(frames []qjsFrame, i, at int, entry Entry) string {
	f := frames[i]
	src := e.sources.get(f.file)
	tok := -1
	if off := src.offsetOf(f.line, f.col); off >= 0 {
		tok = src.tokenAt(off)
	}
	loc := f.file + ":" + strconv.Itoa(f.line) + ":" + strconv.Itoa(f.col)
	if tok >= 0 && tok < len(src.tokens()) {
		if at < 0 {
			at = src.v8Token(tok)
		}
		line, col := src.position(src.tokens()[at].Start)
		loc = src.Shown + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
	}
	var fn *funcSpan
	if tok >= 0 {
		fn = src.functionAt(tok)
	}
	kind, recv, method := e.callOf(frames, i, entry)
	name := frameName(src, fn, f.name, kind, recv, method)
	if name == "" {
		return loc
	}
	return name + " (" + loc + ")"
}

// v8Token maps the token the engine's position names to the one V8's does: a call's
// callee (or its `new`), a named member's name.
func (s *Source) v8Token(tok int) int {
	switch s.text(tok) {
	case "(":
		if tok == 0 {
			return tok
		}
		if n := s.newOf(tok); n >= 0 {
			return n
		}
		_, at := s.calleeBefore(tok)
		return at
	case "return":
		if call := s.tailCall(tok); call != tok {
			return s.v8Token(call)
		}
	case ".", "?.":
		if tok+1 < len(s.tokens()) {
			return tok + 1
		}
	}
	return tok
}

// tailCall returns the "(" of the call `return` token ret returns (the engine places a
// tail call at its return statement), or ret when it returns something else.
func (s *Source) tailCall(ret int) int {
	expr := s.expressionAt(ret+1, ";")
	if end := ret + len(lower.Tokens(expr)); expr != "" && s.text(end) == ")" {
		if open := s.matchingOpen(end); open > ret+1 {
			return open
		}
	}
	return ret
}

// newOf returns the `new` token of the new-expression whose arguments open at token
// open (new X.Y(...)), or -1 when the call is not one (new X().m(...) calls m).
func (s *Source) newOf(open int) int {
	start := s.chainStart(open - 1)
	if start <= 0 || s.text(start-1) != "new" {
		return -1
	}
	for k := start; k < open; k++ {
		if s.text(k) == "(" {
			return -1
		}
	}
	return start - 1
}

// receiverType guesses the class of the receiver of the method call whose arguments
// open at token open, where the source says it: `new X().m()`, or `v.m()` with v
// declared `const v = new X(...)`. "" when it does not.
func (s *Source) receiverType(open int) string {
	end := open - 1
	if !s.isName(end) || s.text(end-1) != "." {
		return ""
	}
	recvEnd := end - 2
	if s.text(recvEnd) == ")" {
		if o := s.matchingOpen(recvEnd); o > 0 {
			if n := s.newOf(o); n >= 0 && s.isName(o-1) {
				return s.text(o - 1)
			}
		}
		return ""
	}
	if !s.isName(recvEnd) || s.text(recvEnd-1) == "." {
		return ""
	}
	name := s.text(recvEnd)
	toks := s.tokens()
	for k := 1; k+3 < len(toks) && k < recvEnd; k++ {
		if s.text(k) != name || s.text(k+1) != "=" || s.text(k+2) != "new" || !s.isName(k+3) {
			continue
		}
		if d := s.text(k - 1); d == "const" || d == "let" || d == "var" {
			return s.text(k + 3)
		}
	}
	return ""
}

// callOf reads how frame i was called from frame i+1's call site.
func (e *Errors) callOf(frames []qjsFrame, i int, entry Entry) (kind callKind, receiver, method string) {
	if i+1 >= len(frames) {
		ef := e.profile.entries[entry]
		if ef.receiver != "" {
			return callEntry, ef.receiver, ef.method
		}
		return callPlain, "", ""
	}
	caller := frames[i+1]
	if caller.native && (caller.name == "call" || caller.name == "apply") && i+2 < len(frames) {
		caller = frames[i+2] // Function.prototype.call/apply: V8 lists the frame below
	}
	if caller.native {
		return callPlain, "", ""
	}
	src := e.sources.get(caller.file)
	if src == nil {
		if r, ok := internalReceivers[caller.file+"|"+caller.name]; ok {
			return callEntry, r, ""
		}
		return callPlain, "", ""
	}
	off := src.offsetOf(caller.line, caller.col)
	if off < 0 {
		return callPlain, "", ""
	}
	tok := src.tokenAt(off)
	switch src.text(tok) {
	case "(":
		if tok == 0 {
			return callPlain, "", ""
		}
		if src.newOf(tok) >= 0 {
			return callNew, "", ""
		}
		for k := src.chainStart(tok - 1); k < tok; k++ {
			if t := src.text(k); t == "." || t == "?." || t == "[" {
				return callMethod, src.receiverType(tok), ""
			}
		}
	case ".", "?.":
		return callMethod, "", "" // a getter or setter
	}
	return callPlain, "", ""
}

// frameName is the name V8 gives a frame (SerializeJSStackFrame), "" for an anonymous
// function called plainly (V8 then prints the location alone).
func frameName(src *Source, fn *funcSpan, engineName string, kind callKind, receiver, method string) string {
	functionName := ""
	if fn != nil {
		functionName = fn.name
		if functionName == "" && fn.kind == fnConstructor {
			functionName = fn.owner
		}
	}
	if functionName == "" && fn != nil && engineName != "<anonymous>" && engineName != "<eval>" {
		functionName = engineName
	}
	if fn == nil { // top-level code
		if src.Module {
			return ""
		}
		return "Object.<anonymous>"
	}
	if fn.kind == fnConstructor || kind == callNew {
		if functionName == "" {
			functionName = "<anonymous>"
		}
		return "new " + functionName
	}
	if fn.kind == fnAccessor {
		return functionName
	}
	typeName := ""
	switch kind {
	case callMethod:
		typeName = "Object"
		if fn.kind == fnMethod && fn.owner != "" {
			typeName = fn.owner
		}
		if receiver != "" {
			typeName = receiver
		}
	case callEntry:
		typeName = receiver
	default:
		if fn.kind == fnMethod && fn.owner != "" && fn.owner != "Object" {
			typeName = fn.owner // a method called through a built-in keeps its receiver
		}
	}
	if typeName == "" {
		return functionName
	}
	return methodCall(typeName, functionName, method)
}

// methodCall is V8's AppendMethodCall.
func methodCall(typeName, functionName, methodName string) string {
	if functionName == "" {
		if methodName != "" {
			return typeName + "." + methodName
		}
		return typeName + ".<anonymous>"
	}
	out := functionName
	if !strings.HasPrefix(functionName, typeName+".") {
		out = typeName + "." + functionName
	}
	if methodName != "" && functionName != methodName && !strings.HasSuffix(functionName, "."+methodName) {
		out += " [as " + methodName + "]"
	}
	return out
}
