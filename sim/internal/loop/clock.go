package loop

// Plan is the set of race decisions one run follows. The zero plan is the default
// timing: synchronous code takes no measurable time, the loop's millisecond clock never
// ticks over on its own, and quick thread-pool jobs are done when the loop polls.
type Plan struct {
	// CrossAt is the 1-based index of the clock read before which the millisecond clock
	// ticks over (R-R1, R-R2, R-R3); 0 means never.
	CrossAt int
	// PoolLate lists the R-R4 race points (1-based) at which a quick thread-pool job is
	// NOT yet finished when the loop polls.
	PoolLate map[int]bool
	// LateWake lists the blocking polls (1-based, counting those that wake for the timer
	// handle) that return one millisecond late, as a coarse clock or a busy machine makes
	// them do; with a clock tick-over this gives the rarer R-R3 orders.
	LateWake map[int]bool
}

// Primary reports whether p is the default timing.
func (p Plan) Primary() bool { return p.CrossAt == 0 && len(p.PoolLate) == 0 && len(p.LateWake) == 0 }

// RaceKind is the kind of a place where real timing can go two ways.
type RaceKind string

// The kinds of race.
const (
	RaceClock RaceKind = "clock" // the millisecond clock could tick over before a read (R-R1..R-R3)
	RacePool  RaceKind = "pool"  // a quick pool job could be unfinished at a poll (R-R4)
	RaceLate  RaceKind = "late"  // a poll could wake 1 ms late for the timer handle (R-R3)
)

// Race is a place in a run where real timing can go two ways; Index says which, for a
// Plan (the clock read, the pool race point or the late wake, 1-based).
type Race struct {
	Kind  RaceKind
	Index int
	Read  ClockRead // RaceClock: who read the clock
	Label string    // RacePool: the job
	Line  int       // RacePool: the line that submitted it
	DueMS int64     // RaceLate: when the timer handle was due
}

// Reader is who reads the loop's clock.
type Reader uint8

// The readers of the clock a race names.
const (
	ReadOther         Reader = iota
	ReadTimerArm             // setTimeout or setInterval arms a timer (N: its line)
	ReadTimerRefresh         // timeout.refresh() (N: its line)
	ReadIntervalStart        // an interval starts its period before its callback (N: its line)
	ReadTimersPhase          // the timers phase (N: when the timer handle is due, in ms)
)

// ClockRead says who reads the clock, for the race it may be.
type ClockRead struct {
	Who Reader
	N   int
}

// clock is the loop's millisecond clock (uv_now) under the run's plan, and the races it
// met.
type clock struct {
	reads      int // clock reads so far
	poolPoints int // R-R4 race points so far
	lateWakes  int // blocking polls woken for the timer handle so far
	races      []Race
}

// Races are the places the run met where real timing could have gone the other way, in
// the order met (recorded under the default timing only).
func (l *Loop[D]) Races() []Race { return l.clock.races }

// ReadClock is uv_update_time then uv_now: the loop's millisecond clock. Under the plan
// the clock may tick over once during the run (R-R1..R-R3): real time reaches the next
// millisecond just before that read, so virtual time moves on to it there, and what runs
// after it runs later; a relevant read is recorded as a place where that could happen.
func (l *Loop[D]) ReadClock(relevant bool, who ClockRead) int64 {
	l.clock.reads++
	if relevant && l.cfg.Plan.Primary() {
		l.clock.races = append(l.clock.races, Race{Kind: RaceClock, Index: l.clock.reads, Read: who})
	}
	if l.clock.reads == l.cfg.Plan.CrossAt {
		l.advanceTo((l.now/1000 + 1) * 1000)
	}
	return l.NowMS()
}

// NowMS is uv_now without an update: the millisecond clock as last read.
func (l *Loop[D]) NowMS() int64 { return l.now / 1000 }
