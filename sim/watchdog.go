package sim

import (
	"runtime/metrics"
	"slices"
	"sync"
	"time"
)

// The watchdog interrupts a run whose context was cancelled (its caller went away), whose
// wall-clock budget ran out or during which the Go heap grew past the memory budget (a
// runaway string or array). One goroutine looks at
// every active run each tick; a run only registers and unregisters instead of starting a
// goroutine and a ticker of its own. The goroutine ends at the first tick with no run to
// watch. The heap is process-wide, so the memory check
// is coarse: it protects the process, not a precise per-run quota.

// watchdogTick is how often the watchdog looks at the runs.
const watchdogTick = 10 * time.Millisecond

var watchdog struct {
	mu       sync.Mutex
	watched  []*watched
	running  bool
	lastHeap uint64 // the heap at the last tick, while running
}

// watched is one run under watch.
type watched struct {
	r      *run
	growth heapGrowth
	fired  bool
}

// startWatchdog puts r under watch until the returned function is called. The growth
// of the heap counts from the last tick's reading (at most a tick old), or from now when
// the watchdog was idle.
func (r *run) startWatchdog() func() {
	w := &watched{r: r, growth: heapGrowth{limit: uint64(r.sc.Limits.MaxHeapMB) << 20}}
	watchdog.mu.Lock()
	if !watchdog.running {
		watchdog.running = true
		watchdog.lastHeap = heapBytes()
		go watchRuns()
	}
	w.growth.low = watchdog.lastHeap
	watchdog.watched = append(watchdog.watched, w)
	watchdog.mu.Unlock()
	return func() {
		watchdog.mu.Lock()
		if i := slices.Index(watchdog.watched, w); i >= 0 {
			watchdog.watched = slices.Delete(watchdog.watched, i, i+1)
		}
		watchdog.mu.Unlock()
	}
}

// watchRuns checks the watched runs every tick; it returns when there are none.
func watchRuns() {
	tick := time.NewTicker(watchdogTick)
	defer tick.Stop()
	for now := range tick.C {
		if !checkRuns(now) {
			return
		}
	}
}

// checkRuns interrupts each watched run over a budget at now and reports whether any run
// is still watched (if none, the watchdog stops: the next run starts it again).
func checkRuns(now time.Time) bool {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if len(watchdog.watched) == 0 {
		watchdog.running = false
		return false
	}
	heap := heapBytes()
	watchdog.lastHeap = heap
	for _, w := range watchdog.watched {
		if w.fired {
			continue
		}
		r := w.r
		switch {
		case r.ex.ctx.Err() != nil:
			w.fired = true
			r.interruptFromWatchdog(newError(CodeCancelled, "the run was cancelled: its caller went away"))
		case now.After(r.deadline):
			w.fired = true
			r.interruptFromWatchdog(newError(CodeTimeBudget, "the program ran longer than the %d ms wall-clock budget", r.sc.Limits.WallMS))
		case w.growth.exceeded(heap):
			w.fired = true
			r.interruptFromWatchdog(newError(CodeMemoryBudget, "the program allocated more than %d MiB", r.sc.Limits.MaxHeapMB))
		}
	}
	return true
}

// heapGrowth tells when the heap has grown by more than limit bytes since its smallest
// size seen, not since the run started: the heap at the start may hold an earlier run's
// garbage, and once the collector freed it the run could otherwise allocate that much
// more (a doubling string reached 3 GiB and 16 s that way).
type heapGrowth struct{ low, limit uint64 }

// exceeded records heap, the heap's size now, and reports whether the growth is over.
func (g *heapGrowth) exceeded(heap uint64) bool {
	g.low = min(g.low, heap)
	return heap-g.low > g.limit
}

// interruptFromWatchdog stops the JS runtime from another goroutine; the run turns the
// interrupt into the end of the process when the runtime returns.
func (r *run) interruptFromWatchdog(err *Error) {
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	if r.rt != nil {
		r.rt.Interrupt(&exitSignal{code: 1, err: err})
	}
	if w := r.iso.world; w != nil {
		for _, iso := range w.isolates[1:] {
			if iso.rt != nil {
				iso.rt.Interrupt(&exitSignal{code: 1, err: err})
			}
		}
	}
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
var heapMu sync.Mutex

// heapBytes reads the live heap size without stopping the world.
func heapBytes() uint64 {
	heapMu.Lock()
	defer heapMu.Unlock()
	metrics.Read(heapSample)
	return heapSample[0].Value.Uint64()
}
