package sim

import "github.com/looplab/looplab/sim/trace"

// Busy-waiting (looplab rule R-BW1). Synchronous JS costs no virtual time, so a loop
// that spins on the clock, such as
//
//	const end = Date.now() + 25; while (Date.now() < end) {}
//	while (performance.now() - t0 < 200) {}
//
// would never see the clock move. Real programs and the seed documents block the loop
// this way, so the simulator treats a callback that keeps reading the clock as burning
// CPU: the first busyWaitFreeReads reads in one callback cost nothing (ordinary code
// reads the clock a few times), and from then on every read costs main-thread CPU like
// busy(): 1 µs per read for the first 10 ms, 10 µs per read after that (the loop then
// ends at most 10 µs after its deadline, and a long spin stays cheap to simulate).
const (
	busyWaitFreeReads = 1000
	busyWaitFineReads = 10_000 // reads at busyWaitFineUS before the coarse step
	busyWaitFineUS    = 1
	busyWaitCoarseUS  = 10
)

// programReadsClock accounts for one read of the clock by the program (Date,
// performance.now, process.hrtime, …) in the callback that runs now.
func (r *run) programReadsClock() {
	r.scope.jsClockReads++
	n := r.scope.jsClockReads - busyWaitFreeReads
	switch {
	case n <= 0:
		return
	case n == 1:
		line, _ := r.callerPos()
		r.step(trace.BusyWait, "the program keeps reading the clock", line, about{arg: itoa(busyWaitFreeReads)})
	}
	r.countHostOps(busyWaitReadOps)
	if n <= busyWaitFineReads {
		r.cpu(busyWaitFineUS)
	} else {
		r.cpu(busyWaitCoarseUS)
	}
}
