package sim

import (
	"time"
)

// Scenario is the world a program runs in: the machine, the cost of operations, the
// outside events and the limits. The zero value is a valid scenario: every field has a
// documented default (see Defaults).
type Scenario struct {
	// ThreadPool is UV_THREADPOOL_SIZE (default 4, clamped to 1..1024 as libuv does).
	ThreadPool int `json:"threadpool,omitempty"`
	// Cores is the number of CPU cores. 0 means every thread has a core of its own; with a
	// number, the main thread, worker threads and pool threads share the cores equally
	// (processor sharing).
	Cores int `json:"cores,omitempty"`
	// CoreSpeeds are the relative speeds of the cores (default 1 each), e.g. 4 fast and 4
	// efficiency cores: [1,1,1,1,0.6,0.6,0.6,0.6].
	CoreSpeeds []float64 `json:"core_speeds,omitempty"`
	// Costs overrides the virtual cost of operations.
	Costs Costs `json:"costs,omitempty"`
	// Sockets are inbound sockets that receive data at given times (see SocketFeed).
	Sockets []SocketFeed `json:"sockets,omitempty"`
	// Files are the files the program can read besides its own source, by path.
	Files map[string]string `json:"files,omitempty"`
	// UnhandledRejections is Node's --unhandled-rejections mode: "throw" (default),
	// "warn", "strict" or "none".
	UnhandledRejections string `json:"unhandled_rejections,omitempty"`
	// Seed feeds Math.random and crypto.randomBytes (default 1).
	Seed int64 `json:"seed,omitempty"`
	// Argv are extra command-line arguments (process.argv[2:]).
	Argv []string `json:"argv,omitempty"`
	// Env is process.env.
	Env map[string]string `json:"env,omitempty"`
	// SummaryOnly skips per-step snapshots (for large scenarios).
	SummaryOnly bool `json:"summary_only,omitempty"`
	// MaxOutcomes bounds how many race timings are explored (default 64 runs).
	MaxOutcomes int `json:"max_outcomes,omitempty"`
	// Limits bounds the run; zero fields take the defaults.
	Limits Limits `json:"limits,omitempty"`
	// Node is the Node release simulated: a major ("24") or the exact version a profile
	// reports ("24.18.0"); default 24 (DefaultNode). See LookupProfile.
	Node string `json:"node,omitempty"`

	// Clients send HTTP requests to the program's server.
	Clients *Clients `json:"clients,omitempty"`
	// Upstreams answer the program's outbound HTTP requests (http.get/request, fetch).
	Upstreams []Upstream `json:"upstreams,omitempty"`
	// Database answers the simulated database client (require('mysql2') / 'mysql2/promise').
	Database *Database `json:"database,omitempty"`
	// DNS is the zone the simulated machine's DNS server (127.0.0.53, what
	// dns.getServers() reports) answers dns.resolve*() and dns.reverse() from, by name
	// (see DNSRecords). The upstreams' hosts are in it too, with the address their
	// outbound requests connect to; every other name is NXDOMAIN (ENOTFOUND).
	DNS map[string]DNSRecords `json:"dns,omitempty"`
	// Backlog caps every listening server's kernel accept queue (default 4096, Linux's
	// somaxconn; listen(port, host, backlog) asks for less).
	Backlog int `json:"backlog,omitempty"`
	// SYNRetryMS are the waits before each retransmission of a SYN the kernel dropped
	// because the accept queue was full (default Linux, tcp_syn_retries 6: 1000, 2000,
	// 4000, 8000, 16000, 32000). When the last one is dropped too, the client waits
	// twice the last wait more and fails with ETIMEDOUT (Linux: 127 s after the first SYN).
	SYNRetryMS []float64 `json:"syn_retry_ms,omitempty"`
}

