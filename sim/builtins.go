package sim

import (
	"embed"
	"strings"

	"github.com/grafana/sobek"
)

//go:embed js/*.js
var jsFiles embed.FS

// builtinCode holds the compiled JS of the prelude and of every built-in module. Each file
// is a single function expression; a run evaluates it in its own runtime to get the
// function and calls it.
type builtinCode struct {
	programs map[string]*sobek.Program
}

// builtinModules are the Node modules looplab simulates, by the name require() takes.
var builtinModules = []string{
	"assert", "buffer", "console", "crypto", "dns", "dns/promises", "events", "fs", "fs/promises", "http", "net", "path",
	"perf_hooks", "process", "stream", "stream/promises", "timers", "timers/promises", "url", "util", "worker_threads", "zlib",
	"mysql2", "mysql2/promise", // the simulated database client (not a Node built-in)
}

// unsimulatedModules are real Node modules a program may ask for that looplab does not
// simulate: asking for one ends the run with an unsupported_api error naming it.
var unsimulatedModules = []string{
	"child_process", "cluster", "dgram", "diagnostics_channel", "http2", "https", "inspector",
	"module", "os", "readline", "repl", "tls", "trace_events", "tty", "v8", "vm", "wasi",
	"async_hooks", "string_decoder", "querystring", "punycode", "domain", "constants", "sys", "test",
}

func isBuiltinName(name string) bool {
	for _, m := range builtinModules {
		if m == name {
			return true
		}
	}
	return false
}

func isKnownUnsimulated(name string) bool {
	base := strings.SplitN(name, "/", 2)[0]
	for _, m := range unsimulatedModules {
		if m == base {
			return true
		}
	}
	return false
}

// mustCompileBuiltins compiles every embedded JS file; a failure is a build defect.
func mustCompileBuiltins() *builtinCode {
	entries, err := jsFiles.ReadDir("js")
	if err != nil {
		panic(err)
	}
	bc := &builtinCode{programs: map[string]*sobek.Program{}}
	for _, e := range entries {
		src, err := jsFiles.ReadFile("js/" + e.Name())
		if err != nil {
			panic(err)
		}
		name := strings.TrimSuffix(e.Name(), ".js")
		prg, err := sobek.Compile("node:"+name, string(src), true)
		if err != nil {
			panic("sim: built-in " + name + ": " + err.Error())
		}
		bc.programs[name] = prg
	}
	return bc
}

// instantiate evaluates a built-in's function expression in rt and returns the function.
func (bc *builtinCode) instantiate(rt *sobek.Runtime, name string) sobek.Value {
	prg, ok := bc.programs[name]
	if !ok {
		panic("sim: no built-in " + name)
	}
	v, err := rt.RunProgram(prg)
	if err != nil {
		panic("sim: built-in " + name + ": " + err.Error())
	}
	return v
}
