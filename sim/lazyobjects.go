package sim

import (
	"slices"

	"github.com/grafana/sobek"
)

// The Node objects Go builds for a run, each when first reached (goPart): console,
// process (whose properties are made on first access), require (whose resolve and cache
// too), the prototypes of Timeout, Immediate and fs.Stats objects (lazyProto), and the
// internals the built-in modules share. The lazy parts are Go dynamic objects: unlike a
// JS Proxy, reaching one costs no JS call.

// hMake(name) is goPart(name) for the prelude (one host function for all of them: each
// host function costs a run a function object).
func (r *run) hMake(call sobek.FunctionCall) sobek.Value {
	return r.goPart(call.Argument(0).String())
}

// goPart is the prelude's part name that Go makes: console, process, node:fs's exports,
// the modules' internals, or a function of nodeFunctions. Each is made once per run.
func (r *run) goPart(name string) sobek.Value {
	if v, ok := r.goParts[name]; ok {
		return v
	}
	var v sobek.Value
	switch name {
	case "console":
		v = r.makeConsole()
	case "process":
		v = r.makeProcess()
	case "fs":
		v = r.fsModule()
	case "internals":
		v = r.internals()
	case "require":
		v = r.makeRequire()
	default:
		v = r.nodeFunction(name)
	}
	if r.goParts == nil {
		r.goParts = map[string]sobek.Value{}
	}
	r.goParts[name] = v
	return v
}

