package sim

import (
	"strings"

	"github.com/grafana/sobek"
)

// nodeFunctions are the Node functions programs call most, written in Go: a call costs no
// JS frame, no rest-argument array and no round trip through the host object. prelude.js
// gets each with host.make(name) on first use; the rest of Node's API is JS on
// top of the host functions (hostapi.go).
var nodeFunctions = map[string]hostFn{
	"setTimeout":   (*run).nSetTimeout,
	"setInterval":  (*run).nSetInterval,
	"setImmediate": (*run).nSetImmediate,
	"nextTick":     (*run).nNextTick,
	"log":          (*run).nLog,
	"info":         (*run).nLog,
	"debug":        (*run).nLog,
	"error":        (*run).nLogErr,
	"warn":         (*run).nLogErr,
}

// nodeFunction makes the Go function nodeFunctions[name] a JS function called name.
func (r *run) nodeFunction(name string) *sobek.Object {
	fn, ok := nodeFunctions[name]
	if !ok {
		panic(r.rt.NewTypeError("sim: no node function " + name))
	}
	return r.namedFunction(name, func(call sobek.FunctionCall) sobek.Value { return fn(r, call) })
}

// nLog is console.log (and info, debug): the arguments formatted as util.format does.
func (r *run) nLog(call sobek.FunctionCall) sobek.Value {
	r.print(1, r.indented(formatArgs(r.rt, call.Arguments)))
	return sobek.Undefined()
}

// nLogErr is console.error (and warn), on stderr.
func (r *run) nLogErr(call sobek.FunctionCall) sobek.Value {
	r.print(2, r.indented(formatArgs(r.rt, call.Arguments)))
	return sobek.Undefined()
}

// indented is s under the current console.group indentation.
func (r *run) indented(s string) string {
	if r.groupIndent == "" {
		return s
	}
	return r.groupIndent + strings.ReplaceAll(s, "\n", "\n"+r.groupIndent)
}

// hIndent(delta) moves console.group's indentation by delta levels (two spaces each).
func (r *run) hIndent(call sobek.FunctionCall) sobek.Value {
	if call.Argument(0).ToInteger() > 0 {
		r.groupIndent += "  "
	} else if len(r.groupIndent) >= 2 {
		r.groupIndent = r.groupIndent[2:]
	}
	return sobek.Undefined()
}

// nSetTimeout is setTimeout(callback, delay, ...args).
func (r *run) nSetTimeout(call sobek.FunctionCall) sobek.Value { return r.armTimer(call, false) }

// nSetInterval is setInterval(callback, delay, ...args).
func (r *run) nSetInterval(call sobek.FunctionCall) sobek.Value { return r.armTimer(call, true) }

// armTimer arms a timer and returns its Timeout object.
func (r *run) armTimer(call sobek.FunctionCall, repeat bool) sobek.Value {
	cb := call.Argument(0)
	r.requireFunction(cb)
	after := call.Argument(1)
	t := r.addTimer(cb, after, extraArgs(call, 2), repeat)
	t.obj = r.newTimeoutObject(t)
	return t.obj
}

// nSetImmediate is setImmediate(callback, ...args); it returns an Immediate object.
func (r *run) nSetImmediate(call sobek.FunctionCall) sobek.Value {
	cb := call.Argument(0)
	r.requireFunction(cb)
	im := r.enqueueImmediate(cb, extraArgs(call, 1))
	im.obj = r.newImmediateObject(im)
	return im.obj
}

// nRequire is a CommonJS module's require(id): a simulated built-in (node:fs is Go's; the
// others come from prelude.js builtin), or a file of the scenario (prelude.js
// requireFile). A Node module looplab does not simulate, or nothing at all, ends the run
// with an error naming it. The lists are Go's (builtins.go).
func (r *run) nRequire(call sobek.FunctionCall) sobek.Value {
	arg := call.Argument(0)
	if !sobek.IsString(arg) {
		panic(r.callUse("invalidArgType", r.rt.ToValue("id"), r.rt.ToValue("of type string"), arg))
	}
	id := arg.String()
	name := strings.TrimPrefix(id, "node:")
	switch {
	case name == "fs":
		return r.goPart("fs")
	case isBuiltinName(name):
		return r.callUse("builtin", r.rt.ToValue(name))
	case isKnownUnsimulated(name):
		r.abort(newError(CodeUnsupported, "module '%s' is not simulated by looplab", id))
	case strings.HasPrefix(id, "./") || strings.HasPrefix(id, "../") || strings.HasPrefix(id, "/"):
		return r.callUse("requireFile", arg)
	default:
		r.abort(newError(CodeModuleNotFound, "Cannot find module '%s'", id))
	}
	return sobek.Undefined()
}

// nNextTick is process.nextTick(callback, ...args); once the process is exiting it does
// nothing (R-X2).
func (r *run) nNextTick(call sobek.FunctionCall) sobek.Value {
	cb := call.Argument(0)
	r.requireFunction(cb)
	if r.processObj != nil && r.processObj.Get("_exiting").ToBoolean() {
		return sobek.Undefined()
	}
	r.enqueueTick(cb, extraArgs(call, 1))
	return sobek.Undefined()
}

// requireFunction throws Node's ERR_INVALID_ARG_TYPE for a callback that is not a function.
func (r *run) requireFunction(v sobek.Value) {
	if isFunction(v) {
		return
	}
	_, err := mustCallable(r.use("validateFunction"))(sobek.Undefined(), v, r.rt.ToValue("callback"))
	if err != nil {
		panic(err)
	}
}

// isFunction is typeof v === 'function', without AssertFunction's allocation for the
// common case.
func isFunction(v sobek.Value) bool {
	obj, ok := v.(*sobek.Object)
	if !ok {
		return false
	}
	if obj.ClassName() == "Function" {
		return true
	}
	_, ok = sobek.AssertFunction(obj)
	return ok
}

// extraArgs copies the arguments from index from on (the call's slice is the engine's stack).
func extraArgs(call sobek.FunctionCall, from int) []sobek.Value {
	if len(call.Arguments) <= from {
		return nil
	}
	return append([]sobek.Value(nil), call.Arguments[from:]...)
}
