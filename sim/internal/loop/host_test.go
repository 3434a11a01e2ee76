package loop

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// testHost is a miniature Node side for the scripts: Node's timer lists (one list per
// duration, ordered by expiry then list id, as lib/internal/timers.js), the immediate
// queue, and callbacks that run the commands the script gave them ("on NAME: CMD").
// What the loop makes it do is printed one line per event: the virtual time in
// milliseconds, then what happened.
type testHost struct {
	t       *testing.T
	l       *Loop[string]
	cfg     Config
	threads int
	cores   int
	out     []string
	on      map[string][]string // a callback's commands
	lists   []*testList
	nextLst int
	byName  map[string]*testTimer
	imms    []string // the immediate queue
	unrefd  map[string]bool
	exiting bool
	iters   int
}

type testTimer struct {
	name     string
	ms       int64
	start    int64
	interval bool
	ref      bool
	cleared  bool
	list     *testList
}

type testList struct {
	ms, expiry int64
	id         int
	timers     []*testTimer
}

func newTestHost() *testHost {
	return &testHost{threads: 4, cfg: Config{TimersAtEnd: true, MaxUS: 3600e6}, on: map[string][]string{}, byName: map[string]*testTimer{}, unrefd: map[string]bool{}}
}

func (h *testHost) loop() *Loop[string] {
	if h.l == nil {
		h.l = New[string](h, NewMachine[string](h.threads, h.cores, nil), 0, h.cfg)
	}
	return h.l
}

func (h *testHost) say(format string, args ...any) {
	h.out = append(h.out, fmt.Sprintf("%-8s ", fmtMS(h.l.Now())+"ms")+fmt.Sprintf(format, args...))
}

func fmtMS(us int64) string {
	s := fmt.Sprintf("%d.%03d", us/1000, us%1000)
	return strings.TrimSuffix(strings.TrimRight(strings.TrimRight(s, "0"), "."), ".")
}

// do runs one command of a script and returns what it printed.
func (h *testHost) do(t *testing.T, line string) string {
	t.Helper()
	h.t = t
	h.out = nil
	f := strings.Fields(line)
	switch f[0] {
	case "machine": // machine threads=N cores=N
		for _, a := range f[1:] {
			k, v, _ := strings.Cut(a, "=")
			switch k {
			case "threads":
				h.threads = int(atoi(t, v))
			case "cores":
				h.cores = int(atoi(t, v))
			}
		}
	case "plan": // plan cross=N pool-late=N late-wake=N timers-at-start
		for _, a := range f[1:] {
			k, v, _ := strings.Cut(a, "=")
			switch k {
			case "cross":
				h.cfg.Plan.CrossAt = int(atoi(t, v))
			case "pool-late":
				h.cfg.Plan.PoolLate = map[int]bool{int(atoi(t, v)): true}
			case "late-wake":
				h.cfg.Plan.LateWake = map[int]bool{int(atoi(t, v)): true}
			case "timers-at-start":
				h.cfg.TimersAtEnd = false
			}
		}
	case "reset": // a new process: a new machine and loop, no plan
		*h = *newTestHost()
	case "on": // on NAME: CMD...
		name := strings.TrimSuffix(f[1], ":")
		h.on[name] = append(h.on[name], strings.Join(f[2:], " "))
	case "run":
		h.loop().Run()
		h.say("loop ends (%d iterations)", h.iters)
	case "races":
		for _, r := range h.loop().Races() {
			what := ""
			switch r.Kind {
			case RaceClock:
				what = fmt.Sprintf("clock read %d by %s (%d)", r.Index, readers[r.Read.Who], r.Read.N)
			case RacePool:
				what = fmt.Sprintf("pool race point %d: %s", r.Index, r.Label)
			case RaceLate:
				what = fmt.Sprintf("blocking poll %d, for the timer handle due at %d ms", r.Index, r.DueMS)
			}
			h.out = append(h.out, "race: "+what)
		}
	default:
		h.loop()
		h.exec(line)
	}
	return strings.Join(h.out, "\n")
}

// exec runs a command that a script or a callback gives.
func (h *testHost) exec(line string) {
	t, l := h.t, h.l
	f := strings.Fields(line)
	switch f[0] {
	case "setTimeout", "setInterval": // setTimeout NAME MS [unref]
		ms := max(atoi(t, f[2]), 1) // R-T1: 0 is 1
		tm := &testTimer{name: f[1], ms: ms, interval: f[0] == "setInterval", ref: !slices.Contains(f, "unref")}
		h.byName[tm.name] = tm
		h.insert(tm, l.ReadClock(h.nearTie(ms), ClockRead{Who: ReadTimerArm, N: int(ms)}))
	case "clearTimeout":
		if tm := h.byName[f[1]]; tm != nil {
			tm.cleared = true
			if tm.list != nil {
				h.unlink(tm)
			}
		}
	case "setImmediate":
		h.imms = append(h.imms, f[1])
	case "submit": // submit NAME COST_MS [slow]
		l.Submit(f[1], 0, usOf(t, f[2]), slices.Contains(f, "slow"), f[1])
	case "kernel": // kernel NAME AT_MS [ref]: an event the kernel delivers at AT_MS
		l.AddIO(&Event[string]{ReadyAt: atoi(t, f[2]) * 1000, Label: f[1], Ref: slices.Contains(f, "ref"), Kernel: true, Data: f[1]})
	case "action": // action NAME AT_MS: the kernel readies NAME at AT_MS
		name := f[1]
		l.At(usOf(t, f[2]), func() {
			h.say("kernel readies %s", name)
			l.AddIO(&Event[string]{ReadyAt: l.Now(), Label: name, Kernel: true, Data: name})
		})
	case "close":
		l.Close(f[1], 0, f[1])
	case "ref":
		l.Ref()
	case "unref":
		l.Unref()
	case "burn": // burn MS: the thread's CPU
		l.Burn(usOf(t, f[1]))
	case "advance": // advance MS
		l.AdvanceTo(l.Now() + usOf(t, f[1]))
	case "exit":
		h.exiting = true
	default:
		t.Fatalf("unknown command %q", line)
	}
}

