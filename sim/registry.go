package sim

import (
	"fmt"
	"strings"
)

// nodeModule declares one module a program can require or import: a Node built-in the
// simulator makes or refuses, or the simulated database client. It is the module's one
// home: its names, the JavaScript that makes its exports, the Go host operations that
// JavaScript calls, the Node releases that have it, and why it is refused if it is.
type nodeModule struct {
	// name is what require() takes without "node:" ("fs", "fs/promises").
	name string
	// schemeOnly: only "node:"+name resolves (Node's node:test, node:sqlite, node:sea).
	schemeOnly bool

	// How the exports are made (prelude_modules.js loadBuiltin; none for a refused module):
	// file is a function expression in sim/js/<file>.js called with (exports, internals);
	file string
	// part is a part of the prelude (process, console and timers are globals too);
	part string
	// member is "module.member": the exports are a member of another module's exports;
	member string
	// loader names a shape of its own: events and stream (their files also run in real
	// Node beside Node's own modules, testdata/jsmods) and stream/promises.
	loader string

	// ops are the host operations the module's JavaScript calls, as hostcall(H_name) or
	// host.name(...); the Go functions live in the module's Go file.
	ops []hostOp
	// esmNames are named exports of the ES-module form that the exports object does not
	// list as own enumerable keys (inherited or non-enumerable members Node exports).
	esmNames []string

	// since and until are the first and the last Node major that has the module (0: no
	// bound). On a profile outside them the module does not exist: require() throws
	// MODULE_NOT_FOUND as that release would.
	since, until int

	// refused, when set, is why the simulator does not simulate the module: requiring
	// it ends the run with unsupported_api.
	refused string
	// notNode marks a module that is not a Node built-in (the simulated mysql2 client).
	notNode bool
}

// simulated reports whether the simulator makes the module's exports.
func (m *nodeModule) simulated() bool { return m.refused == "" }

// inProfile reports whether Node major has the module.
func (m *nodeModule) inProfile(major int) bool {
	return (m.since == 0 || major >= m.since) && (m.until == 0 || major <= m.until)
}

// moduleTable is every module the simulator knows, simulated ones first. It is a
// function (set in init): the operations refer to the table through hostcall.
func moduleTable() []nodeModule {
	notSimulated := "not simulated"
	return []nodeModule{
		// ---- made by the prelude (their globals share them) ----
		{name: "process", part: "process", ops: []hostOp{
			{"exit", (*run).opExit},
			{"setExiting", (*run).opSetExiting},
			{"uncaught", (*run).opUncaught},
		}, esmNames: []string{"nextTick", "exit", "cwd", "hrtime", "memoryUsage", "uptime", "emitWarning", "on", "once", "off",
			"emit", "stdout", "stderr", "cpuUsage", "resourceUsage", "reallyExit", "abort"}},
		{name: "console", part: "console", ops: []hostOp{
			{"write", (*run).opWrite},
			{"log", (*run).opLog},
			{"stackLines", (*run).opStackLines},
		}},
		{name: "timers", part: "timers", ops: []hostOp{
			{"setTimer", (*run).opSetTimer},
			{"clearTimer", (*run).opClearTimer},
			{"timerRef", (*run).opTimerRef},
			{"timerHasRef", (*run).opTimerHasRef},
			{"timerRefresh", (*run).opTimerRefresh},
			{"setImmediate", (*run).opSetImmediate},
			{"clearImmediate", (*run).opClearImmediate},
			{"immediateRef", (*run).opImmediateRef},
			{"immediateHasRef", (*run).opImmediateHasRef},
			{"nextTick", (*run).opNextTick},
		}},
		{name: "timers/promises", file: "timers_promises"},
		// ---- JavaScript modules ----
		{name: "events", loader: "events", file: "events"},
		{name: "buffer", file: "buffer", ops: []hostOp{
			{"encode", (*run).opEncode},
			{"decode", (*run).opDecode},
		}},
		{name: "util", file: "util", ops: []hostOp{
			{"inspector", (*run).opInspector},
		}},
		{name: "assert", file: "assert"},
		{name: "path", file: "path"},
		{name: "url", file: "url"},
		{name: "fs", file: "fs", ops: []hostOp{
			{"readFile", (*run).opReadFile},
			{"statFile", (*run).opStatFile},
			{"readdir", (*run).opReaddir},
			{"readText", (*run).opReadText},
			{"writeFile", (*run).opWriteFile},
			{"unlinkFile", (*run).opUnlinkFile},
		}},
		{name: "fs/promises", member: "fs.promises"},
		{name: "stream", loader: "stream", file: "stream"},
		{name: "stream/promises", loader: "stream/promises"},
		{name: "crypto", file: "crypto", ops: []hostOp{
			{"pbkdf2", (*run).opPBKDF2},
			{"scrypt", (*run).opScrypt},
			{"randomBytes", (*run).opRandomBytes},
			{"hash", (*run).opHash},
		}},
		{name: "zlib", file: "zlib", ops: []hostOp{
			{"gzip", (*run).opGzip},
			{"gunzip", (*run).opGunzip},
		}},
		{name: "dns", file: "dns"},
		{name: "dns/promises", member: "dns.promises"},
		{name: "net", file: "net", ops: []hostOp{
			{"socketFeed", (*run).opSocketFeed},
		}},
		{name: "http", file: "http", ops: []hostOp{
			{"httpListen", (*run).opHTTPListen},
			{"httpEnd", (*run).opHTTPEnd},
			{"httpClose", (*run).opHTTPClose},
			{"httpRequest", (*run).opHTTPRequest},
		}},
		{name: "perf_hooks", file: "perf_hooks", ops: []hostOp{
			{"elu", (*run).opELU},
			{"delaySamples", (*run).opDelaySamples},
		}},
		{name: "worker_threads", file: "worker_threads", ops: []hostOp{
			{"workerInfo", (*run).opWorkerInfo},
			{"workerStart", (*run).opWorkerStart},
			{"workerPost", (*run).opWorkerPost},
			{"workerStop", (*run).opWorkerStop},
			{"workerRef", (*run).opWorkerRef},
			{"portPost", (*run).opPortPost},
			{"portListen", (*run).opPortListen},
			{"localMessage", (*run).opLocalMessage},
		}},
		// ---- the simulated database client (not a Node built-in) ----
		{name: "mysql2", file: "mysql2", notNode: true, ops: []hostOp{
			{"dbPool", (*run).opDBPool},
			{"dbQuery", (*run).opDBQuery},
		}},
		{name: "mysql2/promise", file: "mysql2_promise", notNode: true},

		// ---- Node modules the simulator refuses ----
		{name: "child_process", refused: notSimulated},
		{name: "cluster", refused: notSimulated},
		{name: "dgram", refused: notSimulated},
		{name: "diagnostics_channel", refused: notSimulated},
		{name: "http2", refused: notSimulated},
		{name: "https", refused: notSimulated},
		{name: "inspector", refused: notSimulated},
		{name: "module", refused: notSimulated},
		{name: "os", refused: notSimulated},
		{name: "readline", refused: notSimulated},
		{name: "repl", refused: notSimulated},
		{name: "tls", refused: notSimulated},
		{name: "trace_events", refused: notSimulated},
		{name: "tty", refused: notSimulated},
		{name: "v8", refused: notSimulated},
		{name: "vm", refused: notSimulated},
		{name: "wasi", refused: notSimulated},
		{name: "async_hooks", refused: notSimulated},
		{name: "string_decoder", refused: notSimulated},
		{name: "querystring", refused: notSimulated},
		{name: "punycode", refused: notSimulated},
		{name: "domain", refused: notSimulated},
		{name: "constants", refused: notSimulated},
		{name: "sys", refused: notSimulated},
		{name: "test", refused: notSimulated},
	}
}