// Clients is the traffic sent to the program's HTTP server. Latency of a request is the
// end of its answer minus its send time.
type Clients struct {
	// Port is the server port the clients target (default: the first one the program listens on).
	Port int `json:"port,omitempty"`
	// Requests are single requests at given times.
	Requests []ClientRequest `json:"requests,omitempty"`
	// OpenLoop generators send at a fixed rate whatever the answers (like wrk2 or k6's
	// constant-arrival-rate): they see the queueing a slow server causes.
	OpenLoop []OpenLoop `json:"open_loop,omitempty"`
	// ClosedLoop generators keep N connections, each sending its next request when the
	// previous answer arrives (like wrk or ab): a stalled server stops them sending.
	ClosedLoop []ClosedLoop `json:"closed_loop,omitempty"`
	// TimeoutMS makes a client give up on a request after this long (0: never). The
	// server goes on with its work; the request counts as timed out.
	TimeoutMS float64 `json:"timeout_ms,omitempty"`
	// ConnectIntervalUS is the client's own time to open one connection: the Requests of the
	// list are sent in time order, each at least ConnectIntervalUS after the one before, as a
	// load generator's loop sends N "simultaneous" requests (0: at the very same time).
	// Spread this way, a burst larger than the backlog loses only the SYNs that arrive
	// while the server is behind, not all but the first backlog.
	ConnectIntervalUS int64 `json:"connect_interval_us,omitempty"`
}

// ClientRequest is one request sent at AtMS. TimeoutMS, when positive, makes the client
// give up on this request after so long (as Clients.TimeoutMS does for all; the shorter wins).
type ClientRequest struct {
	AtMS      float64 `json:"at_ms"`
	Path      string  `json:"path,omitempty"`
	Method    string  `json:"method,omitempty"`
	Label     string  `json:"label,omitempty"`
	Body      string  `json:"body,omitempty"`
	TimeoutMS float64 `json:"timeout_ms,omitempty"`
}

// OpenLoop sends Rate requests per second from StartMS for DurationMS. With Jitter the
// gaps are exponential (a Poisson process) drawn from the scenario seed.
type OpenLoop struct {
	Rate       float64 `json:"rate"`
	DurationMS float64 `json:"duration_ms"`
	StartMS    float64 `json:"start_ms,omitempty"`
	Path       string  `json:"path,omitempty"`
	Method     string  `json:"method,omitempty"`
	Jitter     bool    `json:"jitter,omitempty"`
}

// ClosedLoop runs Connections clients from StartMS until DurationMS has passed (or each
// has sent Requests requests), waiting ThinkMS between an answer and the next request.
type ClosedLoop struct {
	Connections int     `json:"connections"`
	DurationMS  float64 `json:"duration_ms,omitempty"`
	Requests    int     `json:"requests,omitempty"`
	StartMS     float64 `json:"start_ms,omitempty"`
	ThinkMS     float64 `json:"think_ms,omitempty"`
	Path        string  `json:"path,omitempty"`
	Method      string  `json:"method,omitempty"`
}

// Upstream is a simulated remote HTTP server. Host "*" matches any host; Path is a prefix.
type Upstream struct {
	Host      string  `json:"host"`
	Path      string  `json:"path,omitempty"`
	LatencyMS float64 `json:"latency_ms"`
	Status    int     `json:"status,omitempty"`
	Body      string  `json:"body,omitempty"`
}

// Database is the simulated database server behind the mysql2-shaped client. Each pool
// the program makes has its own connections: connectionLimit of createPool, 1 for
// createConnection, else PoolSize (else 10, mysql2's default). A query holds one of its
// pool's connections for its latency; waiting on it holds no thread.
type Database struct {
	LatencyMS  float64     `json:"latency_ms,omitempty"`
	PoolSize   int         `json:"pool_size,omitempty"`
	Statements []Statement `json:"statements,omitempty"`
	// Distribution draws latencies from the seed instead of LatencyMS: "uniform"
	// (MinMS..MaxMS) or "exponential" (mean LatencyMS, at least MinMS).
	Distribution string  `json:"distribution,omitempty"`
	MinMS        float64 `json:"min_ms,omitempty"`
	MaxMS        float64 `json:"max_ms,omitempty"`
	// Rows is what a query returns unless a statement says otherwise (JSON; default
	// [{"id": 1}]).
	Rows string `json:"rows,omitempty"`
}

