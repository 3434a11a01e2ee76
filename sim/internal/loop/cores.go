package loop

import "math"

// cores shares a limited number of cores among the threads that want CPU: a thread while
// it burns CPU (Loop.Burn) and every pool thread running a job. Each active thread gets
// an equal share of the capacity of the fastest min(n, cores) cores (processor sharing),
// so more threads than cores slows every one of them down. Without cores every thread
// has a core of its own and the model is not used.
type cores[D any] struct {
	speeds []float64 // per core, fastest first
	acts   []*coreAct[D]
	last   int64 // when remaining work was last brought up to date
}

// coreAct is one thread's CPU work in progress.
type coreAct[D any] struct {
	remaining float64 // microseconds of work at speed 1
	rate      float64
	end       int64
	job       *Job[D] // nil for a thread burning CPU
}

// share is the speed each of n active threads runs at.
func (c *cores[D]) share(n int) float64 {
	if n == 0 {
		return 1
	}
	var capacity float64
	for i := 0; i < min(n, len(c.speeds)); i++ {
		capacity += c.speeds[i]
	}
	return capacity / float64(n)
}

// settle brings every activity's remaining work up to time now.
func (c *cores[D]) settle(now int64) {
	for _, a := range c.acts {
		a.remaining = max(0, a.remaining-float64(now-c.last)*a.rate)
	}
	c.last = now
}

// rerate gives every activity its new share and end time.
func (c *cores[D]) rerate(now int64) {
	rate := c.share(len(c.acts))
	for _, a := range c.acts {
		a.rate = rate
		a.end = now + int64(math.Ceil(a.remaining/rate))
	}
}

func (c *cores[D]) add(now int64, work float64, job *Job[D]) *coreAct[D] {
	c.settle(now)
	a := &coreAct[D]{remaining: work, job: job}
	c.acts = append(c.acts, a)
	c.rerate(now)
	return a
}

func (c *cores[D]) remove(now int64, a *coreAct[D]) {
	c.settle(now)
	for i, x := range c.acts {
		if x == a {
			c.acts = append(c.acts[:i], c.acts[i+1:]...)
			break
		}
	}
	c.rerate(now)
}

// applyCores moves pool jobs' end times (and their completion events) after a change in
// the set of threads sharing the cores.
func (m *Machine[D]) applyCores() {
	for _, a := range m.k.cores.acts {
		if j := a.job; j != nil && j.EndAt != a.end {
			j.EndAt = a.end
			if j.Event != nil {
				j.owner.io.reschedule(j.Event, a.end)
			}
		}
	}
}
