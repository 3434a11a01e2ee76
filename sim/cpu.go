package sim

import (
	"math"
	"sort"
)

// cpuModel shares a limited number of cores among the threads that want CPU: the main
// thread while it runs JS (busy, *Sync work) and every pool thread running a job. Each
// active thread gets an equal share of the capacity of the fastest min(n, cores) cores
// (processor sharing), so more threads than cores slows every one of them down. Without
// Scenario.Cores every thread has a core of its own and the model is not used.
type cpuModel struct {
	speeds []float64 // per core, fastest first
	acts   []*cpuAct
	last   int64 // when remaining work was last brought up to date
}

// cpuAct is one thread's CPU work in progress.
type cpuAct struct {
	remaining float64 // microseconds of work at speed 1
	rate      float64
	end       int64
	job       *poolJob // nil for the main thread
}

func newCPUModel(sc Scenario) *cpuModel {
	if sc.Cores <= 0 {
		return nil
	}
	speeds := make([]float64, sc.Cores)
	for i := range speeds {
		speeds[i] = 1
		if i < len(sc.CoreSpeeds) && sc.CoreSpeeds[i] > 0 {
			speeds[i] = sc.CoreSpeeds[i]
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(speeds)))
	return &cpuModel{speeds: speeds}
}

// share is the speed each of n active threads runs at.
func (m *cpuModel) share(n int) float64 {
	if n == 0 {
		return 1
	}
	var capacity float64
	for i := 0; i < min(n, len(m.speeds)); i++ {
		capacity += m.speeds[i]
	}
	return capacity / float64(n)
}

// settle brings every activity's remaining work up to time now.
func (m *cpuModel) settle(now int64) {
	for _, a := range m.acts {
		a.remaining = max(0, a.remaining-float64(now-m.last)*a.rate)
	}
	m.last = now
}

// rerate gives every activity its new share and end time.
func (m *cpuModel) rerate(now int64) {
	rate := m.share(len(m.acts))
	for _, a := range m.acts {
		a.rate = rate
		a.end = now + int64(math.Ceil(a.remaining/rate))
	}
}

func (m *cpuModel) add(now int64, work float64, job *poolJob) *cpuAct {
	m.settle(now)
	a := &cpuAct{remaining: work, job: job}
	m.acts = append(m.acts, a)
	m.rerate(now)
	return a
}

func (m *cpuModel) remove(now int64, a *cpuAct) {
	m.settle(now)
	for i, x := range m.acts {
		if x == a {
			m.acts = append(m.acts[:i], m.acts[i+1:]...)
			break
		}
	}
	m.rerate(now)
}

// applyCPU moves pool jobs' end times (and their completion events) after a change in
// the set of threads sharing the cores.
func (r *run) applyCPU() {
	for _, a := range r.cpuM.acts {
		if j := a.job; j != nil && j.endAt != a.end {
			j.endAt = a.end
			if j.ev != nil {
				j.owner.io.reschedule(j.ev, a.end)
			}
		}
	}
}

// cpuShared is cpu(us) when cores are limited: the main thread's work takes longer while
// pool threads share the cores, and pool jobs slow down while it runs.
func (r *run) cpuShared(us int64) {
	act := r.cpuM.add(r.now, float64(us), nil)
	r.applyCPU()
	if w := r.iso.world; w != nil {
		r.iso.cpuAct = act
		w.waitUntil(r, act.end, false)
		r.iso.cpuAct = nil
		r.cpuM.remove(r.now, act)
		r.applyCPU()
		return
	}
	for {
		next := act.end
		if t, ok := r.nextPoolEnd(); ok && t < next {
			next = t
		}
		if t, ok := r.nextActionAt(); ok && t < next {
			next = t
		}
		r.advanceTo(next)
		if r.now >= act.end || r.exiting {
			break
		}
	}
	r.cpuM.remove(r.now, act)
	r.applyCPU()
}

// nextPoolEnd is the earliest end of a running pool job.
func (r *run) nextPoolEnd() (int64, bool) {
	best, ok := int64(0), false
	for _, j := range r.pool.threads {
		if j != nil && (!ok || j.endAt < best) {
			best, ok = j.endAt, true
		}
	}
	return best, ok
}