// Statement gives queries containing Match their own latency and rows.
type Statement struct {
	Match     string  `json:"match"`
	LatencyMS float64 `json:"latency_ms"`
	Rows      string  `json:"rows,omitempty"`
}

// SocketFeed is a socket whose peer sends data at given virtual times. A program sees it
// through net.connect(Port) (or createConnection): the connection is established at
// ConnectMS and each chunk arrives at its time.
type SocketFeed struct {
	Port      int          `json:"port"`
	ConnectMS float64      `json:"connect_ms,omitempty"`
	Data      []SocketData `json:"data"`
	// EndMS, when positive, is when the peer closes its side.
	EndMS float64 `json:"end_ms,omitempty"`
}

// SocketData is one chunk a peer sends.
type SocketData struct {
	AtMS float64 `json:"at_ms"`
	Data string  `json:"data"`
}

// Costs is the virtual duration of operations, in microseconds unless named otherwise.
type Costs struct {
	// FSJobUS is one thread-pool file-system request (open, stat, read, close…). Default 50.
	FSJobUS int64 `json:"fs_job_us,omitempty"`
	// PBKDF2PerIterationNS is the pbkdf2 cost per iteration (sha256) in nanoseconds.
	// Default 100: 1e6 iterations take 100 ms, as measured in the seed.
	PBKDF2PerIterationNS int64 `json:"pbkdf2_per_iteration_ns,omitempty"`
	// ScryptUS is one scrypt derivation with the default parameters. Default 50000.
	ScryptUS int64 `json:"scrypt_us,omitempty"`
	// RandomBytesUS is one randomBytes/randomFill job. Default 20.
	RandomBytesUS int64 `json:"random_bytes_us,omitempty"`
	// ZlibPerKBUS is zlib work per KiB of input. Default 20, with a minimum of 50 per job.
	ZlibPerKBUS int64 `json:"zlib_per_kb_us,omitempty"`
	// DNSLookupUS is one getaddrinfo on the pool. Default 1000.
	DNSLookupUS int64 `json:"dns_lookup_us,omitempty"`
	// DNSQueryUS is the round trip of one c-ares query (dns.resolve*, dns.reverse) to the
	// machine's DNS server: no pool thread waits for it, its answer is a network event.
	// Default 200 (Node 20-24 against a DNS server on loopback: medians 123-212 us,
	// docs/node-semantics.md R-P7).
	DNSQueryUS int64 `json:"dns_query_us,omitempty"`
	// SyncFSUS is a *Sync file-system call on the main thread. Default 20.
	SyncFSUS int64 `json:"sync_fs_us,omitempty"`
	// ConnectUS is a loopback TCP connection set-up. Default 100.
	ConnectUS int64 `json:"connect_us,omitempty"`
	// LoopbackUS is the delivery delay of data written to a loopback socket. Default 0:
	// the kernel copies it at once, so the reader's next poll phase has it (Node's
	// ordering depends on that: a FIN sent in the timers phase is read in the same
	// iteration's poll). A positive value models a slower link.
	LoopbackUS int64 `json:"loopback_us,omitempty"`
	// TLSContextUS is main-thread CPU of tls.createSecureContext (every tls.connect and
	// tls.createServer makes one), plus TLSContextItemUS per key, certificate and CA it
	// loads. Defaults 250 and 150 (Node 24 on the recording machine: 272 us empty, 384
	// with a CA, 637 with a P-256 key and certificate).
	TLSContextUS     int64 `json:"tls_context_us,omitempty"`
	TLSContextItemUS int64 `json:"tls_context_item_us,omitempty"`
	// TLSHandshakeUS is main-thread CPU of one side's part of a TLS handshake (key
	// agreement, the server's signature, the client's checks of the chain), charged
	// where that side handles the peer's flight. Default 900 (Node 24: a loopback TLS
	// 1.3 connection with a P-256 certificate cost 3.3 ms of CPU for both ends, a plain
	// TCP one 0.6 ms, the client's context 0.4 ms).
	TLSHandshakeUS int64 `json:"tls_handshake_us,omitempty"`
	// WorkerStartupUS is how long a new Worker takes before its script runs. Default 10000
	// (the seed's worker-pool lab prints 10 ms; Node 24 on this loaded two-core machine
	// took 20-90 ms to 'online').
	WorkerStartupUS int64 `json:"worker_startup_us,omitempty"`
	// MessageUS is the delivery delay of postMessage between threads. Default 50.
	MessageUS int64 `json:"message_us,omitempty"`
	// SpawnUS is the spawning thread's CPU for starting a child process (uv_spawn's fork
	// and exec, synchronous in Node). Default 1200 (Node 20 and 24 spent 1.18-1.19 ms of CPU
	// per spawn() on this machine, Node 10 1.33 ms; docs/performance.md).
	SpawnUS int64 `json:"spawn_us,omitempty"`
	// ExecUS is how long a command of the machine (echo, ls, sh...) takes from its exec to
	// its work, and a shell's fork and exec of each command it runs. Default 1000 (echo,
	// cat and sh -c 'echo' took 1.1-1.3 ms of CPU each, ls 1.8 ms).
	ExecUS int64 `json:"exec_us,omitempty"`
	// NodeStartupUS is a Node child's CPU from its exec to its script (Node's bootstrap).
	// Default per release, as `node -e 0` took on this machine: 38 ms (24), 42 ms (22),
	// 40 ms (26), 134 ms (20), 72 ms (10).
	NodeStartupUS int64 `json:"node_startup_us,omitempty"`
	// PipeUS is the delivery delay of a pipe between processes (stdio pipes, the IPC
	// channel of fork). Default 50 (a round trip through a child took 146-217 us at a
	// load of 22 on two cores, the two processes' JavaScript included).
	PipeUS int64 `json:"pipe_us,omitempty"`
	// HTTPParseUS is main-thread CPU per HTTP request for accepting and parsing it. Default
	// 0, as the seeds' widgets assume; set it to model a server's own overhead.
	HTTPParseUS int64 `json:"http_parse_us,omitempty"`
	// JSOpPS, JSAllocPS, JSBytePS and JSRegexpStepPS are the main-thread CPU of the
	// JavaScript's work, in picoseconds: per bytecode operation (a call or a backward
	// jump, as the engine counts them), per allocation (an arena page of the engine's
	// small-block allocator, or a large block), per byte of those and per backtracking
	// step of a regular expression. Plain JavaScript costs virtual time by
	// the work it does; the defaults are calibrated against Node 24 (cpucost.go).
	JSOpPS         int64 `json:"js_op_ps,omitempty"`
	JSAllocPS      int64 `json:"js_alloc_ps,omitempty"`
	JSBytePS       int64 `json:"js_byte_ps,omitempty"`
	JSRegexpStepPS int64 `json:"js_regexp_step_ps,omitempty"`
	// JSONStringifyCharPS and JSONParseCharPS are JSON.stringify's CPU per character it
	// returns and JSON.parse's per character it reads; SortComparePS and
	// SortDefaultComparePS are Array.prototype.sort's per n*log2(n) of its length, with a
	// comparator and without; RegexpExecPS and RegexpCharPS are a regular expression's
	// per match attempt and per character it scans (nativecost.go: the engine does these
	// in native code its counters miss; the defaults are calibrated against Node 24).
	JSONStringifyCharPS  int64 `json:"json_stringify_char_ps,omitempty"`
	JSONParseCharPS      int64 `json:"json_parse_char_ps,omitempty"`
	SortComparePS        int64 `json:"sort_compare_ps,omitempty"`
	SortDefaultComparePS int64 `json:"sort_default_compare_ps,omitempty"`
	RegexpExecPS         int64 `json:"regexp_exec_ps,omitempty"`
	RegexpCharPS         int64 `json:"regexp_char_ps,omitempty"`
}