// nodeModules is the registry (moduleTable), and modulesByName indexes it.
var (
	nodeModules   []nodeModule
	modulesByName map[string]*nodeModule
)

func init() {
	nodeModules = moduleTable()
	modulesByName = make(map[string]*nodeModule, len(nodeModules))
	for i := range nodeModules {
		m := &nodeModules[i]
		if modulesByName[m.name] != nil {
			panic("sim: the module " + m.name + " is declared twice")
		}
		modulesByName[m.name] = m
		if m.file != "" {
			if _, err := jsFiles.Open("js/" + m.file + ".js"); err != nil {
				panic("sim: the module " + m.name + " has no file js/" + m.file + ".js")
			}
		}
	}
	hostOps = hostOpTable()
}

// hostOpTable is every host operation: the runtime's own (coreOps), then each module's
// in the registry's order. An operation's index is its code (jsConstants).
func hostOpTable() []hostOp {
	ops := coreOps()
	seen := map[string]string{}
	for _, op := range ops {
		seen[op.name] = "the runtime"
	}
	for _, m := range nodeModules {
		for _, op := range m.ops {
			if owner, dup := seen[op.name]; dup {
				panic(fmt.Sprintf("sim: the host operation %s of %s is also %s's", op.name, m.name, owner))
			}
			seen[op.name] = m.name
			ops = append(ops, op)
		}
	}
	return ops
}

// lookupModule finds the module a require() or import names ("fs", "node:fs"); nil when
// no module of the registry has that name.
func lookupModule(id string) *nodeModule {
	name, scheme := strings.CutPrefix(id, "node:")
	m := modulesByName[name]
	if m == nil || (m.schemeOnly && !scheme) {
		return nil
	}
	return m
}

// simulatedModule is the module id names if the run's profile has it (its binary lists
// it, R-V8, and the declared bounds allow it) and the simulator makes it; nil otherwise.
func (r *run) simulatedModule(id string) *nodeModule {
	if m := lookupModule(id); m != nil && m.simulated() && m.inProfile(r.prof.major()) && !r.prof.lacksModule(m.name) {
		return m
	}
	return nil
}

// refusedModule is the refused module id names, or whose top name ("child_process" of
// "child_process/x") is refused; nil otherwise.
func refusedModule(id string) *nodeModule {
	base, _, _ := strings.Cut(id, "/")
	for _, name := range []string{id, base} {
		if m := lookupModule(name); m != nil && !m.simulated() {
			return m
		}
	}
	return nil
}
