package sim

import "github.com/looplab/looplab/sim/internal/engine"

// Signals of the simulated machine (Linux x64, os.constants.signals): the one table of
// their names and numbers, and what a signal does to a process that has no handler.

// linuxSignals are Linux's signals by number (SIGIOT and SIGPOLL are other names of 6
// and 29).
var linuxSignals = [...]string{1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
	7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE",
	14: "SIGALRM", 15: "SIGTERM", 16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP", 20: "SIGTSTP",
	21: "SIGTTIN", 22: "SIGTTOU", 23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ", 26: "SIGVTALRM", 27: "SIGPROF",
	28: "SIGWINCH", 29: "SIGIO", 30: "SIGPWR", 31: "SIGSYS"}

// signalNumber is the number of the signal name (0 when it is none of Linux's).
func signalNumber(name string) int {
	switch name {
	case "SIGIOT":
		return 6
	case "SIGPOLL":
		return 29
	}
	for n, s := range linuxSignals {
		if s == name && name != "" {
			return n
		}
	}
	return 0
}

// signalName is the name of signal number n ("" when it is none of Linux's).
func signalName(n int) string {
	if n <= 0 || n >= len(linuxSignals) {
		return ""
	}
	return linuxSignals[n]
}

// signalIgnored reports whether a process without a handler ignores the signal (SIGCHLD,
// SIGURG and SIGWINCH; SIGCONT continues a stopped process, which none is here); any
// other signal's default action ends it.
func signalIgnored(n int) bool {
	switch signalName(n) {
	case "SIGCHLD", "SIGURG", "SIGWINCH", "SIGCONT":
		return true
	}
	return false
}

// opSignalWatch(name, listeners) tells Go how many listeners the process has for the
// signal name (Node's startListeningIfSignal and stopListeningIfSignal): a signal with
// listeners is theirs, one without has its default action.
func (r *signalsModule) opSignalWatch(c *engine.Call) engine.Value {
	if n := signalNumber(c.Arg(0).String()); n > 0 {
		r.handlers[n] = int(argInt(c, 1))
	}
	return r.js.Undefined()
}

// errEINVAL is kill(2)'s errno for a signal number that is none.
const errEINVAL = -22

// opKill(pid, signal) -> 0 or kill(2)'s errno: process.kill. The process's own pid
// signals itself (its listeners, or the signal's default action at once); a child's pid
// signals the child; a pid of no process of the machine, or of a child its parent has
// reaped, is ESRCH. A process group (pid 0 or negative) and the run's own process
// signalled by another are refused.
func (r *signalsModule) opKill(c *engine.Call) engine.Value {
	pid, n := int(argInt(c, 0)), int(argInt(c, 1))
	if n < 0 || n >= len(linuxSignals) {
		return r.js.Int(errEINVAL)
	}
	r.chargeJS()
	w := r.worldOf()
	switch {
	case pid == r.pid():
		return r.js.Int(int64(r.signalSelf(n)))
	case pid <= 0:
		r.abort(unsupported("process.kill of a process group (pid "+itoa(pid)+")", "the simulated machine signals one process at a time"))
	case pid == fakePID:
		r.abort(unsupported("a child process signalling the run's own process", "a child may signal itself and its own children"))
	}
	p := w.procTable().byPID[pid]
	if p == nil || p.reaped {
		return r.js.Int(errESRCH)
	}
	if p.exited {
		return r.js.Int(0)
	}
	return r.js.Int(int64(w.signal(p, n, r.lp.Now())))
}

// signalSelf is kill(2) of thread r's own process with signal n: a signal its main thread
// listens for comes to the listeners in that thread's poll phase; SIGKILL, and any signal
// without listeners that is not ignored, ends the process at once, its 'exit' listeners
// unrun (the run's own process exits with 128 + n, as a shell reports it).
func (r *signalsModule) signalSelf(n int) int {
	main := r.run
	for main.iso.worker != nil {
		main = main.iso.parent
	}
	if n == 0 {
		return 0
	}
	if n == 19 || n == 20 || n == 21 || n == 22 {
		r.abort(unsupported("stopping a process ("+signalName(n)+")", "a simulated process runs or ends; it is never stopped"))
	}
	if n != 9 && signalsKey.of(main).handlers[n] > 0 {
		main.deliverSignal(n, r.lp.Now())
		return 0
	}
	if signalIgnored(n) {
		return 0
	}
	if main != r.run {
		r.abort(unsupported("a worker thread ending its process by a signal", "the process's main thread may signal itself"))
	}
	signalsKey.of(main).killedBy = n
	r.reallyExit(128 + n)
	return 0
}

// deliverSignal queues signal n for the listeners of thread r's process (r is its main
// thread): a poll-phase callback, as Node's signal handles run.
func (r *run) deliverSignal(n int, at int64) {
	name := signalName(n)
	r.addIO(&ioEvent{ReadyAt: max(at, r.lp.Now()), Label: "signal " + name, Kernel: true, Data: ioData{deliver: func() {
		r.invokeCallback("signal "+name, r.api.emit, r.js.Undefined(), []engine.Value{r.js.String(name), r.js.String(name), r.js.Int(int64(n))})
	}}})
}
