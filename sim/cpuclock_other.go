//go:build !linux

package sim

import "time"

// threadCPUNS stands for the thread's CPU time where the system has no per-thread CPU
// clock this package reads: the monotonic clock, so the backstop counts wall time there.
func threadCPUNS() int64 { return int64(time.Since(processStart)) }

var processStart = time.Now()
