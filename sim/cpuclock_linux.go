package sim

import "golang.org/x/sys/unix"

// threadCPUNS is the calling OS thread's CPU time in nanoseconds (its own work, user
// and system, not the time it waited for a core).
func threadCPUNS() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}
