// Package inspect is Node's util.inspect, util.format and console formatting for the
// simulator (see doc.go).
package inspect

import (
	_ "embed"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
)

//go:embed inspect.js
var source string

// scriptName is inspect.js's name in stack traces, where Node's frames say
// node:internal/util/inspect.
const scriptName = "node:internal/util/inspect"

// compiled is inspect.js's bytecode, compiled once per process (without its source
// text: a quarter of the size, and less of each runtime's heap).
var compiled struct {
	once sync.Once
	code *engine.Code
	err  error
}

func compiledSource() (*engine.Code, error) {
	compiled.once.Do(func() {
		compiled.code, compiled.err = engine.CompileLibrary(source, scriptName)
	})
	return compiled.code, compiled.err
}

// DefaultMajor is the Node major New imitates.
const DefaultMajor = 24

// Inspector is inspect for one runtime. Its methods must be called on the runtime's
// goroutine, like the runtime's own.
type Inspector struct {
	r      *engine.Runtime
	major  int
	loaded bool
	// api is the object inspect.js returns (see API); the others are its members, kept
	// for the runtime's life.
	api, formatLog, inspect, defaults engine.Value
}

// New prepares inspect for r without running any JavaScript: Format prints primitives
// at once, and inspect.js is installed the first time something needs it (API, Inspect,
// a Format argument that is an object). Installing costs about 0.8 ms of CPU and 250 KB
// of the runtime's heap, which most programs (those that print only strings and
// numbers) never pay. inspect.js takes the built-ins it uses when it is installed: a
// program that patched Array.prototype before its first console.log of an object can
// change what that prints (Install before the program runs to rule that out).
func New(r *engine.Runtime) *Inspector { return NewFor(r, DefaultMajor) }

// NewFor is New for the profile of Node major (10, 20, 22, 24, 26): the output follows
// that major where util.inspect's output changed between them (doc.go lists where).
// Majors in between behave as the nearest profile below them; 0 is DefaultMajor.
func NewFor(r *engine.Runtime, major int) *Inspector {
	if major <= 0 {
		major = DefaultMajor
	}
	return &Inspector{r: r, major: major}
}

// Install is New and installing inspect.js at once.
func Install(r *engine.Runtime) (*Inspector, error) { return InstallFor(r, DefaultMajor) }

// InstallFor is NewFor and installing inspect.js at once.
func InstallFor(r *engine.Runtime, major int) (*Inspector, error) {
	in := NewFor(r, major)
	if err := in.load(); err != nil {
		return nil, err
	}
	return in, nil
}

// Major is the Node major the inspector imitates.
func (in *Inspector) Major() int { return in.major }

// load installs inspect.js unless it is installed.
func (in *Inspector) load() error {
	if in.loaded {
		return nil
	}
	code, err := compiledSource()
	if err != nil {
		return fmt.Errorf("inspect: compiling inspect.js: %w", err)
	}
	r := in.r
	mark := r.Mark()
	defer r.Unwind(mark)
	fn, err := r.Run(code)
	if err != nil {
		return fmt.Errorf("inspect: loading inspect.js: %w", err)
	}
	api, err := r.Call(fn, r.Undefined(), newBinding(r), r.Int(int64(in.major)))
	if err != nil {
		return fmt.Errorf("inspect: installing inspect.js: %w", err)
	}
	in.api = r.Keep(api)
	in.formatLog = r.Keep(r.Get(api, "formatLog"))
	in.inspect = r.Keep(r.Get(api, "inspect"))
	in.defaults = r.Keep(r.Get(api, "inspectDefaultOptions"))
	in.loaded = true
	return nil
}