// Limits bounds a run. Every limit ends the run with a typed error, never a hang. The
// operator's limits (WithLimits) are a ceiling: a scenario may lower a limit, never
// raise it (see Within).
type Limits struct {
	// CPUMS is the backstop of a whole simulation, all race timings and Compare's
	// releases included: the CPU time, in milliseconds, of the threads that run it (the
	// main thread's and every worker's, each a goroutine locked to its OS thread while it
	// runs; default 60,000). It counts the simulation's own work, not the time it waited
	// for a core, so a busy machine does not bring it closer; it is set several times
	// above what the deterministic budgets (MaxOps, MaxSteps, MaxVirtualMS) take, so that
	// they end a run first, at the same point on any machine, and it only catches a
	// defect (docs/limits.md has the figures).
	CPUMS int64 `json:"cpu_ms,omitempty"`
	// WallMS is the old name of CPUMS (the backstop was the wall clock), read as CPUMS
	// when that is zero.
	//
	// Deprecated: use CPUMS.
	WallMS int64 `json:"wall_ms,omitempty"`
	// MaxSteps bounds macrotask callbacks plus microtasks plus ticks (default 500,000).
	MaxSteps int64 `json:"max_steps,omitempty"`
	// MaxTicks bounds nextTick callbacks in one drain (default 100,000).
	MaxTicks int64 `json:"max_ticks,omitempty"`
	// MaxVirtualMS bounds virtual time (default 1 hour).
	MaxVirtualMS int64 `json:"max_virtual_ms,omitempty"`
	// MaxOutputBytes bounds console output (default 1 MiB).
	MaxOutputBytes int64 `json:"max_output_bytes,omitempty"`
	// MaxTraceSteps bounds the recorded trace (default 5,000; later steps are dropped).
	MaxTraceSteps int `json:"max_trace_steps,omitempty"`
	// MaxTraceBytes bounds the recorded trace by its size as JSON, about (default 8 MiB):
	// steps that each show many queued callbacks fill it before MaxTraceSteps.
	MaxTraceBytes int64 `json:"max_trace_bytes,omitempty"`
	// MaxCallDepth bounds JS recursion (default 10,800 frames of a small function, Node's
	// depth).
	MaxCallDepth int `json:"max_call_depth,omitempty"`
	// MaxHeapMB is the hard limit of the run's JavaScript heaps, the main thread's and its
	// workers' together (default 64 MiB): an allocation past it ends the run with
	// memory_limit_exceeded.
	MaxHeapMB int64 `json:"max_heap_mb,omitempty"`
	// MaxStringLen is accepted for compatibility and no longer used: the heap limit
	// bounds every string and array.
	MaxStringLen int64 `json:"max_string_len,omitempty"`
	// MaxOps bounds the work of the whole simulation's JavaScript, in operations (default
	// 200,000,000, 5-8 s of one core here for a loop): bytecode operations and
	// allocations one each, a regexp backtracking step 8, a call into the host 20, a
	// busy-waiting clock read 100, a callback the event loop runs 5,000 (what the
	// interpreter's time for them is worth). A run that does not yield ends with
	// operation_budget_exceeded at the same point on any machine.
	MaxOps int64 `json:"max_ops,omitempty"`
}