// namedFunction is fn as a JS function called name.
func (r *run) namedFunction(name string, fn func(sobek.FunctionCall) sobek.Value) *sobek.Object {
	obj := r.rt.ToValue(fn).(*sobek.Object)
	_ = obj.DefineDataProperty("name", r.rt.ToValue(name), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	return obj
}

// defineOwn defines key on obj as an ordinary assignment would: writable, enumerable and
// configurable, without the assignment's walk up the prototype chain.
func defineOwn(obj *sobek.Object, key string, v sobek.Value) {
	_ = obj.DefineDataProperty(key, v, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_TRUE)
}

// makeRequire makes require: nRequire, whose resolve and cache (rarely read) are made on
// first access by a lazyProto between it and Function.prototype.
func (r *run) makeRequire() *sobek.Object {
	req := r.namedFunction("require", r.nRequire)
	extras := r.newLazyProto("", []string{"resolve", "cache"}, func(key string) sobek.Value {
		if key == "cache" {
			return r.rt.CreateObject(nil)
		}
		return r.namedFunction("resolve", func(c sobek.FunctionCall) sobek.Value { return c.Argument(0) })
	})
	_ = extras.SetPrototype(req.Prototype())
	_ = req.SetPrototype(extras)
	return req
}

// callUse calls the prelude's part name (a function) with args.
func (r *run) callUse(name string, args ...sobek.Value) sobek.Value {
	v, err := mustCallable(r.use(name))(sobek.Undefined(), args...)
	if err != nil {
		panic(err)
	}
	return v
}

// consoleKeys are console's methods (of those looplab has).
var consoleKeys = []string{"log", "warn", "dir", "time", "timeEnd", "timeLog", "trace", "assert", "count",
	"countReset", "group", "groupEnd", "table", "debug", "info", "error", "groupCollapsed"}

// makeConsole makes console: an ordinary object (a program may freeze it or define
// accessors on it) whose methods come from a prototype that makes each on first access
// and defines it on console, where Node has them (the most used are Go's, nodeapi.go; the
// others prelude.js consoleMethod).
func (r *run) makeConsole() sobek.Value {
	m := &consoleMethods{r: r}
	m.console = r.rt.CreateObject(r.rt.NewDynamicObject(m))
	return m.console
}

type consoleMethods struct {
	r       *run
	console *sobek.Object
}

func (m *consoleMethods) Get(key string) sobek.Value {
	if !slices.Contains(consoleKeys, key) {
		return nil
	}
	var v sobek.Value
	if _, ok := nodeFunctions[key]; ok {
		v = m.r.goPart(key)
	} else {
		v = m.r.callUse("consoleMethod", m.r.rt.ToValue(key))
	}
	defineOwn(m.console, key, v)
	return v
}

func (m *consoleMethods) Has(key string) bool          { return slices.Contains(consoleKeys, key) }
func (m *consoleMethods) Set(string, sobek.Value) bool { return false }
func (m *consoleMethods) Delete(string) bool           { return true }
func (m *consoleMethods) Keys() []string               { return nil }

// makeProcess makes process. It starts with the few properties the runtime itself uses;
// everything else, the emitter methods included, is made on first access (processProps).
// process is an EventEmitter, but loading events.js costs more than most programs need:
// the first listener added makes it one (hProcessIsEmitter).
func (r *run) makeProcess() sobek.Value {
	r.processProto = r.rt.NewDynamicObject(&processProps{r: r})
	p := r.rt.CreateObject(r.processProto)
	defineOwn(p, "exitCode", sobek.Undefined())
	defineOwn(p, "_exiting", r.rt.ToValue(r.exitingJS))
	r.processObj = p
	return p
}

// hProcessIsEmitter(EventEmitter.prototype) makes process an EventEmitter: the prototype
// goes below its lazy properties (process instanceof EventEmitter).
func (r *run) hProcessIsEmitter(call sobek.FunctionCall) sobek.Value {
	if err := r.processProto.SetPrototype(call.Argument(0).ToObject(r.rt)); err != nil {
		panic(err)
	}
	r.processEmits = true
	return sobek.Undefined()
}

type processProps struct{ r *run }

// emitterMethods are EventEmitter's methods: reading one makes process an emitter.
var emitterMethods = []string{"on", "addListener", "once", "prependListener", "prependOnceListener", "off",
	"removeListener", "removeAllListeners", "setMaxListeners", "getMaxListeners", "listeners",
	"rawListeners", "eventNames", "listenerCount"}

func (p *processProps) Get(key string) sobek.Value {
	r := p.r
	switch {
	case r.processEmits && (key == "emit" || slices.Contains(emitterMethods, key)):
		return nil // EventEmitter.prototype's, below
	case key == "emit":
		return r.use("noListeners")
	case slices.Contains(emitterMethods, key):
		return r.use("emitterProto").ToObject(r.rt).Get(key)
	case key == "nextTick":
		v := r.goPart(key) // Go's; no need for processProperty
		defineOwn(r.processObj, key, v)
		return v
	}
	v := r.callUse("processProperty", r.rt.ToValue(key))
	if sobek.IsUndefined(v) {
		return nil
	}
	defineOwn(r.processObj, key, v)
	return v
}

func (p *processProps) Has(key string) bool {
	return key == "emit" || slices.Contains(emitterMethods, key) || slices.Contains(lazyExportNames["process"], key)
}
func (p *processProps) Set(string, sobek.Value) bool { return false }
func (p *processProps) Delete(string) bool           { return true }
func (p *processProps) Keys() []string               { return nil }

// lazyProto is a prototype whose members (a constructor, methods) are made on first
// access and kept: Timeout.prototype, Immediate.prototype, fs.Stats.prototype, and
// require's resolve and cache.
type lazyProto struct {
	names []string                     // the members it has
	make  func(key string) sobek.Value // makes one of them
	made  map[string]sobek.Value
}

// newLazyProto makes a prototype with the members names, made by make; its constructor
// (when names has one) is a function called class that refuses to be called, as Node's
// internal classes are out of the program's reach.
func (r *run) newLazyProto(class string, names []string, make func(key string) sobek.Value) *sobek.Object {
	p := &lazyProto{names: names}
	proto := r.rt.NewDynamicObject(p)
	p.make = func(key string) sobek.Value {
		if key != "constructor" {
			return make(key)
		}
		ctor := r.namedFunction(class, func(sobek.FunctionCall) sobek.Value { panic(r.rt.NewTypeError("Illegal constructor")) })
		_ = ctor.DefineDataProperty("prototype", proto, sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
		return ctor
	}
	return proto
}

func (p *lazyProto) Get(key string) sobek.Value {
	if v, ok := p.made[key]; ok {
		return v
	}
	if !slices.Contains(p.names, key) {
		return nil
	}
	v := p.make(key)
	if p.made == nil {
		p.made = map[string]sobek.Value{}
	}
	p.made[key] = v
	return v
}

func (p *lazyProto) Has(key string) bool          { return slices.Contains(p.names, key) }
func (p *lazyProto) Set(string, sobek.Value) bool { return false }
func (p *lazyProto) Delete(string) bool           { return true }
func (p *lazyProto) Keys() []string               { return nil }

// Timeout and Immediate objects' members (Node's).
var (
	// valueOf and toString stand in for Node's [Symbol.toPrimitive] (the timer's id):
	// symbol keys cannot be made lazily, and an ordinary object under the prototype
	// would cost every run that arms a timer.
	timeoutMembers   = []string{"constructor", "ref", "unref", "hasRef", "refresh", "close", "valueOf", "toString"}
	immediateMembers = []string{"constructor", "ref", "unref", "hasRef"}
)

// timeoutPrototype is the prototype of Timeout objects, made once per run.
func (r *run) timeoutPrototype() *sobek.Object {
	if r.timeoutProto == nil {
		timer := func(c sobek.FunctionCall) *timer { return r.timers.byID[handleID(r, c)] }
		r.timeoutProto = r.newLazyProto("Timeout", timeoutMembers, func(key string) sobek.Value {
			return r.namedFunction(key, func(c sobek.FunctionCall) sobek.Value {
				t := timer(c)
				switch key {
				case "ref", "unref":
					r.setTimerRef(t, key == "ref")
				case "hasRef":
					return r.rt.ToValue(t != nil && t.ref)
				case "refresh":
					r.refreshTimer(t)
				case "close":
					r.cancelTimer(t)
				case "valueOf": // Node's [Symbol.toPrimitive]: +t is the id clearTimeout takes
					return r.rt.ToValue(handleID(r, c))
				case "toString":
					return r.rt.ToValue(itoa(handleID(r, c)))
				}
				return c.This
			})
		})
	}
	return r.timeoutProto
}

// immediatePrototype is the prototype of Immediate objects, made once per run.
func (r *run) immediatePrototype() *sobek.Object {
	if r.immediateProto == nil {
		r.immediateProto = r.newLazyProto("Immediate", immediateMembers, func(key string) sobek.Value {
			return r.namedFunction(key, func(c sobek.FunctionCall) sobek.Value {
				if key == "hasRef" {
					return r.rt.ToValue(true)
				}
				if im := r.findImmediate(handleID(r, c)); im != nil {
					im.ref = key == "ref"
				}
				return c.This
			})
		})
	}
	return r.immediateProto
}

// handleID is the id of the Timeout or Immediate a method was called on.
func handleID(r *run, c sobek.FunctionCall) int {
	return int(c.This.ToObject(r.rt).Get("_looplabId").ToInteger())
}

// internals is what the built-in modules see (their second argument): host, and every
// part of the prelude by name (prelude.js make).
func (r *run) internals() sobek.Value {
	return r.rt.NewDynamicObject(&internalParts{r: r})
}

type internalParts struct{ r *run }

func (in *internalParts) Get(key string) sobek.Value {
	if key == "host" {
		return in.r.host
	}
	v := in.r.use(key)
	if sobek.IsUndefined(v) {
		return nil
	}
	return v
}
func (in *internalParts) Has(string) bool              { return false }
func (in *internalParts) Set(string, sobek.Value) bool { return false }
func (in *internalParts) Delete(string) bool           { return true }
func (in *internalParts) Keys() []string               { return nil }
