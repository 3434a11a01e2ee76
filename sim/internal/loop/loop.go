package loop

// Host is Node's side of the loop: the points where Node's C++ plugs into libuv. The loop
// calls them from its phases; each may end the run by panicking (the host's abort), as
// every callback into JavaScript may.
type Host[D any] interface {
	// RunTimers is Environment::RunTimers: the timer handle is due at the loop's
	// millisecond clock reading now. Node's side runs its due timers and sets the handle
	// again (StartTimer, StopTimer).
	RunTimers(now int64)
	// RunCheck is the check handle's callback (Environment::CheckImmediate), once per
	// iteration after poll.
	RunCheck()
	// IODone runs the callback of a request the poll phase delivers (ev.Dead is false).
	IODone(ev *Event[D])
	// Closed runs a handle's close callback in the close phase.
	Closed(c *Closing[D])
	// PollBlocks says that the poll phase is about to block (for the trace).
	PollBlocks()
	// TimersRead says that the timers phase read the clock where a race is decided (a
	// tick-over just before could make the timer handle due: R-R1, R-R2), what it read,
	// and whether the handle is due (for the trace).
	TimersRead(now int64, due bool)
	// Immediates is how many ref'd immediates wait: Node's immediate_info ref count,
	// which starts the idle handle, so that poll does not block and the loop is alive.
	Immediates() int
	// TicksPending reports whether JavaScript work a failed callback scope left behind
	// waits (it runs before a timer due one millisecond later, R-R2).
	TicksPending() bool
	// ListDueAt reports whether some timer list of Node's expires at the loop's
	// millisecond ms (a timer-handle wake-up 1 ms late then ties with it, R-R3).
	ListDueAt(ms int64) bool
	// Stopped reports whether the process is exiting: the loop returns (uv_stop).
	Stopped() bool
	// Iteration is called as each iteration reaches its poll phase
	// (uv__metrics_inc_loop_count).
	Iteration()
	// Polled is called after each poll phase, before the check phase.
	Polled()
	// WaitsForever is called when poll would block with nothing left that can happen.
	WaitsForever()
	// Overtime is called when virtual time passes the loop's limit (Config.MaxUS).
	Overtime()
}

// Threads is how a loop waits when several threads (the main one and workers, each
// with its own loop) share the machine in one virtual time: the host's scheduler runs
// the others meanwhile. A loop without Threads advances time by itself.
type Threads interface {
	// WaitUntil blocks this thread until virtual time t, or, when polling, until an I/O
	// event reaches its loop first.
	WaitUntil(t int64, polling bool)
	// OthersCanRun reports whether another thread is alive and may still send this one
	// something.
	OthersCanRun() bool
}

// Forever is the wake-up time of a thread that waits with no time of its own, until
// another thread sends it something.
const Forever = int64(1) << 61

// Config is what a loop is made with.
type Config struct {
	// Plan is the timing of the run's races.
	Plan Plan
	// TimersAtEnd: the timers run at the end of each iteration (libuv 1.45, Node 20.3,
	// R-V3); before, at its start.
	TimersAtEnd bool
	// MaxUS is the virtual time past which Host.Overtime is called.
	MaxUS int64
}

// Loop is one thread's event loop (uv_loop_t) in virtual time.
type Loop[D any] struct {
	host    Host[D]
	m       *Machine[D]
	threads Threads
	cfg     Config

	now    int64 // virtual time in microseconds
	nextID int   // the ids of the loop's requests and of the host's queued callbacks

	clock  clock
	timer  timerHandle
	io     ioQueue[D]
	batch  []*Event[D] // the ready events of the current poll not yet delivered
	close  []*Closing[D]
	refs   int         // ref'd active handles besides the timer handle (servers, sockets)
	idleUS int64       // time spent blocked in poll (for the loop's utilisation)
	burn   *coreAct[D] // this thread's CPU work in progress, while it waits for it
}

// New makes a loop on machine m (shared by the loops of one process) at virtual time now.
func New[D any](host Host[D], m *Machine[D], now int64, cfg Config) *Loop[D] {
	return &Loop[D]{host: host, m: m, now: now, cfg: cfg}
}

// SetThreads makes the loop wait through t from now on.
func (l *Loop[D]) SetThreads(t Threads) { l.threads = t }

// Machine is the machine the loop runs on.
func (l *Loop[D]) Machine() *Machine[D] { return l.m }

// Now is virtual time in microseconds.
func (l *Loop[D]) Now() int64 { return l.now }

// SetNow moves this thread's virtual time to t (the threads' scheduler, when it hands
// the thread the baton, or runs something at another time on its behalf).
func (l *Loop[D]) SetNow(t int64) { l.now = t }

