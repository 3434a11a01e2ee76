package sim

import (
	"github.com/looplab/looplab/sim/internal/engine"
)

// spawnSync (and execSync, execFileSync on it): the spawning thread stops where it is,
// its loop runs nothing, until the child has ended and its pipes are read to their end
// (Node runs a loop of its own for the child meanwhile). The rest of the machine goes on:
// other processes, the thread pool, the kernel. Input is written to the child's stdin,
// which then ends; what the child writes to its piped stdout and stderr is collected.

// syncCollector is a piped stdout or stderr of a spawnSync child, read to its end.
type syncCollector struct {
	data  []byte
	ended bool
}

// opSpawnSync(spec) -> {pid, status, signal, output: [null, stdout, stderr], error}.
func (r *procModule) opSpawnSync(c *engine.Call) engine.Value {
	spec := r.readSpec(c.Arg(0))
	st := r.startChild(spec)
	if st.errno != 0 {
		pid := 0
		if r.prof.major() < 12 && st.errno == errENOENT {
			// libuv 1.34 (Node 10) forked before it found no program to exec: the child
			// that failed had a pid.
			t := r.worldOf().procTable()
			t.nextPID++
			pid = t.nextPID
		}
		return r.val(map[string]any{"pid": pid, "status": nil, "signal": nil, "error": st.errno})
	}
	w, p := r.worldOf(), st.p
	now := r.lp.Now()
	var outs [3]*syncCollector
	overflow := false
	for fd := 1; fd < 3; fd++ {
		pp := st.pipes[fd]
		if pp == nil {
			continue
		}
		col := &syncCollector{}
		outs[fd] = col
		at := now
		pp.attach(&funcReader{w: w, at: &at, fn: func(b []byte, eof bool) {
			col.data = append(col.data, b...)
			if spec.maxBuffer > 0 && float64(len(col.data)) > spec.maxBuffer && !overflow && !p.exited {
				overflow = true
				w.signal(p, r.killSignalOf(spec), at)
			}
			if eof {
				col.ended = true
				r.wake(at)
			}
		}}, now)
	}
	if in := st.pipes[0]; in != nil {
		in.write(now, spec.input[0])
		in.release(now)
	}
	timedOut := false
	if spec.timeoutMS > 0 {
		w.main.lp.Machine().At(now+spec.timeoutMS*1000, func() {
			if !p.exited {
				timedOut = true
				w.signal(p, r.killSignalOf(spec), now+spec.timeoutMS*1000)
			}
		})
	}
	p.onExit = append(p.onExit, r.wake)
	r.block(func() bool {
		if !p.exited {
			return false
		}
		for _, col := range outs {
			if col != nil && !col.ended {
				return false
			}
		}
		return true
	})
	if !p.exited {
		r.abort(newError(CodeVirtualTime, "the program waits forever: spawnSync waits for a child process that never ends"))
	}
	res := map[string]any{"pid": p.pid, "status": nil, "signal": nil}
	if p.signal != "" {
		res["signal"] = p.signal
	} else {
		res["status"] = p.code
	}
	output := []any{nil, nil, nil}
	for fd, col := range outs {
		if col != nil {
			data := col.data
			if overflow && spec.maxBuffer >= 0 && float64(len(data)) > spec.maxBuffer {
				data = data[:int(spec.maxBuffer)]
			}
			output[fd] = data
		}
	}
	res["output"] = output
	switch {
	case timedOut:
		res["error"] = errETIMEDOUT
	case overflow:
		res["error"] = errENOBUF
	}
	return r.val(res)
}

// errETIMEDOUT is spawnSync's error when its timeout killed the child.
const errETIMEDOUT = -110

// killSignalOf is the signal spawnSync kills with: the killSignal option, SIGTERM else.
func (r *procModule) killSignalOf(s spawnSpec) int {
	if s.killSignal > 0 {
		return s.killSignal
	}
	return 15
}
