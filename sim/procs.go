package sim

import (
	"slices"
	"strings"
)

// The simulated machine's processes besides the run's own (docs/node-semantics.md
// R-CP1..): a Node child is another simulated Node process with its threads in the run's
// world (nodechild.go); a command is a small Go program of the machine (commands.go,
// shell.go). They share the machine with the run's process: its file system, its cores
// and kernel, and the run's limits (the heap group, the operation budget, the output
// cap, virtual time). A process's standard streams are outlets and pipes (pipes.go).

// osProc is one process of the simulated machine other than the run's own.
type osProc struct {
	pid, ppid int
	file      string   // what was executed, as resolved (/bin/ls, node)
	argv      []string // its argv, argv[0] first
	env       []string // KEY=value, in the order given
	cwd       string

	stdin    *pipe     // what it reads on fd 0 (nil: /dev/null)
	out      [3]outlet // where its fds 1 and 2 go (index 1 and 2)
	ipc      *ipcChannel
	node     *run            // a Node child's main thread (nodechild.go)
	nodeArgs *nodeInvocation // a Node child's command line
	script   *entryScript    // a Node child's script
	prog     *cmdProc        // a command's state (commands.go)
	parent   *run            // the thread that started it (nil: a shell did)

	exited bool
	reaped bool   // its parent has heard of its end (a zombie until then)
	code   int    // its exit status (when signal is "")
	signal string // the signal that ended it, or ""
	onExit []func(at int64)
}

// processTable is the machine's processes, by pid: the run's own is fakePID, the ones it
// starts count up from it.
type processTable struct {
	nextPID int
	byPID   map[int]*osProc
	live    int // started and not exited
}

// maxLiveProcesses bounds the processes alive at once (the machine's ulimit -u): one more
// fails as fork does, with EAGAIN, which Node reports as an 'error' event. The heap limit
// and the operation budget bound a fork bomb first; this bounds one of commands.
const maxLiveProcesses = 512

// processBytes is what a live process holds of the run's heap limit besides its
// runtime's own heap (its loop, stacks, records), so that a fork bomb ends with
// memory_limit_exceeded.
const processBytes = 256 << 10

// procs is the machine's process table.
func (w *world) procTable() *processTable {
	if w.procs.byPID == nil {
		w.procs = processTable{nextPID: fakePID, byPID: map[int]*osProc{}}
	}
	return &w.procs
}

// newProcess registers a new process, child of the thread r's process. ok is false when
// the machine has no room for one more (EAGAIN); a process past the run's heap limit ends
// the run with memory_limit_exceeded at every thread's next check.
func (r *run) newProcess(file string, argv, env []string, cwd string) (*osProc, bool) {
	w := r.worldOf()
	t := w.procTable()
	if t.live >= maxLiveProcesses {
		return nil, false
	}
	if root := w.main; root.js != nil && !root.js.Hold(processBytes) {
		w.fail(r.memoryError())
		return nil, false
	}
	t.nextPID++
	p := &osProc{pid: t.nextPID, ppid: r.pid(), file: file, argv: argv, env: env, cwd: cwd}
	t.byPID[p.pid] = p
	t.live++
	return p, true
}

// pid is the process id of the process thread r belongs to.
func (r *run) pid() int {
	if p := r.process(); p != nil {
		return p.pid
	}
	return fakePID
}

// process is the child process thread r belongs to, nil for the run's own.
func (r *run) process() *osProc {
	for r.iso.worker != nil {
		r = r.iso.parent
	}
	return r.iso.proc
}

// outletOf is where thread r's process writes its fd (1 or 2): its outlet as a child,
// the run's own output (the console) for the run's process.
func (r *run) outletOf(fd int) outlet {
	if p := r.process(); p != nil {
		return p.out[fd]
	}
	return consoleOutlet{root: r.rootThread(), fd: fd}
}

// exit ends p with status code, or by signal sig when sig is not "": its outlets lose a
// writer, its stdin's read end closes, and whoever waits for it hears of it at time at.
func (p *osProc) exit(w *world, at int64, code int, sig string) {
	if p.exited {
		return
	}
	p.exited, p.code, p.signal = true, code, sig
	w.procTable().live--
	if root := w.main; root.js != nil {
		root.js.Unhold(processBytes)
	}
	for _, o := range p.out[1:] {
		if o != nil {
			o.release(at)
		}
	}
	if p.stdin != nil {
		p.stdin.closeRead()
	}
	if p.ipc != nil {
		p.ipc.hangUp(p, at)
	}
	for _, f := range p.onExit {
		f(at)
	}
	p.onExit = nil
}

// waitStatus is how a shell sees p's end: its status, or 128 + the signal's number.
func (p *osProc) waitStatus() int {
	if p.signal != "" {
		return 128 + signalNumber(p.signal)
	}
	return p.code
}

// envValue is the value of the variable name in env (KEY=value pairs), "" when unset.
func envValue(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}

// withEnv is env with name set to value.
func withEnv(env []string, name, value string) []string {
	out := slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, name+"=") })
	return append(out, name+"="+value)
}

// rootThread is the main thread of the run's own process: where the run's output is.
func (r *run) rootThread() *run {
	if w := r.iso.world; w != nil {
		return w.main
	}
	return r
}

// block keeps thread r from running its loop until done reports true (spawnSync waits
// so), letting the rest of the machine run meanwhile; whatever makes done true calls
// wake. It reports false when nothing can ever make done true.
func (r *run) block(done func() bool) bool {
	w := r.worldOf()
	for !done() {
		before := r.lp.Now()
		w.waitUntil(r, foreverUS, false)
		if r.lp.Now() >= foreverUS {
			r.lp.SetNow(before)
			return done()
		}
	}
	return true
}

// wake lets a thread blocked in block run again at time at.
func (r *run) wake(at int64) {
	if r.iso.blocked && at < r.iso.waitAt {
		r.iso.waitAt = max(at, r.lp.Now())
	}
}

// ipcChannel is the channel between a forked child and its parent: a pipe each way.
type ipcChannel struct {
	toChild, toParent *pipe
	serialization     string
}

// newIPC makes p's channel to its parent: the parent holds toChild's writing end, p
// toParent's.
func (w *world) newIPC(parent *run, p *osProc, serialization string) *ipcChannel {
	latency := parent.sc.Costs.PipeUS
	ch := &ipcChannel{toChild: w.newPipe(latency), toParent: w.newPipe(latency), serialization: serialization}
	if ch.serialization == "" {
		ch.serialization = "json"
	}
	p.ipc = ch
	return ch
}

// hangUp closes p's end of the channel as p ends: the parent reads the end of file.
func (ch *ipcChannel) hangUp(p *osProc, at int64) {
	ch.toParent.release(at)
	ch.toChild.closeRead()
}