// API is the object inspect.js returns, for the JavaScript side of the simulator
// (installing inspect.js if it is not):
//
//	inspect(value, options)        util.inspect (with .custom, .colors, .styles, .defaultOptions)
//	inspectDefaultOptions          the object util.inspect.defaultOptions returns
//	format(...args)                util.format
//	formatWithOptions(opts, ...args) util.formatWithOptions
//	formatLog(...args)             the line console.log(...args) prints (without the newline)
//	consoleDir(value, options)     the text console.dir(value, options) prints
//	consoleTable(data, properties) the text console.table(data, properties) prints
//	getStringWidth(str)            columns str takes in a terminal (Node's ICU widths)
//	stripVTControlCharacters(str)  util.stripVTControlCharacters
//	types                          util.types (isPromise, isMap, isProxy, ...)
//	getOwnNonIndexProperties(obj, filter), ALL_PROPERTIES, ONLY_ENUMERABLE
//	                               for modules with their own custom inspect (Buffer)
//
// The value belongs to the runtime for its whole life.
func (in *Inspector) API() (engine.Value, error) {
	if err := in.load(); err != nil {
		return in.r.Undefined(), err
	}
	return in.api, nil
}

// Format returns the line console.log(...args) prints, without its newline (Node's
// formatWithOptions without colors). Strings, numbers, booleans, null, undefined and
// bigints with no placeholder to expand are formatted in Go without running
// JavaScript. An error is what a custom inspect function or a throwing getter threw (an
// *engine.Exception), or an interrupt.
func (in *Inspector) Format(args []engine.Value) (string, error) {
	if s, ok := in.formatPrimitives(args); ok {
		return s, nil
	}
	if err := in.load(); err != nil {
		return "", err
	}
	return in.callString(in.formatLog, args...)
}

// Inspect is util.inspect(v) with the default options.
func (in *Inspector) Inspect(v engine.Value) (string, error) {
	if err := in.load(); err != nil {
		return "", err
	}
	return in.callString(in.inspect, v)
}

// InspectWith is util.inspect(v, options).
func (in *Inspector) InspectWith(v, options engine.Value) (string, error) {
	if err := in.load(); err != nil {
		return "", err
	}
	return in.callString(in.inspect, v, options)
}

func (in *Inspector) callString(fn engine.Value, args ...engine.Value) (string, error) {
	res, err := in.r.Call(fn, in.r.Undefined(), args...)
	if err != nil {
		return "", err
	}
	return res.String(), nil
}

// formatPrimitives is Format's fast path: what formatWithOptions prints when no
// argument needs inspect's machinery. ok is false when one does (an object, a symbol,
// a first string with a placeholder to expand, default options that change how
// numbers print).
func (in *Inspector) formatPrimitives(args []engine.Value) (string, bool) {
	if len(args) == 1 && args[0].IsString() {
		return args[0].String(), true
	}
	if in.major < 12 {
		// Node 10 quoted strings after a first argument that is not one, and printed -0
		// after one as 0: its own rules, in JavaScript
		return "", false
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case a.IsString():
			s := a.String()
			if i == 0 && strings.IndexByte(s, '%') >= 0 {
				return "", false
			}
			b.WriteString(s)
		case a.IsNumber():
			if !in.plainNumbers() {
				return "", false
			}
			if f := a.Float(); f == 0 && math.Signbit(f) {
				b.WriteString("-0")
			} else {
				b.WriteString(a.String())
			}
		case a.IsBigInt():
			if !in.plainNumbers() {
				return "", false
			}
			b.WriteString(a.String())
			b.WriteByte('n')
		case a.IsBool(), a.IsNullish():
			b.WriteString(a.String())
		default:
			return "", false
		}
	}
	return b.String(), true
}

// plainNumbers reports whether numbers print as String(n) does: a program can turn on
// util.inspect.defaultOptions.numericSeparator (1_000) or colors, but only through
// inspect.js's API, which is then installed.
func (in *Inspector) plainNumbers() bool {
	if !in.loaded {
		return true
	}
	return !in.r.Get(in.defaults, "numericSeparator").Truthy() && !in.r.Get(in.defaults, "colors").Truthy()
}