// DefaultLimits returns the built-in limits: the ceiling of a Simulator made without
// WithLimits, and what a zero field of an operator's limits stands for.
func DefaultLimits() Limits {
	return Limits{CPUMS: 60_000, MaxOps: 200_000_000, MaxSteps: 500_000, MaxTicks: 100_000, MaxVirtualMS: int64(time.Hour / time.Millisecond),
		MaxOutputBytes: 1 << 20, MaxTraceSteps: 5000, MaxTraceBytes: 8 << 20, MaxCallDepth: 10_800, MaxHeapMB: 64, MaxStringLen: 16 << 20}
}

// Within returns l bounded by ceiling, field by field: a field that is zero (or
// negative) or above the ceiling's takes the ceiling's value. So a caller's limits may
// lower the ceiling, never raise it. A zero field of ceiling stands for its default.
func (l Limits) Within(ceiling Limits) Limits {
	c := ceiling.orDefaults()
	l = l.current()
	return Limits{
		CPUMS: capped(l.CPUMS, c.CPUMS), MaxSteps: capped(l.MaxSteps, c.MaxSteps), MaxTicks: capped(l.MaxTicks, c.MaxTicks),
		MaxVirtualMS: capped(l.MaxVirtualMS, c.MaxVirtualMS), MaxOutputBytes: capped(l.MaxOutputBytes, c.MaxOutputBytes),
		MaxTraceSteps: capped(l.MaxTraceSteps, c.MaxTraceSteps), MaxCallDepth: capped(l.MaxCallDepth, c.MaxCallDepth),
		MaxHeapMB: capped(l.MaxHeapMB, c.MaxHeapMB), MaxStringLen: capped(l.MaxStringLen, c.MaxStringLen),
		MaxOps: capped(l.MaxOps, c.MaxOps), MaxTraceBytes: capped(l.MaxTraceBytes, c.MaxTraceBytes),
	}
}

