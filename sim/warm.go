package sim

import (
	"sync"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/inspect"
	"github.com/looplab/looplab/sim/internal/v8errors"
)

// A main thread's runtime is warm: set up once per profile (the engine's built-ins, V8's
// error texts, util.inspect, the prelude), checkpointed, and restored in place after
// each run (engine.Runtime.Checkpoint), as Node starts from a snapshot of its own
// set-up. A run then costs its program, not the set-up. What prepareRuntime installs
// must therefore not depend on the program, and what a run sets is set again for the
// next one (configureRun); the Go objects that live with the runtime say what they
// reset (v8errors.Errors.Reset).

// warmRuntime is a checkpointed runtime and the Go side of its set-up.
type warmRuntime struct {
	js   *engine.Runtime
	errs *v8errors.Errors
	ins  *inspect.Inspector
	api  jsAPI
}

// warmPool keeps idle warm runtimes by profile (warmKey).
type warmPool struct {
	mu   sync.Mutex
	idle map[string][]*warmRuntime
}

// maxIdleWarm bounds the idle runtimes kept per profile (about 0.5 MB each).
const maxIdleWarm = 8

func (p *warmPool) take(key string) *warmRuntime {
	p.mu.Lock()
	defer p.mu.Unlock()
	list := p.idle[key]
	if len(list) == 0 {
		return nil
	}
	w := list[len(list)-1]
	p.idle[key] = list[:len(list)-1]
	return w
}

func (p *warmPool) put(key string, w *warmRuntime) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle[key]) >= maxIdleWarm {
		return false
	}
	if p.idle == nil {
		p.idle = map[string][]*warmRuntime{}
	}
	p.idle[key] = append(p.idle[key], w)
	return true
}

// warmKey names what a runtime's set-up depends on: the release, and the API surface it
// has (its own, or an older one's in Compare's counterfactuals, which must not leave
// a runtime without the release's APIs for a later run of the release itself).
func (p Profile) warmKey() string { return p.Version + "/" + p.apiMajor() }

// takeWarm gives the run an idle warm runtime of its profile, or makes one.
func (r *run) takeWarm() {
	w := r.ex.sim.warm.take(r.prof.warmKey())
	if w == nil {
		w = r.newWarm()
	}
	r.warm = w
	r.js, r.errs, r.ins, r.api = w.js, w.errs, w.ins, w.api
	r.errs.Reset()
	r.configureRun()
}

// newWarm makes a runtime, prepares it and checkpoints it.
func (r *run) newWarm() *warmRuntime {
	js, err := engine.New(engine.Config{Host: r, OnInterrupt: r.onInterrupt})
	if err != nil {
		panic(&exitSignal{code: 1, err: newError(CodeMemoryLimit, "%v", err)})
	}
	r.js = js
	r.prepareRuntime(true)
	if err := js.Checkpoint(); err != nil {
		panic("sim: checkpoint: " + err.Error())
	}
	// From the checkpoint's own state, as every later run starts (counters included).
	if err := js.Restore(); err != nil {
		panic("sim: restore: " + err.Error())
	}
	return &warmRuntime{js: js, errs: r.errs, ins: r.ins, api: r.api}
}

// releaseWarm restores the run's warm runtime and gives it back to the pool; one that
// cannot be restored (a run stopped inside a call) is closed.
func (r *run) releaseWarm() {
	w := r.warm
	r.warm = nil
	if w.js.Restore() != nil || !r.ex.sim.warm.put(r.prof.warmKey(), w) {
		w.js.Close()
	}
}
