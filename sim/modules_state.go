package sim

import (
	"math/rand"

	"github.com/looplab/looplab/sim/internal/engine"
)

// The Go state of each module, in a struct of its own reached through its key
// (modstate.go), never a field of run.

// nodeTimers is Node's lib/internal/timers.js: the timer lists (one per duration, in a
// priority queue by expiry) and the immediate queue, above the loop's one timer handle
// and its check handle (timers.go, queues.go).
type nodeTimers struct {
	*run
	timers       timerState
	immediates   []*immediate
	checkRunning []*immediate // the immediates of the check pass running now
	timerPassNow int64        // the clock reading the current timers pass is frozen at
}

var timersKey = newModKey(func(r *run) *nodeTimers { return &nodeTimers{run: r} })

// fsModule is node:fs: what the program changed of its files (fs.go).
type fsModule struct {
	*run
	fsc *fsChanges
}

// The machine has one file system: every thread and process of the run shares the main
// thread's changes.
var fsKey = newModKey[fsModule](nil)

func init() { fsKey.make = newFSModule } // it refers to fsKey

func newFSModule(r *run) *fsModule {
	m := &fsModule{run: r}
	if root := r.rootThread(); root != r {
		m.fsc = fsKey.of(root).changes()
	}
	return m
}

// httpModule is node:http and node:net: servers, requests and the scenario's traffic
// (http.go, net.go, headers.go).
type httpModule struct {
	*run
	http httpState
}

var httpKey = newModKey(func(r *run) *httpModule {
	m := &httpModule{run: r}
	m.http.init(r.sc.Seed + int64(r.iso.num)) // a worker's generator is its own
	return m
})

// dnsModule is node:dns: the queries in flight and Node's native immediates that end
// them (dns.go).
type dnsModule struct {
	*run
	dnsQueries       map[int]*dnsQuery
	nativeImmediates []*nativeImmediate
}

var dnsKey = newModKey(func(r *run) *dnsModule { return &dnsModule{run: r} })

// dbModule is the simulated mysql2 client (db.go).
type dbModule struct{ *run }

var dbKey = newModKey(func(r *run) *dbModule { return &dbModule{run: r} })

// cryptoModule is node:crypto (crypto.go, pkey.go, kex.go, argon2.go).
type cryptoModule struct {
	*run
	rng *rand.Rand // crypto.randomBytes
}

var cryptoKey = newModKey(func(r *run) *cryptoModule { return &cryptoModule{run: r} })

// zlibModule is node:zlib (zlib.go, zstd.go).
type zlibModule struct {
	*run
	zstd zstdStreams
}

var zlibKey = newModKey(func(r *run) *zlibModule { return &zlibModule{run: r} })

// bufferModule is node:buffer (buffer.go).
type bufferModule struct{ *run }

var bufferKey = newModKey(func(r *run) *bufferModule { return &bufferModule{run: r} })

// workersModule is node:worker_threads and what threads share: the Worker objects of
// this thread, its parentPort, BroadcastChannels and SharedArrayBuffers (worker.go,
// messaging.go, shared.go).
type workersModule struct {
	*run
	portFn      engine.Value
	portRef     bool
	portPending []string       // parent messages that came before parentPort listened
	broadcast   broadcastState // BroadcastChannels of the process (main thread only)
	shared      sharedState    // SharedArrayBuffers of the process (main thread only)
	workers     map[int]*workerHandle
}

var workersKey = newModKey(func(r *run) *workersModule { return &workersModule{run: r} })

// loaderModule is require() and import(): the modules the ES module loader was asked
// for, and the last module-not-found error thrown (modules.go).
type loaderModule struct {
	*run
	imported map[string]bool
	notFound engine.Value
}

var loaderKey = newModKey(func(r *run) *loaderModule { return &loaderModule{run: r} })

// procModule is node:child_process in one thread: the ChildProcess handles it holds by
// pid, and the pipe ends its JavaScript holds (childproc.go).
type procModule struct {
	*run
	handles   map[int]*childHandle
	writeEnds []*pipe
	readEnds  []*pipe
}

var procKey = newModKey(func(r *run) *procModule { return &procModule{run: r} })

// signalsModule is the signals a process listens for (process.on('SIGTERM')), kept by
// its main thread (signals.go).
type signalsModule struct {
	*run
	handlers [len(linuxSignals)]int
	killedBy int // the signal the process sent itself that ended it (0: none)
}

var signalsKey = newModKey(func(r *run) *signalsModule { return &signalsModule{run: r} })