// orDefaults returns l with every zero (or negative) field set to its default.
func (l Limits) orDefaults() Limits {
	d := DefaultLimits()
	l = l.current()
	return Limits{
		CPUMS: orDefault(l.CPUMS, d.CPUMS), MaxSteps: orDefault(l.MaxSteps, d.MaxSteps), MaxTicks: orDefault(l.MaxTicks, d.MaxTicks),
		MaxVirtualMS: orDefault(l.MaxVirtualMS, d.MaxVirtualMS), MaxOutputBytes: orDefault(l.MaxOutputBytes, d.MaxOutputBytes),
		MaxTraceSteps: orDefault(l.MaxTraceSteps, d.MaxTraceSteps), MaxCallDepth: orDefault(l.MaxCallDepth, d.MaxCallDepth),
		MaxHeapMB: orDefault(l.MaxHeapMB, d.MaxHeapMB), MaxStringLen: orDefault(l.MaxStringLen, d.MaxStringLen),
		MaxOps: orDefault(l.MaxOps, d.MaxOps), MaxTraceBytes: orDefault(l.MaxTraceBytes, d.MaxTraceBytes),
	}
}

// current returns l with the deprecated WallMS read as CPUMS.
func (l Limits) current() Limits {
	if l.CPUMS <= 0 {
		l.CPUMS = l.WallMS
	}
	l.WallMS = 0
	return l
}

// Validate reports the first negative field: an operator's limits must be positive
// (zero stands for the default).
func (l Limits) Validate() error {
	for _, f := range []struct {
		name string
		v    int64
	}{{"cpu_ms", l.CPUMS}, {"wall_ms", l.WallMS}, {"max_steps", l.MaxSteps}, {"max_ticks", l.MaxTicks}, {"max_virtual_ms", l.MaxVirtualMS},
		{"max_output_bytes", l.MaxOutputBytes}, {"max_trace_steps", int64(l.MaxTraceSteps)}, {"max_call_depth", int64(l.MaxCallDepth)},
		{"max_heap_mb", l.MaxHeapMB}, {"max_string_len", l.MaxStringLen}, {"max_ops", l.MaxOps}, {"max_trace_bytes", l.MaxTraceBytes}} {
		if f.v < 0 {
			return newError(CodeInvalidInput, "limits.%s: must be positive, got %d", f.name, f.v)
		}
	}
	return nil
}

func capped[T int | int64](v, ceiling T) T {
	if v <= 0 || v > ceiling {
		return ceiling
	}
	return v
}