// NextID returns a new id for something queued on this thread: the loop's requests and
// the host's callbacks share one sequence.
func (l *Loop[D]) NextID() int {
	l.nextID++
	return l.nextID
}

// IdleUS is the virtual time the loop spent blocked in poll.
func (l *Loop[D]) IdleUS() int64 { return l.idleUS }

// Ref and Unref count an active handle besides the timer handle (a server, a socket, a
// worker) that keeps the loop alive (uv_ref, uv_unref).
func (l *Loop[D]) Ref()   { l.refs++ }
func (l *Loop[D]) Unref() { l.refs-- }

// RefBy changes the count of ref'd handles by n, never below zero.
func (l *Loop[D]) RefBy(n int) { l.refs = max(l.refs+n, 0) }

// Run is uv_run(UV_RUN_DEFAULT) of libuv 1.46 (R-L1): one timers pass before the first
// iteration, then poll, check, close and timers at the end of every iteration. Before
// libuv 1.45 (Node 20.3, R-V3) the timers pass opened each iteration instead, after the
// loop was found alive.
func (l *Loop[D]) Run() {
	atEnd := l.cfg.TimersAtEnd
	alive := l.Alive()
	if alive && atEnd {
		l.runTimers()
	}
	for alive && !l.host.Stopped() {
		if !atEnd {
			l.runTimers()
		}
		start := l.now
		l.host.Iteration()
		l.poll()
		l.host.Polled()
		l.host.RunCheck()
		l.runClosing()
		if atEnd {
			l.runTimers()
		}
		alive = l.Alive()
		if l.now == start && alive {
			// An iteration always takes some time; without this a loop that only
			// re-queues setImmediate would never let a timer or a job come due (R-I3).
			l.advanceTo(l.now + 1)
		}
	}
}

// Alive is uv__loop_alive: a ref'd timer handle, ref'd immediates (the idle handle),
// requests, other handles or closing handles.
func (l *Loop[D]) Alive() bool {
	return l.timer.active && l.timer.ref || l.host.Immediates() > 0 || l.io.refs > 0 || l.refs > 0 || len(l.close) > 0
}

// AdvanceTo moves virtual time forward to t, letting pool threads and the kernel
// progress to it.
func (l *Loop[D]) AdvanceTo(t int64) { l.advanceTo(t) }

func (l *Loop[D]) advanceTo(t int64) {
	if t <= l.now {
		return
	}
	if l.threads != nil {
		l.threads.WaitUntil(t, false)
		return
	}
	l.m.runActionsUntil(l, t)
	l.m.finishJobs(l, t)
	l.now = t
	if l.now > l.cfg.MaxUS {
		l.host.Overtime()
	}
}

// Burn spends us microseconds of this thread's CPU (busy(ms), synchronous work): the
// time passes, and pool threads and the kernel progress meanwhile. When the machine's
// cores are limited, the work takes longer while pool threads share them (and slows
// them down in turn).
func (l *Loop[D]) Burn(us int64) {
	if l.m.k.cores != nil {
		l.burnShared(us)
	} else {
		l.advanceTo(l.now + us)
	}
}

// burnShared is Burn when cores are limited.
func (l *Loop[D]) burnShared(us int64) {
	m := l.m
	act := m.k.cores.add(l.now, float64(us), nil)
	m.applyCores()
	if l.threads != nil {
		l.burn = act
		l.threads.WaitUntil(act.end, false)
		l.burn = nil
		m.k.cores.remove(l.now, act)
		m.applyCores()
		return
	}
	for {
		next := act.end
		if t, ok := m.nextJobEnd(); ok && t < next {
			next = t
		}
		if t, ok := m.nextActionAt(); ok && t < next {
			next = t
		}
		l.advanceTo(next)
		if l.now >= act.end || l.host.Stopped() {
			break
		}
	}
	m.k.cores.remove(l.now, act)
	m.applyCores()
}

// WakeAt is when this thread, blocked until waitAt (in poll when polling), wants to run
// again: when its CPU work is done, or when an I/O event reaches its poll first.
func (l *Loop[D]) WakeAt(waitAt int64, polling bool) int64 {
	if l.burn != nil {
		return l.burn.end
	}
	t := waitAt
	if polling {
		if ev := l.io.first(); ev != nil && ev.ReadyAt < t {
			t = ev.ReadyAt
		}
	}
	return t
}

// Burning reports whether the thread waits for its CPU work (WakeAt is its end then).
func (l *Loop[D]) Burning() bool { return l.burn != nil }
