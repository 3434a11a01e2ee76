package sim

import (
	"fmt"
	"strings"
	"sync"
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
	// alias is another module whose exports these are (sys is util);
	alias string
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
	// whyNot says why an export of Node's module that the simulator does not make is
	// refused, by export name ("" for the rest: whyNotRest). Such an export is a refusing
	// stand-in (prelude.js refusing): any use of it ends the run with unsupported_api.
	whyNot     map[string]string
	whyNotRest string
	// notNode marks a module that is not a Node built-in (the simulated mysql2 client).
	notNode bool
	// internal marks a file the other built-ins share that programs cannot require (the
	// HTTP parser, fetch: Node's undici is internal too).
	internal bool
}

// simulated reports whether the simulator makes the module's exports.
func (m *nodeModule) simulated() bool { return m.refused == "" }

// whyRefused is why the export name of the module is refused.
func (m *nodeModule) whyRefused(name string) string {
	if why, ok := m.whyNot[name]; ok {
		return why
	}
	if m.whyNotRest != "" {
		return m.whyNotRest
	}
	return notYet
}

// notYet is the reason of an export nobody has written a reason for.
const notYet = "not simulated yet"

// inProfile reports whether Node major has the module.
func (m *nodeModule) inProfile(major int) bool {
	return (m.since == 0 || major >= m.since) && (m.until == 0 || major <= m.until)
}

