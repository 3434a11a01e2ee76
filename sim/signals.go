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
