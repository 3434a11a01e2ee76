package sim

import (
	"path"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/loop"
)

// Node children (R-CP4): a process that runs node is another simulated Node process on
// the machine. Its main thread is an isolate of the run's world, like a worker thread,
// but a process of its own: its own runtime (a warm one, as a main thread's), its own
// process object (pid, argv, env, its stdio on pipes), its own module registry and loop,
// its own thread pool; the machine's cores, kernel and file system it shares. It starts
// its script after Node's start-up (Costs.NodeStartupUS of its CPU), and its end (its
// exit code, or the signal that killed it) reaches whoever waits for it.

// nodeInvocation is what node's command line asks for.
type nodeInvocation struct {
	execArgv []string // the options before the script (process.execArgv)
	eval     string   // -e or -p's code
	print    bool     // -p: print the code's value
	isEval   bool
	version  bool   // -v: print the version
	script   string // the script's path as given
	args     []string
	module   ModuleKind // --input-type=module for -e
}

// parseNodeArgv reads node's arguments (argv without argv[0]).
func parseNodeArgv(argv []string) nodeInvocation {
	inv := nodeInvocation{module: CommonJS}
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-e" || a == "--eval" || a == "-p" || a == "--print" || a == "-pe":
			inv.execArgv = append(inv.execArgv, a)
			inv.isEval, inv.print = true, a == "-p" || a == "--print" || a == "-pe"
			if i+1 < len(argv) {
				i++
				inv.eval = argv[i]
				inv.execArgv = append(inv.execArgv, argv[i])
			}
		case strings.HasPrefix(a, "--eval=") || strings.HasPrefix(a, "--print="):
			inv.execArgv = append(inv.execArgv, a)
			inv.isEval, inv.print = true, strings.HasPrefix(a, "--print=")
			_, inv.eval, _ = strings.Cut(a, "=")
		case a == "-v" || a == "--version":
			inv.version = true
			return inv
		case a == "--input-type=module":
			inv.execArgv = append(inv.execArgv, a)
			inv.module = ESModule
		case a == "--":
			if i+1 < len(argv) && !inv.isEval {
				inv.script, inv.args = argv[i+1], argv[i+2:]
			} else {
				inv.args = argv[i+1:]
			}
			return inv
		case strings.HasPrefix(a, "-") && a != "-":
			inv.execArgv = append(inv.execArgv, a)
			if (a == "-r" || a == "--require" || a == "--import" || a == "--title") && i+1 < len(argv) {
				i++
				inv.execArgv = append(inv.execArgv, argv[i])
			}
		default:
			if inv.isEval {
				inv.args = argv[i:]
			} else {
				inv.script, inv.args = a, argv[i+1:]
			}
			return inv
		}
	}
	return inv
}

// execNode starts process p as node (its exec of node), at time at: the child's main
// thread joins the world, blocked until its start-up has run.
func (w *world) execNode(p *osProc, spawner *run, at int64) {
	inv := parseNodeArgv(p.argv[1:])
	p.nodeArgs = &inv
	threads := 4
	if v, ok := envValue(p.env, "UV_THREADPOOL_SIZE"); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			threads = min(n, 1024)
		}
	}
	root := w.main
	child := &run{ex: root.ex, sc: root.sc, prof: root.prof, phase: PhaseMain}
	child.newLoop(root.lp.Machine().NewProcess(threads), at, loop.Plan{})
	child.lp.SetThreads(isoThreads{child})
	child.iso = isoState{world: w, num: len(w.isolates), baton: make(chan struct{}), parent: spawner, proc: p,
		blocked: true, waitAt: at}
	p.node = child
	w.isolates = append(w.isolates, child)
	go child.nodeChildMain()
}

// nodeChildMain is the goroutine of a Node child's main thread.
func (r *run) nodeChildMain() {
	<-r.iso.baton
	r.stretch = r.ex.cpu.begin()
	defer r.stretch.end()
	defer r.nodeChildDone()
	if r.iso.killed {
		return
	}
	func() {
		defer r.recoverSignal()
		r.rec.trace = false
		r.cpu(r.sc.Costs.NodeStartupUS) // Node's bootstrap
		if r.exiting || !r.startNodeScript() {
			return
		}
		r.setup()
		r.js.SetRandomSeed(uint64(r.sc.Seed + int64(r.iso.num)))
		r.startMain()
		r.spin()
	}()
}

// startNodeScript reads what the child runs: it prints the version and ends for -v, and
// ends with Node's error for a script that is not there. It reports whether a script is
// to run.
func (r *run) startNodeScript() bool {
	p := r.iso.proc
	inv := p.nodeArgs
	switch {
	case inv.version:
		r.writeOut(1, "v"+r.prof.Version)
		r.exitCode, r.exiting = 0, true
		return false
	case inv.isEval:
		src := inv.eval
		if inv.print {
			src = "console.log(eval(" + strconv.Quote(inv.eval) + "))"
		}
		p.script = &entryScript{name: "[eval]", source: src, module: inv.module, dir: p.cwd}
	case inv.script == "":
		r.w().fail(unsupported("node reading its script from standard input", "a Node child runs a script file or -e/-p code"))
		r.exitCode, r.exiting = 1, true
		return false
	default:
		file := inv.script
		if !strings.HasPrefix(file, "/") {
			file = path.Join(p.cwd, file)
		}
		src, ok := fsKey.of(r).fileBytes(file)
		if !ok {
			if src, ok = fsKey.of(r).fileBytes(file + ".js"); ok {
				file += ".js"
			}
		}
		if !ok {
			r.scriptNotFound(file)
			return false
		}
		module := CommonJS
		if strings.HasSuffix(file, ".mjs") || (!strings.HasSuffix(file, ".cjs") && looksLikeESM(r, file, string(src))) {
			module = ESModule
		}
		p.script = &entryScript{name: file, source: string(src), module: module, dir: path.Dir(file)}
	}
	e := p.script
	var err error
	if e.module == ESModule {
		e.code, err = r.ex.sim.compileModule(e.name, e.source, r.prof.Has(ChangeUsing))
	} else {
		e.code, err = r.ex.sim.compileScript(e.name, cjsWrapperHead+e.source+cjsWrapperTail, r.prof.Has(ChangeUsing))
	}
	if err != nil {
		r.writeErr(e.name + ":1\n" + firstLine(err.Error()) + "\n\nNode.js v" + r.prof.Version)
		r.exitCode, r.exiting = 1, true
		return false
	}
	return true
}