// moduleTable is every module the simulator knows, simulated ones first. It is a
// function (set in init): the operations refer to the table through hostcall.
func moduleTable() []nodeModule {
	const (
		internalHTTP = "a deprecated internal module of http (use http)"
		internalTLS  = "a deprecated internal module of tls (use tls)"
		noDebugger   = "the debugger protocol: a simulated run has no debugger attached"
	)
	return []nodeModule{
		// ---- made by the prelude (their globals share them) ----
		{name: "process", part: "process", ops: []hostOp{
			{"exit", (*run).opExit},
			{"setExiting", (*run).opSetExiting},
			{"uncaught", (*run).opUncaught},
			{"signalWatch", signalsKey.op((*signalsModule).opSignalWatch)},
			{"kill", signalsKey.op((*signalsModule).opKill)},
		}, esmNames: []string{"nextTick", "exit", "cwd", "hrtime", "memoryUsage", "uptime", "emitWarning", "on", "once", "off",
			"emit", "stdout", "stderr", "cpuUsage", "resourceUsage", "reallyExit", "abort"}},
		{name: "console", part: "console", ops: []hostOp{
			{"write", (*run).opWrite},
			{"log", (*run).opLog},
			{"stackLines", (*run).opStackLines},
		}},
		{name: "timers", part: "timers", ops: []hostOp{
			{"setTimer", timersKey.op((*nodeTimers).opSetTimer)},
			{"clearTimer", timersKey.op((*nodeTimers).opClearTimer)},
			{"timerRef", timersKey.op((*nodeTimers).opTimerRef)},
			{"timerRefresh", timersKey.op((*nodeTimers).opTimerRefresh)},
			{"setImmediate", timersKey.op((*nodeTimers).opSetImmediate)},
			{"clearImmediate", timersKey.op((*nodeTimers).opClearImmediate)},
			{"immediateRef", timersKey.op((*nodeTimers).opImmediateRef)},
			{"immediateHasRef", timersKey.op((*nodeTimers).opImmediateHasRef)},
			{"nextTick", timersKey.op((*nodeTimers).opNextTick)},
		}},
		{name: "timers/promises", file: "timers_promises"},
		// ---- JavaScript modules ----
		{name: "events", loader: "events", file: "events"},
		{name: "buffer", file: "buffer", ops: []hostOp{
			{"encode", bufferKey.op((*bufferModule).opEncode)},
			{"decode", bufferKey.op((*bufferModule).opDecode)},
			{"utf8Length", bufferKey.op((*bufferModule).opUTF8Length)},
			{"bytesKind", bufferKey.op((*bufferModule).opBytesKind)},
			{"indexOf", bufferKey.op((*bufferModule).opIndexOf)},
			{"transcode", bufferKey.op((*bufferModule).opTranscode)},
		}},
		{name: "util/types", member: "util.types", since: 15},
		{name: "util", file: "util", whyNot: map[string]string{"getCallSites": "the frames of the engine's stack as objects: not simulated yet (Error().stack is)"}, ops: []hostOp{
			{"inspector", (*run).opInspector},
		}},
		{name: "assert", file: "assert"},
		{name: "assert/strict", member: "assert.strict", since: 15},
		{name: "path", file: "path"},
		{name: "path/posix", member: "path.posix", since: 15},
		{name: "path/win32", member: "path.win32", since: 15},
		{name: "url", file: "url", whyNot: map[string]string{"URLPattern": "URLPattern (experimental in Node 24) is not simulated yet"}},
		{name: "querystring", file: "querystring"},
		{name: "string_decoder", file: "string_decoder"},
		{name: "readline", file: "readline"},
		{name: "readline/promises", member: "readline.promises", since: 17},
		{name: "fs", file: "fs", whyNot: fsRefused, ops: []hostOp{
			{"readFile", fsKey.op((*fsModule).opReadFile)},
			{"statFile", fsKey.op((*fsModule).opStatFile)},
			{"readdir", fsKey.op((*fsModule).opReaddir)},
			{"readText", fsKey.op((*fsModule).opReadText)},
			{"writeFile", fsKey.op((*fsModule).opWriteFile)},
			{"fsChange", fsKey.op((*fsModule).opFsChange)},
			{"fsMeta", fsKey.op((*fsModule).opFsMeta)},
		}},
		{name: "fs/promises", member: "fs.promises", whyNot: fsRefused},
		{name: "stream", loader: "stream", file: "stream", whyNot: map[string]string{
			"compose": "stream.compose, experimental in Node 24: not simulated yet (pipeline is)",
		}},
		{name: "stream/promises", loader: "stream/promises"},
		{name: "stream/web", file: "stream_web"},
		{name: "stream/consumers", file: "stream_consumers"},
		{name: "crypto", file: "crypto", whyNot: map[string]string{
			"Certificate": "SPKAC (the signed public key and challenge of the old HTML keygen element): not simulated",
			"encapsulate": "ML-KEM key encapsulation (post-quantum, OpenSSL 3.5): not simulated; ECDH and Diffie-Hellman key agreement are",
			"decapsulate": "ML-KEM key encapsulation (post-quantum, OpenSSL 3.5): not simulated; ECDH and Diffie-Hellman key agreement are",
		}, whyNotRest: "not simulated yet (hashes, HMAC, pbkdf2, scrypt, hkdf, random numbers, secret keys, primes, AES-CBC/ECB/CTR/GCM, RSA, Ed25519, X25519 and EC keys, signatures, RSA encryption, ECDH, Diffie-Hellman and the MODP groups are)", ops: []hostOp{
			{"pbkdf2", cryptoKey.op((*cryptoModule).opPBKDF2)},
			{"scrypt", cryptoKey.op((*cryptoModule).opScrypt)},
			{"argon2", cryptoKey.op((*cryptoModule).opArgon2)},
			{"randomBytes", cryptoKey.op((*cryptoModule).opRandomBytes)},
			{"x509Parse", cryptoKey.op((*cryptoModule).opX509Parse)},
			{"x509Verify", cryptoKey.op((*cryptoModule).opX509Verify)},
			{"x509SignedBy", cryptoKey.op((*cryptoModule).opX509SignedBy)},
			{"hash", cryptoKey.op((*cryptoModule).opHash)},
			{"hmac", cryptoKey.op((*cryptoModule).opHmac)},
			{"hkdf", cryptoKey.op((*cryptoModule).opHkdf)},
			{"prime", cryptoKey.op((*cryptoModule).opPrime)},
			{"aes", cryptoKey.op((*cryptoModule).opAES)},
			{"pkey", cryptoKey.op((*cryptoModule).opPKey)},
			{"kex", cryptoKey.op((*cryptoModule).opKex)},
		}},
		{name: "zlib", file: "zlib", ops: []hostOp{
			{"zlib", zlibKey.op((*zlibModule).opZlib)},
			{"zstdOpen", zlibKey.op((*zlibModule).opZstdOpen)},
			{"zstdWrite", zlibKey.op((*zlibModule).opZstdWrite)},
			{"zstdEnded", zlibKey.op((*zlibModule).opZstdEnded)},
			{"zstdClose", zlibKey.op((*zlibModule).opZstdClose)},
			{"crc32", zlibKey.op((*zlibModule).opCrc32)},
		}},
		// dns.lookup is getaddrinfo on the pool (R-P4); resolve* and reverse are c-ares
		// queries on the network, answered from the scenario's zone (dns.go, R-P7).
		{name: "dns", file: "dns", ops: []hostOp{
			{"dnsZone", dnsKey.op((*dnsModule).opDNSZone)},
			{"dnsReverseName", dnsKey.op((*dnsModule).opDNSReverseName)},
			{"dnsQuery", dnsKey.op((*dnsModule).opDNSQuery)},
			{"dnsCancel", dnsKey.op((*dnsModule).opDNSCancel)},
		}},
		{name: "dns/promises", member: "dns.promises"},
		{name: "net", file: "net", whyNot: map[string]string{
			"_createServerHandle": "an internal of cluster, which is not simulated",
		}, ops: []hostOp{
			{"socketFeed", httpKey.op((*httpModule).opSocketFeed)},
		}},
		{name: "http", file: "http", whyNot: map[string]string{
			"WebSocket":             "WebSocket connections: Node has no WebSocket server to simulate one against",
			"setGlobalProxyFromEnv": "HTTP proxies: the simulated network has none",
		}, ops: []hostOp{
			{"httpListen", httpKey.op((*httpModule).opHTTPListen)},
			{"httpEnd", httpKey.op((*httpModule).opHTTPEnd)},
			{"httpClose", httpKey.op((*httpModule).opHTTPClose)},
			{"upstreamLookup", httpKey.op((*httpModule).opUpstreamLookup)},
			{"upstream", httpKey.op((*httpModule).opUpstream)},
		}},
		{name: "dgram", file: "dgram"},
		{name: "https", file: "https"},
		{name: "tls", file: "tls", whyNot: map[string]string{
			"rootCertificates": "Node's bundled Mozilla root certificates: the simulated machine carries none and trusts no public root (setDefaultCACertificates sets what it trusts)",
		}},
		{name: "perf_hooks", file: "perf_hooks", ops: []hostOp{
			{"elu", (*run).opELU},
			{"delaySamples", (*run).opDelaySamples},
		}},
		{name: "worker_threads", file: "worker_threads", whyNot: map[string]string{
			"moveMessagePortToContext": "vm contexts are not simulated",
			"postMessageToThread":      "messages to any thread by id (process 'workerMessage'): not simulated yet",
		}, ops: []hostOp{
			{"workerInfo", workersKey.op((*workersModule).opWorkerInfo)},
			{"workerStart", workersKey.op((*workersModule).opWorkerStart)},
			{"workerPost", workersKey.op((*workersModule).opWorkerPost)},
			{"workerStop", workersKey.op((*workersModule).opWorkerStop)},
			{"workerRef", workersKey.op((*workersModule).opWorkerRef)},
			{"portPost", workersKey.op((*workersModule).opPortPost)},
			{"portListen", workersKey.op((*workersModule).opPortListen)},
			{"localMessage", workersKey.op((*workersModule).opLocalMessage)},
			{"bcOpen", workersKey.op((*workersModule).opBCOpen)},
			{"bcPost", workersKey.op((*workersModule).opBCPost)},
			{"bcClose", workersKey.op((*workersModule).opBCClose)},
			{"bcRef", workersKey.op((*workersModule).opBCRef)},
		}},
		{name: "child_process", file: "child_process", ops: []hostOp{
			{"cpSpawn", procKey.op((*procModule).opSpawn)},
			{"cpSpawnSync", procKey.op((*procModule).opSpawnSync)},
			{"cpKill", procKey.op((*procModule).opKill)},
			{"cpRef", procKey.op((*procModule).opRef)},
			{"pipeRead", procKey.op((*procModule).opPipeRead)},
			{"pipeWrite", procKey.op((*procModule).opPipeWrite)},
			{"pipeEnd", procKey.op((*procModule).opPipeEnd)},
			{"pipeClose", procKey.op((*procModule).opPipeClose)},
		}},
		{name: "os", file: "os", ops: []hostOp{
			{"osMachine", (*run).opOSMachine},
		}},
		{name: "module", file: "module", whyNotRest: "the CommonJS and ES module loaders' internals and hooks: not simulated (require, import, createRequire and require.resolve are)"},
		// ---- the simulated database client (not a Node built-in) ----
		{name: "mysql2", file: "mysql2", notNode: true, ops: []hostOp{
			{"dbPool", dbKey.op((*dbModule).opDBPool)},
			{"dbQuery", dbKey.op((*dbModule).opDBQuery)},
		}},
		{name: "mysql2/promise", file: "mysql2_promise", notNode: true},
		// ---- the simulator's own shared parts ----
		{name: "http_parser", file: "http_parser", notNode: true, internal: true},
		{name: "x509", file: "x509", notNode: true, internal: true},
		{name: "fetch", file: "fetch", notNode: true, internal: true},
		{name: "pipes", file: "pipes", notNode: true, internal: true},

		// ---- Node modules that are other modules, or their members ----
		{name: "sys", alias: "util"},
		{name: "_stream_duplex", member: "stream.Duplex"},
		{name: "_stream_passthrough", member: "stream.PassThrough"},
		{name: "_stream_readable", member: "stream.Readable"},
		{name: "_stream_transform", member: "stream.Transform"},
		{name: "_stream_writable", member: "stream.Writable"},

		// ---- Node modules the simulator refuses ----
		{name: "_http_agent", refused: internalHTTP},
		{name: "_http_client", refused: internalHTTP},
		{name: "_http_common", refused: internalHTTP},
		{name: "_http_incoming", refused: internalHTTP},
		{name: "_http_outgoing", refused: internalHTTP},
		{name: "_http_server", refused: internalHTTP},
		{name: "_stream_wrap", refused: "a deprecated internal module (DEP0125)"},
		{name: "_tls_common", refused: internalTLS},
		{name: "_tls_wrap", refused: internalTLS},
		{name: "async_hooks", refused: "async hooks follow every resource of the loop from JavaScript: not simulated"},
		{name: "cluster", refused: "its workers sharing one server handle are not simulated yet (child_process, fork with IPC and worker_threads are)"},
		{name: "constants", refused: "deprecated (DEP0008): use the constants of fs, os and crypto"},
		{name: "diagnostics_channel", refused: notYet},
		{name: "domain", refused: "deprecated (DEP0032)"},
		{name: "http2", refused: "HTTP/2 sessions and streams are not simulated yet (http, https and tls are)"},
		{name: "inspector", refused: noDebugger},
		{name: "inspector/promises", refused: noDebugger},
		{name: "punycode", refused: "deprecated (DEP0040)"},
		{name: "repl", refused: "an interactive shell needs a terminal, which a simulated run does not have"},
		{name: "trace_events", refused: "V8 trace files are written to disk: a simulated run has no real I/O"},
		{name: "tty", refused: notYet},
		{name: "v8", refused: "the engine is not V8: its heap statistics, serializer and flags do not exist here"},
		{name: "vm", refused: "new JavaScript contexts: not simulated"},
		{name: "wasi", refused: "WebAssembly is not simulated"},
		{name: "sea", schemeOnly: true, refused: "single executable applications package a binary: not simulated"},
		{name: "sqlite", schemeOnly: true, refused: "a database file on disk: the simulated database is mysql2's"},
		{name: "test", schemeOnly: true, refused: "the test runner reports to a terminal from several files and processes: not simulated"},
		{name: "test/reporters", schemeOnly: true, refused: "the test runner reports to a terminal from several files and processes: not simulated"},
	}
}

