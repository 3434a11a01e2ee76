package sim

import (
	"math"

	"github.com/looplab/looplab/sim/internal/engine"
)

// Shared memory between threads. Each thread's runtime has a SharedArrayBuffer of its
// own for a buffer the program shared (workerData, postMessage); the world keeps the
// bytes. Only one thread runs at any moment (worker.go), so the running thread's copy is
// the memory: it is published when the thread hands the baton on and read back when the
// thread runs again. Every Atomics operation is then atomic, as in Node; Atomics.wait
// blocks the thread in virtual time until another thread's Atomics.notify or the timeout.

// sharedMemory is one SharedArrayBuffer seen by several threads.
type sharedMemory struct {
	id    int
	data  []byte
	views map[*run]engine.Value // each thread's buffer (kept)
}

// sharedState is the process's shared buffers and the threads waiting on them, kept by
// the main thread's run.
type sharedState struct {
	mems    []*sharedMemory
	waiters []*atomicsWaiter
}

// atomicsWaiter is a thread blocked in Atomics.wait.
type atomicsWaiter struct {
	iso      *run
	mem      int
	index    int64
	notified bool
}

func (r *workersModule) sharedMemory(id int) *sharedMemory {
	for _, m := range workersKey.of(r.processRoot()).shared.mems {
		if m.id == id {
			return m
		}
	}
	return nil
}

// opShareBuffer(sab) registers a SharedArrayBuffer of this thread for other threads and
// returns its id (prelude_serdes.js keeps one id per buffer).
func (r *workersModule) opShareBuffer(c *engine.Call) engine.Value {
	root := r.processRoot()
	view, _ := r.js.View(c.Arg(0))
	r.hold(int64(len(view)) + channelBytes) // the process keeps the bytes to the end
	data := append([]byte(nil), view...)
	m := &sharedMemory{id: r.nextSeq(), data: data, views: map[*run]engine.Value{r.run: r.js.Keep(c.Arg(0))}}
	workersKey.of(root).shared.mems = append(workersKey.of(root).shared.mems, m)
	return r.js.Int(int64(m.id))
}

// opAttachBuffer(id, sab) makes sab, a new SharedArrayBuffer of this thread, this
// thread's view of shared buffer id.
func (r *workersModule) opAttachBuffer(c *engine.Call) engine.Value {
	m := r.sharedMemory(int(argInt(c, 0)))
	if m == nil {
		return r.js.Bool(false)
	}
	if old, ok := m.views[r.run]; ok {
		r.js.Drop(old)
	}
	m.views[r.run] = r.js.Keep(c.Arg(1))
	r.js.SetBytes(c.Arg(1), m.data)
	return r.js.Bool(true)
}

// publishShared copies this thread's views into the shared bytes (it stops running).
func (r *workersModule) publishShared() {
	if r.js == nil {
		return
	}
	for _, m := range workersKey.of(r.processRoot()).shared.mems {
		if v, ok := m.views[r.run]; ok {
			if b, ok := r.js.View(v); ok {
				copy(m.data, b)
			}
		}
	}
}

// refreshShared copies the shared bytes into this thread's views (it runs again).
func (r *workersModule) refreshShared() {
	if r.js == nil {
		return
	}
	for _, m := range workersKey.of(r.processRoot()).shared.mems {
		if v, ok := m.views[r.run]; ok {
			r.js.SetBytes(v, m.data)
		}
	}
}

// opAtomicsWait(id, byteIndex, timeoutMS) blocks this thread until Atomics.notify wakes
// it ("ok") or timeoutMS passes ("timed-out"); the caller checked the value first.
func (r *workersModule) opAtomicsWait(c *engine.Call) engine.Value {
	root := r.processRoot()
	w := &atomicsWaiter{iso: r.run, mem: int(argInt(c, 0)), index: argInt(c, 1)}
	workersKey.of(root).shared.waiters = append(workersKey.of(root).shared.waiters, w)
	until := foreverUS
	limit := r.sc.Limits.MaxVirtualMS * 1000
	if t := c.Arg(2).Float(); !math.IsInf(t, 1) && !math.IsNaN(t) {
		until = min(r.lp.Now()+msToUS(max(t, 0)), limit+1) // past the limit the run ends there
	}
	r.chargeJS()
	if until == foreverUS && !r.worldOf().othersCanRun(r.run) {
		r.abort(deadlockError())
	}
	before := r.lp.Now()
	r.worldOf().waitUntil(r.run, until, false)
	if !w.notified && r.lp.Now() >= foreverUS {
		// Every other thread ended or waits too, and nothing else is due: nobody can
		// notify it. The clock goes back to where the wait began (no time passes in a
		// hang, and nothing is measured over the years the scheduler skipped to).
		r.lp.SetNow(before)
		r.abort(deadlockError())
	}
	if r.lp.Now() > limit {
		r.abort(newError(CodeVirtualTime, "virtual time passed the %d ms limit", r.sc.Limits.MaxVirtualMS))
	}
	for i, x := range workersKey.of(root).shared.waiters {
		if x == w {
			workersKey.of(root).shared.waiters = append(workersKey.of(root).shared.waiters[:i], workersKey.of(root).shared.waiters[i+1:]...)
			break
		}
	}
	if w.notified {
		return r.js.String("ok")
	}
	return r.js.String("timed-out")
}

// opAtomicsNotify(id, byteIndex, count) wakes up to count threads waiting on the
// location (all when count is negative) and returns how many it woke.
func (r *workersModule) opAtomicsNotify(c *engine.Call) engine.Value {
	root := r.processRoot()
	id, index, count := int(argInt(c, 0)), argInt(c, 1), argInt(c, 2)
	n := int64(0)
	for _, w := range workersKey.of(root).shared.waiters {
		if count >= 0 && n >= count {
			break
		}
		if w.mem == id && w.index == index && !w.notified {
			w.notified = true
			w.iso.iso.waitAt = r.lp.Now() + r.sc.Costs.MessageUS
			n++
		}
	}
	return r.js.Int(n)
}

// deadlockError ends a run whose thread waits in Atomics.wait without a timeout when no
// other thread can notify it any more: Node would hang there forever.
func deadlockError() *Error {
	return newError(CodeDeadlock, "Atomics.wait without a timeout, and no other thread can wake it: Node would wait forever")
}