func orDefault[T int | int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// withDefaults returns a copy of s with every zero field set to its default as release
// prof has it and its limits bounded by ceiling (the operator's).
func (s Scenario) withDefaults(ceiling Limits, prof Profile) Scenario {
	if s.ThreadPool <= 0 {
		s.ThreadPool = 4
	}
	if s.ThreadPool > 1024 {
		s.ThreadPool = 1024
	}
	if s.Seed == 0 {
		s.Seed = 1
	}
	if s.UnhandledRejections == "" {
		s.UnhandledRejections = "throw"
		if !prof.Has(ChangeRejectionsThrow) {
			s.UnhandledRejections = legacyRejections // R-V2: Node 10's default
		}
	}
	if s.MaxOutcomes <= 0 {
		s.MaxOutcomes = 64
	}
	c := &s.Costs
	setDefault(&c.FSJobUS, 50)
	setDefault(&c.PBKDF2PerIterationNS, 100)
	setDefault(&c.ScryptUS, 50_000)
	setDefault(&c.RandomBytesUS, 20)
	setDefault(&c.ZlibPerKBUS, 20)
	setDefault(&c.DNSLookupUS, 1000)
	setDefault(&c.DNSQueryUS, 200)
	setDefault(&c.SyncFSUS, 20)
	setDefault(&c.ConnectUS, 100)
	c.LoopbackUS = max(c.LoopbackUS, 0)
	setDefault(&c.TLSContextUS, 250)
	setDefault(&c.TLSContextItemUS, 150)
	setDefault(&c.TLSHandshakeUS, 900)
	setDefault(&c.WorkerStartupUS, 10_000)
	setDefault(&c.MessageUS, 50)
	setDefault(&c.SpawnUS, 1200)
	setDefault(&c.ExecUS, 1000)
	setDefault(&c.NodeStartupUS, prof.nodeStartupUS())
	setDefault(&c.PipeUS, 50)
	setDefault(&c.JSOpPS, defaultJSCost.JSOpPS)
	setDefault(&c.JSAllocPS, defaultJSCost.JSAllocPS)
	setDefault(&c.JSBytePS, defaultJSCost.JSBytePS)
	setDefault(&c.JSRegexpStepPS, defaultJSCost.JSRegexpStepPS)
	setDefault(&c.JSONStringifyCharPS, defaultJSCost.JSONStringifyCharPS)
	setDefault(&c.JSONParseCharPS, defaultJSCost.JSONParseCharPS)
	setDefault(&c.SortComparePS, defaultJSCost.SortComparePS)
	setDefault(&c.SortDefaultComparePS, defaultJSCost.SortDefaultComparePS)
	setDefault(&c.RegexpExecPS, defaultJSCost.RegexpExecPS)
	setDefault(&c.RegexpCharPS, defaultJSCost.RegexpCharPS)
	s.Limits = s.Limits.Within(ceiling)
	return s
}

func setDefault(p *int64, v int64) {
	if *p <= 0 {
		*p = v
	}
}

// Validate reports the first invalid field of a scenario.
func (s Scenario) Validate() error {
	switch s.UnhandledRejections {
	case "", "throw", "warn", "strict", "none", "warn-with-error-code":
	default:
		return newError(CodeInvalidInput, "scenario.unhandled_rejections: %q is not one of throw, warn, strict, none", s.UnhandledRejections)
	}
	if _, err := LookupProfile(s.Node); err != nil {
		return err
	}
	if s.ThreadPool < 0 {
		return newError(CodeInvalidInput, "scenario.threadpool: must be positive, got %d", s.ThreadPool)
	}
	if s.Cores < 0 {
		return newError(CodeInvalidInput, "scenario.cores: must be positive, got %d", s.Cores)
	}
	if err := validateZone(s.DNS); err != nil {
		return err
	}
	for i, f := range s.Sockets {
		if f.Port <= 0 || f.Port > 65535 {
			return newError(CodeInvalidInput, "scenario.sockets[%d].port: %d is not a port", i, f.Port)
		}
	}
	return s.Clients.validate()
}

// maxClientRequests bounds the traffic of one scenario.
const maxClientRequests = 1_000_000

func (c *Clients) validate() error {
	if c == nil {
		return nil
	}
	total := float64(len(c.Requests))
	for i, o := range c.OpenLoop {
		if o.Rate <= 0 || o.DurationMS <= 0 {
			return newError(CodeInvalidInput, "scenario.clients.open_loop[%d]: rate and duration_ms must be positive", i)
		}
		total += o.Rate * o.DurationMS / 1000
	}
	for i, cl := range c.ClosedLoop {
		if cl.Connections <= 0 || (cl.DurationMS <= 0 && cl.Requests <= 0) {
			return newError(CodeInvalidInput, "scenario.clients.closed_loop[%d]: connections and duration_ms or requests must be positive", i)
		}
		if cl.Requests > 0 {
			total += float64(cl.Connections * cl.Requests)
		}
	}
	if total > maxClientRequests {
		return newError(CodeInvalidInput, "scenario.clients: %.0f requests is more than the limit of %d", total, maxClientRequests)
	}
	return nil
}