// fsRefused is why node:fs and fs/promises refuse what they refuse.
var fsRefused = map[string]string{
	"watch": fsNoWatch, "watchFile": fsNoWatch, "unwatchFile": fsNoWatch,
	"symlink": fsNoLinks, "symlinkSync": fsNoLinks, "readlink": fsNoLinks, "readlinkSync": fsNoLinks,
	"openAsBlob": "Blob is not simulated yet",
	"Utf8Stream": "an experimental writer of Node 24's for fast logging: not simulated",
}

const (
	fsNoWatch = "watching files: the simulated file system changes only by the program itself, which needs no watcher"
	fsNoLinks = "symbolic links: the simulated file system has none (link makes a copy)"
)

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
	if m == nil || (m.schemeOnly && !scheme) || m.internal {
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

// refusedGlobals are the globals of Node's that the simulator does not make, with why:
// each is a refusing stand-in (prelude.js refusing), so typeof is Node's and any use of
// it ends the run with unsupported_api. TestAPICoverage checks the list against Node's
// globals and what the prelude makes.
var refusedGlobals = map[string]string{
	"WebSocket":   "WebSocket connections: Node has no WebSocket server to simulate one against",
	"URLPattern":  "URL pattern matching, experimental in Node 24: not simulated",
	"WebAssembly": "WebAssembly is not simulated",
}

// jsRefusedGlobals is the JavaScript that declares refusedGlobals for the prelude:
// [name, kind, why] in Node's order, compiled into it once.
var jsRefusedGlobals = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("const REFUSED_GLOBALS = [")
	for _, g := range surface().Globals {
		if why, ok := refusedGlobals[g.Name]; ok && refusable(g.Kind) {
			b.WriteString("[" + quoteJS(g.Name) + ", " + quoteJS(g.Kind) + ", " + quoteJS(why) + "], ")
		}
	}
	b.WriteString("];")
	return b.String()
})

// jsModuleTable is the JavaScript that declares the simulated modules for the JS loader
// (prelude_modules.js loadBuiltin): how each one's exports are made.
var jsModuleTable = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("const MODULES = { __proto__: null")
	for _, m := range nodeModules {
		if !m.simulated() {
			continue
		}
		var how []string
		for _, f := range [][2]string{{"file", m.file}, {"part", m.part}, {"member", m.member}, {"alias", m.alias}, {"loader", m.loader}} {
			if f[1] != "" {
				how = append(how, f[0]+": "+quoteJS(f[1]))
			}
		}
		b.WriteString(", " + quoteJS(m.name) + ": { " + strings.Join(how, ", ") + " }")
	}
	b.WriteString(" };")
	return b.String()
})
