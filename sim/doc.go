// Package sim is looplab's deterministic simulator of the Node.js runtime (profiles 10,
// 20, 22, 24 and 26; default 24): given a JavaScript program (CommonJS or ES module) and a
// Scenario, it returns every console output real Node can produce, the step-by-step
// trace of the first one, and a summary.
//
// # Model
//
// The program runs on QuickJS through sim/internal/engine (docs/decisions/0001), in a
// main-thread runtime restored for each run to its set-up's checkpoint (warm.go, "What a
// run costs" below; workers get fresh runtimes); Go plays libuv's loop (uv_run) in
// virtual time. Each rule cites its id in docs/node-semantics.md:
//
//   - Callback boundary (R-CB1..8). Go calls each macrotask callback, then runs Node's
//     processTicksAndRejections: every tick, then every promise job (the engine runs
//     jobs only when asked), again while ticks remain, then unhandled rejections (R-U1).
//     A callback that throws into an 'uncaughtException' listener fails its scope: its
//     leftover ticks and promise jobs wait for the next scope close (the start of the
//     next check phase from Node 14.5 to 26.3, R-V12/R-V13, or the end of the next
//     callback), except that a timer or immediate pass goes on with its next callback
//     at once (R-U2), and the main module's, the timers' and the check phase's scopes
//     drain them once the pass is over (R-U3).
//   - Main module (R-M1..7). CommonJS runs synchronously inside one scope; an ES module
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
// The loop itself (uv_run, its clock and race plan, the timer handle, poll with the I/O
// queue and the kernel's actions, the check and close handles, the thread pool and the
// cores) is libuv's part, sim/internal/loop; this package is Node's side above it
// (loop.go plugs it in).
//
// # Virtual time and costs
//
// Time is in microseconds. JavaScript costs main-thread CPU by the work it does: the
// engine's bytecode operations, allocations and bytes, and regexp steps, each priced in
// Costs (cpucost.go, calibrated against Node 24); Node's own start-up and module loading
// cost nothing. busy(ms) costs exactly ms, busy-waiting on the clock costs per read
// (R-BW1, busywait.go: past 1,000 reads in one callback each read costs CPU, so
// `while (Date.now() < end) {}` ends at end), and the scenario's costs price the rest
// (pbkdf2 by iterations, scrypt, zlib by size, fs jobs, *Sync calls, DNS, loopback
// delivery). Unless Scenario.Cores is set every thread has a
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
// cores by processor sharing (sim/internal/loop/cores.go).
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
// # Modules
//
// registry.go declares every module a program can ask for, one entry each: its name, the
// JS file that makes its exports (js/*.js) or the part of the prelude that does, the Go
// host operations that JS calls (their code lives in the module's Go file: fs.go,
// crypto.go, http.go...), the Node majors that have it, and why it is refused if it is.
// The JavaScript reaches the host through one function, hostcall(H_name, ...), whose
// operation codes are the registry's in order. engine.Check verifies at start (New) that
// the engine is the build the simulator reads directly.
//
// # What a run costs
//
// A main thread's runtime is warm (warm.go): made once per profile with its set-up
// (V8's error texts, the modelled built-ins, util.inspect, the prelude, the built-in
// modules programs require most), checkpointed, and restored in place after each run,
// as Node starts from a snapshot of its own set-up: a run of an empty program costs
// about 40 us of CPU, against 370 us for a fresh runtime set up for it. What the set-up
// installs must not depend on the program; what a run sets, configureRun sets again
// (TestWarmRuntimeServesEachRunAfresh). Workers get fresh runtimes. Node's globals are
// built by prelude.js on first read; the other built-in modules are separate files,
// compiled once per process without source and read in place when a run first needs
// them. console.log of primitives is formatted in Go (sim/internal/inspect); the trace
// watches single operations only in the traced run.
//
// # Safety
//
// Programs are untrusted. Each runtime's heap has a hard limit (Limits.MaxHeapMB); the
// JavaScript's work counts against Limits.MaxOps, checked at the engine's interrupt
// points (every few thousand operations, in every runtime of the run), which also watch
// virtual time, the caller's context and the backstop (the run's own CPU time); steps, nextTick
// callbacks per drain, output and call depth are bounded too. Each limit ends the run
// with a typed Error (code and message), at the same point on any machine but for the
// backstop. A program that asks for an API looplab does not simulate ends with
// unsupported_api naming it. The operator's limits are a ceiling no scenario can raise.
//
// # Deliberate simplifications
//
//   - A ReDoS pattern hangs real Node; here its backtracking steps count against the
//     operation budget and end the run.
//   - Node's own start-up and module loading take no time; the ES-module entry is read in
//     the first poll phase.
//   - The trace sees a promise job at the operation that queued it for the first 300,000
//     operations of the traced run, later at the next interrupt point; ordering never
//     depends on it.
//   - Derived keys of pbkdf2/scrypt with huge parameters are deterministic stand-ins.
//   - A global Node defines (setTimeout, process, Buffer, ...) is an accessor on the
//     global object until first read, then a data property.
//   - Timeout objects carry _idleTimeout, _onTimeout, _timerArgs, _repeat and
//     _destroyed of Node's internal fields, not the list links and async ids.
//   - for await loops are lowered to plain loops (sim/internal/lower: the engine does not
//     await return() when a loop is left early); the engine's async generators stop
//     draining their request queue early (a next() after return() on a generator that
//     never started stayed pending), which the engine adapter completes after the job
//     that resumes the generator (sim/internal/engine/asyncgen.go). Globals of Node that are not simulated
//     end the run with unsupported_api when read, rather than a ReferenceError Node would
//     not throw.
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
