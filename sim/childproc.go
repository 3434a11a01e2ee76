package sim

import (
	"path"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:child_process in Go: the host operations js/child_process.js calls to start
// processes of the machine (procs.go), wait for them, signal them, and move bytes
// through their pipes (pipes.go).

// childHandle is a ChildProcess's process handle in the thread that spawned it: ref'd
// (it keeps the loop alive) until the child's exit is delivered, unless unref()'d.
type childHandle struct {
	p      *osProc
	ref    bool
	onexit engine.Value
}

// spawnSpec is what spawn and spawnSync ask for: the file and its argv, the environment,
// the working directory, each fd's kind ("pipe", "ignore", "inherit", "ipc"), and for
// spawnSync the input of each piped fd, its timeout, kill signal and buffer bound.
type spawnSpec struct {
	file          string
	argv, env     []string
	cwd           string
	stdio         []string
	ipc           int // the fd of the IPC channel, -1 for none
	serialization string
	input         [3][]byte
	timeoutMS     int64
	killSignal    int
	maxBuffer     float64
}

// Errno values (negative, as libuv returns them) that spawn reports.
const (
	errENOENT = -2
	errESRCH  = -3
	errEAGAIN = -11
	errEACCES = -13
	errENOBUF = -105
)

// readSpec reads the options object js/child_process.js gives cpSpawn and cpSpawnSync.
func (r *procModule) readSpec(v engine.Value) spawnSpec {
	js := r.js
	strs := func(name string) []string {
		var out []string
		for _, x := range r.list(js.Get(v, name)) {
			out = append(out, x.String())
		}
		return out
	}
	s := spawnSpec{file: js.Get(v, "file").String(), argv: strs("args"), env: strs("envPairs"), stdio: strs("stdio"), ipc: -1}
	if cwd := js.Get(v, "cwd"); cwd.IsString() {
		s.cwd = cwd.String()
	}
	if ipc := js.Get(v, "ipc"); ipc.IsNumber() {
		s.ipc = int(ipc.Int())
	}
	if ser := js.Get(v, "serialization"); ser.IsString() {
		s.serialization = ser.String()
	}
	for i, in := range r.list(js.Get(v, "input")) {
		if i < 3 && !in.IsNullish() {
			s.input[i] = append([]byte(nil), r.bytesArg(in)...)
		}
	}
	if t := js.Get(v, "timeout"); t.IsNumber() {
		s.timeoutMS = t.Int()
	}
	if k := js.Get(v, "killSignal"); k.IsNumber() {
		s.killSignal = int(k.Int())
	}
	if m := js.Get(v, "maxBuffer"); m.IsNumber() {
		s.maxBuffer = m.Float()
	}
	return s
}

// started is a process spawn started, with the ends of its pipes the spawner holds (by
// fd) and its IPC channel; errno is set instead when it could not start.
type started struct {
	p     *osProc
	pipes [3]*pipe
	ipc   *ipcChannel
	errno int
}

// startChild is uv_spawn: the fork costs the spawning thread Costs.SpawnUS of CPU, then
// the program starts (a command once exec has loaded it, node after its start-up). A
// program the machine lacks, or a working directory that is not there, is ENOENT; the
// pipes are made anyway and end at once (Node's sockets on them see the end of file).
func (r *procModule) startChild(s spawnSpec) started {
	r.chargeJS()
	r.cpu(r.sc.Costs.SpawnUS)
	w := r.worldOf()
	fs := fsKey.of(r.run)
	now := r.lp.Now()
	cwd := r.cwd()
	if s.cwd != "" {
		cwd = path.Join(cwd, s.cwd)
		if strings.HasPrefix(s.cwd, "/") {
			cwd = path.Clean(s.cwd)
		}
	}
	pathVar, ok := envValue(s.env, "PATH")
	if !ok {
		pathVar = "/bin:/usr/bin" // execvp's default
	}
	name := lookCommand(s.file, pathVar, cwd)
	errno := 0
	switch {
	case !fs.isDir(cwd):
		errno = errENOENT
	case name == "" && strings.Contains(s.file, "/") && fs.fileExistsAt(path.Join(cwd, s.file)):
		errno = errEACCES // a file of the program's, not executable
	case name == "":
		errno = errENOENT
	}
	var st started
	var p *osProc
	if errno == 0 {
		var ok bool
		if p, ok = r.newProcess(name, s.argv, s.env, cwd); !ok {
			errno = errEAGAIN
		}
	}
	st.errno = errno
	parent := r.process()
	for fd := 0; fd < 3 && fd < len(s.stdio); fd++ {
		switch s.stdio[fd] {
		case "pipe":
			pp := w.newPipe(r.sc.Costs.PipeUS)
			st.pipes[fd] = pp
			if p == nil {
				if fd > 0 {
					pp.release(now) // no child holds its end
				} else {
					pp.closeRead()
				}
				continue
			}
			if fd == 0 {
				p.stdin = pp
			} else {
				p.out[fd] = pp
			}
		case "inherit":
			if p == nil {
				continue
			}
			if fd == 0 {
				if parent != nil {
					p.stdin = parent.stdin
				}
				continue
			}
			p.out[fd] = r.outletOf(fd)
			p.out[fd].retain()
		default:
			if p != nil && fd > 0 {
				p.out[fd] = nullOutlet{}
			}
		}
	}
	if p == nil {
		return st
	}
	for fd := 1; fd < 3; fd++ {
		if p.out[fd] == nil {
			p.out[fd] = nullOutlet{}
		}
	}
	if s.ipc >= 0 {
		st.ipc = w.newIPC(r.run, p, s.serialization)
	}
	st.p = p
	p.parent = r.run
	w.startProgram(name, p, fs, now)
	return st
}

// cwd is the working directory of thread r's process.
func (r *run) cwd() string {
	if p := r.process(); p != nil {
		return p.cwd
	}
	return virtualDir
}

// startProgram starts the machine's program name as process p at time at.
func (w *world) startProgram(name string, p *osProc, fs *fsModule, at int64) {
	if name == "node" {
		w.execNode(p, fs.run, at)
		return
	}
	w.startCommand(name, p, fs, at)
}

// opSpawn(spec, onexit) -> {pid, pipes, ipc} or {err, pipes}: ChildProcess#spawn. The
// handle is ref'd until onexit(code, signal) runs in the poll phase.
func (r *procModule) opSpawn(c *engine.Call) engine.Value {
	spec := r.readSpec(c.Arg(0))
	st := r.startChild(spec)
	pipes := make([]any, len(spec.stdio))
	for i := range pipes {
		pipes[i] = 0
		if i < 3 && st.pipes[i] != nil {
			pipes[i] = st.pipes[i].id
			r.trackEnd(st.pipes[i], i == 0)
		}
	}
	if st.errno != 0 {
		return r.val(map[string]any{"err": st.errno, "pipes": pipes})
	}
	h := &childHandle{p: st.p, ref: true, onexit: r.js.Keep(c.Arg(1))}
	if r.handles == nil {
		r.handles = map[int]*childHandle{}
	}
	r.handles[st.p.pid] = h
	r.lp.Ref()
	st.p.onExit = append(st.p.onExit, func(at int64) { r.exitReached(h, at) })
	res := map[string]any{"pid": st.p.pid, "pipes": pipes}
	if st.ipc != nil {
		res["ipc"] = []any{st.ipc.toParent.id, st.ipc.toChild.id}
	}
	return r.val(res)
}

// trackEnd remembers a pipe end the thread's JavaScript holds: a writing end is released
// and a reading end closed when its process ends without closing them.
func (r *procModule) trackEnd(p *pipe, writing bool) {
	if writing {
		r.writeEnds = append(r.writeEnds, p)
	} else {
		r.readEnds = append(r.readEnds, p)
	}
}

// exitReached queues the child's exit for the spawning thread: SIGCHLD reaches its loop
// PipeUS after the child ended, after the end of file of the child's pipes.
func (r *procModule) exitReached(h *childHandle, at int64) {
	if r.iso.dead || r.exiting {
		return
	}
	p := h.p
	r.addIO(&ioEvent{ReadyAt: max(at+r.sc.Costs.PipeUS, r.lp.Now()), Label: "child process exit", Kernel: true, Data: ioData{deliver: func() {
		if h.ref {
			h.ref = false
			r.lp.Unref()
		}
		delete(r.handles, p.pid)
		p.reaped = true
		sig := r.js.String(p.signal)
		r.invokeCallback("child process exit", h.onexit, r.js.Undefined(), []engine.Value{r.js.Int(int64(p.code)), sig})
		r.js.Drop(h.onexit)
	}}})
}

// opKill(pid, signal) -> 0, or the errno of kill(2): ESRCH once its parent has reaped
// it (an ended child that its parent has not heard of yet is a zombie: the signal is
// sent, to no effect).
func (r *procModule) opKill(c *engine.Call) engine.Value {
	p := r.worldOf().procTable().byPID[int(argInt(c, 0))]
	if p == nil || p.reaped {
		return r.js.Int(errESRCH)
	}
	if p.exited {
		return r.js.Int(0)
	}
	r.chargeJS()
	return r.js.Int(int64(r.worldOf().signal(p, int(argInt(c, 1)), r.lp.Now())))
}

// signal sends signal n to process p at time at: a command without a handler ends (or
// ignores it); a Node child gets it as Node does (nodechild.go).
func (w *world) signal(p *osProc, n int, at int64) int {
	if n == 0 {
		return 0
	}
	if p.node != nil {
		return w.signalNode(p, n, at)
	}
	if signalIgnored(n) {
		return 0
	}
	if n == 19 || n == 20 || n == 21 || n == 22 { // SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU
		w.fail(unsupported("stopping a process ("+signalName(n)+")", "a simulated process runs or ends; it is never stopped"))
		return 0
	}
	p.exit(w, at, 0, signalName(n))
	return 0
}

// opRef(pid, ref) is ChildProcess#ref and #unref.
func (r *procModule) opRef(c *engine.Call) engine.Value {
	h := r.handles[int(argInt(c, 0))]
	ref := c.Arg(1).Truthy()
	if h != nil && h.ref != ref {
		h.ref = ref
		if ref {
			r.lp.Ref()
		} else {
			r.lp.Unref()
		}
	}
	return r.js.Undefined()
}

// ---- pipes ---------------------------------------------------------------------------

func (r *procModule) pipeArg(c *engine.Call) *pipe { return r.worldOf().pipes[int(argInt(c, 0))] }

// opPipeRead(id, onRead) reads a pipe in this thread: onRead(ArrayBuffer) for each read
// in the poll phase, onRead(null) at its end.
func (r *procModule) opPipeRead(c *engine.Call) engine.Value {
	if p := r.pipeArg(c); p != nil {
		p.attach(&jsPipeReader{r: r.run, onRead: r.js.Keep(c.Arg(1)), label: "pipe data"}, r.lp.Now())
	}
	return r.js.Undefined()
}

// opPipeWrite(id, bytes) -> true when the pipe's reader is gone (EPIPE).
func (r *procModule) opPipeWrite(c *engine.Call) engine.Value {
	p := r.pipeArg(c)
	if p == nil || p.closed {
		return r.js.Bool(true)
	}
	r.chargeJS()
	p.write(r.lp.Now(), append([]byte(nil), r.bytesArg(c.Arg(1))...))
	return r.js.Bool(false)
}

// opPipeEnd(id) closes this thread's writing end of a pipe.
func (r *procModule) opPipeEnd(c *engine.Call) engine.Value {
	if p := r.pipeArg(c); p != nil {
		p.release(r.lp.Now())
	}
	return r.js.Undefined()
}

// opPipeClose(id) closes this thread's reading end of a pipe.
func (r *procModule) opPipeClose(c *engine.Call) engine.Value {
	if p := r.pipeArg(c); p != nil {
		p.closeRead()
	}
	return r.js.Undefined()
}

// fail ends the whole run with err at every thread's next check.
func (w *world) fail(err *Error) {
	if w.failed == nil {
		w.failed = err
	}
}

func (fs *fsModule) fileExistsAt(p string) bool {
	_, ok := fs.fileBytes(p)
	return ok
}
