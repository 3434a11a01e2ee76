package v8errors

// Entry is where Node's internals called into the program: it decides the frames a real
// stack lists below the program's own, and the receiver of the outermost program frame
// (a timer's callback runs as Timeout._onTimeout). The simulator sets it (SetEntry)
// before each call into JavaScript.
type Entry uint8

const (
	// EntryNone: no frames of Node's below the program's (V8's own microtask checkpoint,
	// host glue).
	EntryNone Entry = iota
	// EntryMainCJS: the CommonJS main module's body.
	EntryMainCJS
	// EntryMainESM: the ES module main's body, before its first await.
	EntryMainESM
	// EntryTimeout: a setTimeout or setInterval callback.
	EntryTimeout
	// EntryImmediate: a setImmediate callback.
	EntryImmediate
	// EntryNextTick: a process.nextTick callback.
	EntryNextTick
	// EntryMicrotaskInTicks: a promise job run by processTicksAndRejections (ticks were
	// queued); without ticks V8's checkpoint runs it: EntryNone.
	EntryMicrotaskInTicks
	// EntryCompileCJS: compiling the CommonJS main (its syntax errors).
	EntryCompileCJS
	// EntryCompileESM: compiling an ES module (its syntax errors).
	EntryCompileESM
	entryCount
)

// entryFrames are the frames of one entry and the receiver V8 reports for the program's
// outermost frame.
type entryFrames struct {
	receiver string // "Timeout": the outermost frame is a method call on it
	method   string // the property the callback is called through: "_onTimeout"
	frames   []string
}

// Profile is what one Node major prints: its version line and its internal frames.
type Profile struct {
	Major   int
	Version string // "v24.18.0", the line Node prints after an uncaught error
	entries [entryCount]entryFrames
	// internal are the frames of Node's own JavaScript the simulator's modules stand in
	// for, by "file|function" as the engine names them, in V8's words.
	internal map[string]string
	// unhandledRejection are the frames of the error Node raises for a rejection whose
	// reason is not an error.
	unhandledRejection []string
}

var cjsLoader24 = []string{
	"Module._compile (node:internal/modules/cjs/loader:1871:14)",
	"Object..js (node:internal/modules/cjs/loader:2002:10)",
	"Module.load (node:internal/modules/cjs/loader:1594:32)",
	"Module._load (node:internal/modules/cjs/loader:1396:12)",
	"wrapModuleLoad (node:internal/modules/cjs/loader:255:19)",
	"Module.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:154:5)",
	"node:internal/main/run_main_module:33:47",
}

// node24 is Node 24.18.0, recorded by record.sh (testdata/node24).
var node24 = &Profile{
	Major:   24,
	Version: "v24.18.0",
	entries: [entryCount]entryFrames{
		EntryMainCJS: {frames: cjsLoader24},
		EntryMainESM: {frames: []string{
			"ModuleJob.run (node:internal/modules/esm/module_job:439:25)",
			"async node:internal/modules/esm/loader:643:26",
			"async asyncRunEntryPointWithESMLoader (node:internal/modules/run_main:101:5)",
		}},
		EntryTimeout: {receiver: "Timeout", method: "_onTimeout", frames: []string{
			"listOnTimeout (node:internal/timers:605:17)",
			"process.processTimers (node:internal/timers:541:7)",
		}},
		EntryImmediate: {receiver: "Immediate", method: "_onImmediate", frames: []string{
			"process.processImmediate (node:internal/timers:504:21)",
		}},
		EntryNextTick:         {frames: []string{"process.processTicksAndRejections (node:internal/process/task_queues:85:11)"}},
		EntryMicrotaskInTicks: {frames: []string{"process.processTicksAndRejections (node:internal/process/task_queues:104:5)"}},
		EntryCompileCJS: {frames: append([]string{
			"wrapSafe (node:internal/modules/cjs/loader:1804:18)",
			"Module._compile (node:internal/modules/cjs/loader:1845:20)",
		}, cjsLoader24[1:]...)},
		EntryCompileESM: {frames: []string{
			"compileSourceTextModule (node:internal/modules/esm/utils:318:16)",
			"ModuleLoader.moduleStrategy (node:internal/modules/esm/translators:89:18)",
			"#translate (node:internal/modules/esm/loader:434:20)",
			"afterLoad (node:internal/modules/esm/loader:502:29)",
			"ModuleLoader.loadAndTranslate (node:internal/modules/esm/loader:507:12)",
			"#getOrCreateModuleJobAfterResolve (node:internal/modules/esm/loader:560:36)",
			"afterResolve (node:internal/modules/esm/loader:607:52)",
			"ModuleLoader.getOrCreateModuleJob (node:internal/modules/esm/loader:613:12)",
			"node:internal/modules/esm/loader:632:32",
			"TracingChannel.tracePromise (node:diagnostics_channel:362:14)",
		}},
	},
	internal: map[string]string{
		"node:events|emit": "EventEmitter.emit (node:events:521:24)",
	},
	unhandledRejection: []string{
		"throwUnhandledRejectionsMode (node:internal/process/promises:392:7)",
		"processPromiseRejections (node:internal/process/promises:475:17)",
		"process.processTicksAndRejections (node:internal/process/task_queues:106:37)",
	},
}

// profiles are the recorded Node majors.
var profiles = map[int]*Profile{24: node24}

// DefaultMajor is the Node major a Runtime prints as unless told otherwise.
const DefaultMajor = 24

// ProfileFor returns the profile of a Node major, and false (with the default's) when
// none was recorded.
func ProfileFor(major int) (*Profile, bool) {
	if p, ok := profiles[major]; ok {
		return p, true
	}
	return profiles[DefaultMajor], false
}
