// Package sim is looplab's deterministic simulator of the Node.js v20 runtime: given a
// JavaScript program (CommonJS or ES module) and a Scenario, it returns every console
// output real Node can produce, the step-by-step trace of the first one, and a summary.
//
// # Model
//
// The program runs on an embedded engine (grafana/sobek), a fresh runtime per run; Go
// plays libuv 1.46's loop (uv_run) in virtual time. Each rule cites its id in
// docs/node-semantics.md:
//
//   - Callback boundary (R-CB1..8). Every macrotask callback is called through a JS
//     trampoline that calls it and then has Go drain the nextTick queue inside the same
//     outermost call, so no promise job runs in between; when the call returns the engine
//     drains promise jobs; Go repeats "ticks, then jobs" while ticks remain, then handles
//     unhandled rejections (R-U1). A callback that throws into an 'uncaughtException'
//     listener fails its scope: its leftover ticks and promise jobs wait for the next
//     scope close (the start of the next check phase or the end of the next callback),
//     except that a timer or immediate pass goes on with its next callback at once
//     (R-U2). Pending promise jobs are set aside for that by moving them out of the
//     engine's job queue (see microtasks.go).
//   - Main module (R-M1..6). CommonJS runs synchronously inside one scope; an ES module
//     body is evaluated as an outermost call from the first poll phase, so its promise
//     jobs run before its ticks and setImmediate beats setTimeout(0).
//   - Loop (R-L1..4). Timers once before the first iteration, then poll, check, close and
//     timers at the end of each iteration; poll blocks until the next I/O event or timer
//     unless immediates or closing handles are pending; an iteration takes at least 1 us.
//   - Timers (R-T1..6): one list per integer duration in a queue ordered by (expiry, id),
//     the clock read once per pass, intervals re-armed from their start with a new list id,
//     refresh, ref/unref. Immediates (R-I1..3): the queue is detached before a pass.
//   - Thread pool (R-P1..5): FIFO in front of UV_THREADPOOL_SIZE threads; fs.readFile is
//     four jobs; dns.lookup is "slow I/O" (at most half the threads); idle threads woken
//     together start 0.1 ms apart, so equal jobs do not finish in lockstep (case 704).
//   - Close events, EventEmitter, streams (R-E1..3), process lifetime (R-X1..3).
//
// # Virtual time and costs
//
// Time is in microseconds. Synchronous code takes no time except busy(ms) (exactly ms),
// busy-waiting on the clock (R-BW1, busywait.go: past 1,000 clock reads in one callback
// each read costs CPU, so `while (Date.now() < end) {}` ends at end) and the scenario's costs (Costs: pbkdf2 by iterations, scrypt, zlib by size, fs jobs,
// *Sync calls, DNS, loopback delivery). Unless Scenario.Cores is set every thread has a
// core of its own. Date, performance.now and process.hrtime follow virtual time;
// Math.random and crypto.randomBytes follow Scenario.Seed.
//
// # Servers, threads and cores
//
// A scenario can put the program's HTTP server under traffic (Clients: request lists,
// open- and closed-loop generators, timeouts) behind a kernel accept queue with SYN
// retransmissions; outbound HTTP goes to scenario upstreams after a dns.lookup on the
// pool; a mysql2-shaped client talks to a simulated database with a connection pool.
// Async context (the request a piece of work belongs to) follows timers, immediates,
// ticks, promise jobs, pool jobs and I/O, which gives every request a timeline of
// running JS, waiting for a thread, running on the pool and waiting on I/O
// (Summary.Server, metrics.go). Worker threads are isolates with their own runtime and
// loop, run as coroutines by a world scheduler that hands the baton in virtual-time order
// (worker.go); with Scenario.Cores the main thread, workers and pool threads share the
// cores by processor sharing (cpu.go).
//
// # Races and outcomes
//
// Where Node has a genuine race the simulator runs the program again under each
// alternative timing and folds the distinct outputs into Result.Outcomes, each with its
// condition in words:
//
//   - the loop's millisecond clock ticking over between two reads (R-R1 main-script
//     setTimeout(0) vs setImmediate, R-R2 the same inside the check phase, R-R3 expiry
//     ties between timers armed in the same tick), considered only where a timer list is
//     due one ms later with other work in between, or a new timer lands within one ms of
//     another list (or of a later run of an interval);
//   - the loop waking one millisecond late from a poll that waited for a timer, when
//     another list is due one ms later (the rarer R-R3 orders need both);
//   - a quick thread-pool job being done, or not yet (then done by the next poll), when
//     a poll that does not block comes (R-R4);
//   - two timers of the same delay armed on different milliseconds when real time has
//     likely passed between them (output written, or the program's first timer).
//
// The default timing (outcome 1) is the idealised one the seeds' widgets assume. The
// explored alternatives are single deviations plus clock-and-late-wake pairs, bounded by
// Scenario.MaxOutcomes runs.
//
// # Trace
//
// Result.Steps numbers every event: callbacks entering and leaving queues, phases, pool
// jobs, console output, exits. Each step carries the virtual time, the phase, the source
// line and column that caused it, one sentence of explanation in English and Vietnamese,
// the rule id, and a snapshot of every queue (nextTick, microtasks, timers with due times
// and list ids, poll, check, close, pool threads and their queue, kernel waits). The
// console so far is Result.Console[:ConsoleLines]. WriteTrace prints the readable form;
// testdata/golden holds reviewed golden traces.
//
// # What a run costs
//
// A fresh runtime per run means every object a run uses is built in that run: a
// function object costs the engine about a microsecond and eight allocations, a built-in
// (Promise, Date, Function.prototype.apply) several. So nothing is built before the
// program reaches it. Node's globals are found through the global object's prototype, a
// Go object that makes each on first read (host.go lazyGlobals); the prelude's parts are
// cases of one JS function, made by use(name) (js/prelude.js); console, process, node:fs's
// exports, Timeout, Immediate and fs.Stats objects are Go objects whose members are made
// when read (lazyobjects.go, fieldobject.go, fsapi.go); the functions programs call most
// (setTimeout, setImmediate, process.nextTick, console.log, require, fs.stat) are Go's
// (nodeapi.go); the nextTick drain is Go's; the engine's value stack is kept between
// outermost calls instead of regrown (enginestack.go); one watchdog goroutine watches all
// runs (watchdog.go). EngineFloor (floor.go) is the bound of this design: the seed
// snippet on a bare runtime whose globals only collect callbacks; cmd/simbench times it
// beside the simulator.
//
// # Safety
//
// Programs are untrusted. Every run is bounded in wall time (a watchdog interrupts the
// runtime), steps, nextTick callbacks per drain, virtual time, output, call depth, string
// and array sizes (guards on the methods that allocate) and heap growth; each limit ends
// the run with a typed Error (code and message). A program that asks for an API looplab
// does not simulate ends with unsupported_api naming it. Heap growth is process-wide and
// counted from the smallest heap seen during the run; one engine operation (a string
// concatenation) cannot be interrupted, so a doubling string stops one doubling past the
// budget (strings of 0.5-1 GiB, 0.1-1.4 s).
//
// # Deliberate simplifications
//
//   - Regular expressions and other built-ins cost no virtual time (a ReDoS pattern
//     hangs real Node; here a match is bounded in wall time and ends the run).
//   - Node's own start-up and module loading take no time; the ES-module entry is read in
//     the first poll phase.
//   - The microtask queue display is reconstructed from engine hooks and is exact for
//     promises settled when .then/await is called; ordering never depends on it.
//   - Derived keys of pbkdf2/scrypt with huge parameters are deterministic stand-ins.
//   - A global Node defines (setTimeout, process, Buffer, ...) becomes an own property of
//     the global object when first read: before that, Object.getOwnPropertyNames(globalThis)
//     does not list it and delete globalThis.x does not remove it.
//   - Timeout objects show only _idleTimeout and _repeat of Node's internal fields, and
//     convert to their id (+t, `${t}`) through valueOf and toString on their prototype
//     where Node has [Symbol.toPrimitive].
//     Timeout, Immediate and fs.Stats objects and node:fs's exports are Go dynamic
//     objects: freezing or sealing one, or defining an accessor on it, throws a TypeError.
//   - console's methods become its own properties when first read, so Object.keys(console)
//     lists only those read so far.
//   - Async generators and for await (...) are not supported by the engine (a syntax
//     error). Globals of Node v20 that are not simulated (AbortController, EventTarget,
//     Event, Blob, crypto, WeakRef, WebAssembly, ...) end the run with unsupported_api
//     when read, rather than a ReferenceError Node would not throw.
//   - Node reads the clock each time a timer is armed (getLibuvNow updates the loop
//     time), so two setTimeout(f, 0) of one synchronous section can land on different
//     milliseconds, and the timers phase then runs only the first. The simulator
//     explores that tick-over when real time has likely passed between the two (console
//     output between them: the first console.log costs 3-10 ms; or the first is the
//     program's first timer) (oracle cases x971-x973), not between two adjacent arms
//     later on, where it takes microseconds; and the first console.log costs no virtual
//     time, so a short timer armed before it is not due any earlier.
//   - A quick thread-pool job is explored done at the loop's first poll or one iteration
//     later (R-R4, oracle x974), not many iterations later. Close callbacks run last
//     closed first, as libuv's closing_handles list does (x975), but a net server's
//     'close' waits for the closing handle rather than being queued by socket.destroy(),
//     so a few server-close orderings differ from Node.
//   - After a slow interval callback real Node can sleep in poll on a stale loop time and
//     run the next tick later than start + interval; the simulator re-arms intervals from
//     their start as node-semantics.md R-T4 says.
package sim
