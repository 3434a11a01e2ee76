// Package loop is libuv's part of the simulated Node process, as in Node: the event loop
// of one thread (uv_loop_t) in virtual time, and the machine its loops share (the thread
// pool, the kernel's and the peers' actions, the cores).
//
// It knows nothing of JavaScript, of Node's modules or of the trace's words. Node's side
// (package sim) plugs into it where Node's C++ plugs into libuv, through Host: the one
// timer handle is due (Environment::RunTimers), the check handle runs
// (Environment::CheckImmediate), an I/O request is done (its uv_req_t callback), a handle
// is closed (its uv_close callback), and the loop says what it does for the trace
// (Step). Node's side calls down through libuv's verbs: StartTimer/StopTimer
// (uv_timer_start/stop), Submit (uv_queue_work), AddIO (a request handed to the kernel),
// At (what the kernel or a peer does at a time), Close (uv_close), Ref/Unref of handles,
// CPU (the main thread burning CPU) and ReadClock (uv_update_time + uv_now).
//
// Read it file by file against libuv's src/unix/core.c (uv_run, uv__loop_alive,
// uv__backend_timeout, uv__run_closing_handles), src/timer.c (uv__run_timers),
// src/threadpool.c (the FIFO work queue, slow I/O) and src/unix/linux.c (uv__io_poll).
// The rules each function implements are cited by their ids in docs/node-semantics.md.
//
// Time is virtual, in microseconds; the loop's millisecond clock (uv_now) is derived from
// it. Where real timing can go two ways, a Plan says which way this run takes and the
// loop records each place it could have gone the other (Race), so that the caller can run
// again under each alternative (R-R1..R-R4).
//
// The tests are scripts in testdata (the style of etcd raft's datadriven tests): each
// arms timers, queues immediates, submits pool jobs, advances and runs the loop, and
// expects the trace of what the loop did, phase by phase, without a JavaScript engine.
package loop