// call runs callback name: it prints, then runs its commands.
func (h *testHost) call(phase, name string) {
	h.say("%-6s %s", phase, name)
	for _, cmd := range h.on[name] {
		h.exec(cmd)
	}
}

var readers = map[Reader]string{ReadOther: "other", ReadTimerArm: "a timer armed", ReadTimerRefresh: "refresh",
	ReadIntervalStart: "an interval", ReadTimersPhase: "the timers phase"}

// ---- Node's timer lists (lib/internal/timers.js) ----

func (h *testHost) insert(tm *testTimer, start int64) {
	tm.start = start
	var lst *testList
	for _, x := range h.lists {
		if x.ms == tm.ms {
			lst = x
		}
	}
	if lst == nil {
		lst = &testList{ms: tm.ms, expiry: start + tm.ms, id: h.nextLst}
		h.nextLst++
		h.lists = append(h.lists, lst)
	}
	tm.list = lst
	lst.timers = append(lst.timers, tm)
	h.sync()
}

func (h *testHost) unlink(tm *testTimer) {
	lst := tm.list
	lst.timers = slices.DeleteFunc(lst.timers, func(x *testTimer) bool { return x == tm })
	tm.list = nil
	if len(lst.timers) == 0 {
		h.lists = slices.DeleteFunc(h.lists, func(x *testList) bool { return x == lst })
	}
	h.sync()
}

func (h *testHost) earliest() *testList {
	var best *testList
	for _, x := range h.lists {
		if best == nil || x.expiry < best.expiry || x.expiry == best.expiry && x.id < best.id {
			best = x
		}
	}
	return best
}

// sync sets the loop's timer handle to the earliest list (scheduleTimer, toggleTimerRef).
func (h *testHost) sync() {
	ref := false
	for _, x := range h.lists {
		for _, tm := range x.timers {
			ref = ref || tm.ref
		}
	}
	if e := h.earliest(); e != nil {
		h.l.StartTimer(e.expiry)
	} else {
		h.l.StopTimer()
	}
	h.l.RefTimer(ref)
}

// nearTie: a read of the clock for a timer of ms matters when another list is due within
// one millisecond of it (R-R3).
func (h *testHost) nearTie(ms int64) bool {
	due := h.l.NowMS() + ms
	for _, x := range h.lists {
		if x.ms != ms && x.expiry >= due-1 && x.expiry <= due+1 {
			return true
		}
	}
	return false
}

// ---- Host ----

func (h *testHost) RunTimers(now int64) {
	h.say("timers now=%d", now)
	for !h.exiting {
		lst := h.earliest()
		if lst == nil || lst.expiry > now {
			break
		}
		tm := lst.timers[0]
		if now-tm.start < lst.ms { // not due yet in a list that is (listOnTimeout)
			lst.expiry = max(tm.start+lst.ms, now+1)
			lst.id = h.nextLst
			h.nextLst++
			h.sync()
			continue
		}
		start := int64(0)
		if tm.interval {
			start = h.l.ReadClock(false, ClockRead{Who: ReadIntervalStart})
		}
		h.unlink(tm)
		h.call("timer", tm.name)
		if tm.interval && tm.list == nil && !tm.cleared {
			h.insert(tm, start)
		}
	}
}

func (h *testHost) RunCheck() {
	list := h.imms
	h.imms = nil
	for _, name := range list {
		if h.exiting {
			return
		}
		h.call("check", name)
	}
}

func (h *testHost) IODone(ev *Event[string]) {
	what := ev.Data
	if j := ev.Job; j != nil {
		what += fmt.Sprintf(" (thread %d, %s-%sms)", j.Thread, fmtMS(j.StartAt), fmtMS(j.EndAt))
	}
	h.say("%-6s %s", "poll", what)
	for _, cmd := range h.on[ev.Data] {
		h.exec(cmd)
	}
}

func (h *testHost) Closed(c *Closing[string]) { h.call("close", c.Data) }
func (h *testHost) PollBlocks()               { h.say("poll   blocks") }
func (h *testHost) TimersRead(now int64, due bool) {
	h.say("clock  read %d (due %v)", now, due)
}
func (h *testHost) Immediates() int    { return len(h.imms) }
func (h *testHost) TicksPending() bool { return false }
func (h *testHost) Stopped() bool      { return h.exiting }
func (h *testHost) Iteration()         { h.iters++ }
func (h *testHost) Polled()            {}
func (h *testHost) WaitsForever() {
	h.say("waits forever")
	h.exiting = true
}
func (h *testHost) Overtime() {
	h.say("overtime")
	h.exiting = true
}

func (h *testHost) ListDueAt(ms int64) bool {
	for _, x := range h.lists {
		if x.expiry == ms {
			return true
		}
	}
	return false
}