// looksLikeESM reports whether a .js file is an ES module by its syntax: Node (22.7 on)
// loads a file with import or export declarations as one when it does not compile as
// CommonJS.
func looksLikeESM(r *run, name, src string) bool {
	if !strings.Contains(src, "import") && !strings.Contains(src, "export") {
		return false
	}
	_, err := r.ex.sim.compileScript(name, cjsWrapperHead+src+cjsWrapperTail, r.prof.Has(ChangeUsing))
	return err != nil
}

// scriptNotFound ends the child as node does when its script is not there: its error on
// stderr, exit code 1.
func (r *run) scriptNotFound(file string) {
	r.writeErr("node:internal/modules/cjs/loader:1386\n  throw err;\n  ^\n\nError: Cannot find module '" + file +
		"'\n    at Function._resolveFilename (node:internal/modules/cjs/loader:1383:15)\n    at node:internal/main/run_main_module:36:49 {\n  code: 'MODULE_NOT_FOUND',\n  requireStack: []\n}\n\nNode.js v" + r.prof.Version)
	r.exitCode, r.exiting = 1, true
}

// w is the world of thread r.
func (r *run) w() *world { return r.iso.world }

// nodeChildDone ends the child process as its main thread ends: its workers stop, its
// pipe ends close, its runtime goes back to the warm pool, and whoever waits for it hears
// of its exit.
func (r *run) nodeChildDone() {
	if x := recover(); x != nil {
		r.stopErr = newError(CodeInternal, "child process defect: %v", x)
		r.exitCode = 1
	}
	w, p := r.iso.world, r.iso.proc
	if se, ok := r.stopErr.(*Error); ok && !r.iso.killed && w.failed == nil {
		w.failed = se // a budget, or a refusal: it ends the whole run
	}
	for _, iso := range w.isolates {
		if iso != r && !iso.iso.dead && iso.process() == p {
			iso.iso.killed, iso.exiting = true, true
			if iso.js != nil {
				iso.js.Stop()
			}
		}
	}
	if m := procKey.peek(r); m != nil {
		for _, e := range m.writeEnds {
			e.release(r.lp.Now())
		}
		for _, e := range m.readEnds {
			e.closeRead()
		}
	}
	if m := signalsKey.peek(r); m != nil && m.killedBy != 0 {
		p.exit(w, r.lp.Now(), 0, signalName(m.killedBy)) // it signalled itself (signalSelf)
	} else {
		p.exit(w, r.lp.Now(), r.exitCode, "")
	}
	r.release()
	r.iso.dead = true
	w.schedule(r)
}

// signalNode delivers signal n to the Node child p at time at: to its process's
// listeners when it has some (a poll-phase callback of its main thread, as Node's signal
// handles run), else as the signal's default action: SIGKILL, and any signal it does not
// listen for (but SIGCHLD, SIGURG, SIGWINCH and SIGCONT), ends it at once, 'exit'
// listeners unrun.
func (w *world) signalNode(p *osProc, n int, at int64) int {
	c := p.node
	name := signalName(n)
	if c == nil || c.iso.dead {
		return 0
	}
	if n != 9 && n != 19 && signalsKey.of(c).handlers[n] > 0 {
		c.deliverSignal(n, at)
		return 0
	}
	if signalIgnored(n) {
		return 0
	}
	if n == 19 || n == 20 || n == 21 || n == 22 {
		w.fail(unsupported("stopping a process ("+name+")", "a simulated process runs or ends; it is never stopped"))
		return 0
	}
	for _, iso := range w.isolates {
		if !iso.iso.dead && iso.process() == p {
			iso.iso.killed, iso.exiting = true, true
			if iso.js != nil {
				iso.js.Stop()
			}
		}
	}
	p.exit(w, at, 0, name)
	return 0
}

// childConfig is the configuration of a Node child's process object: its script's name,
// argv, env, pid, working directory, stdin and IPC channel.
func (r *run) childConfig(p *osProc) map[string]any {
	inv := p.nodeArgs
	name := "[eval]"
	argv := []any{"/usr/local/bin/node"}
	if e := p.script; e != nil && !inv.isEval {
		name = e.name
		argv = append(argv, e.name)
	}
	for _, a := range inv.args {
		argv = append(argv, a)
	}
	env := map[string]any{}
	for _, kv := range p.env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	execArgv := make([]any, len(inv.execArgv))
	for i, a := range inv.execArgv {
		execArgv[i] = a
	}
	cfg := map[string]any{"filename": virtualPath(name), "module": string(inv.module), "argv": argv, "env": env,
		"pid": p.pid, "ppid": p.ppid, "execArgv": execArgv, "dirname": p.cwd}
	if e := p.script; e != nil {
		cfg["module"] = string(e.module)
	}
	if p.stdin != nil {
		cfg["stdinPipe"] = p.stdin.id
	}
	if ch := p.ipc; ch != nil {
		cfg["ipc"] = []any{ch.toChild.id, ch.toParent.id}
		cfg["serialization"] = ch.serialization
	}
	return cfg
}
