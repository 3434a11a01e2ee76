package v8errors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/internal/engine"
)

// recorded is what real Node printed for a program (record.sh).
type recorded struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	Exit   int    `json:"exit"`
}

func loadRecorded(t *testing.T, major int, dir, name string) recorded {
	t.Helper()
	var rec recorded
	b, err := os.ReadFile(filepath.Join("testdata", "node"+strconv.Itoa(major), dir, strings.TrimSuffix(name, filepath.Ext(name))+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// cjsHead is the CommonJS wrapper the simulator puts on line 1.
const cjsHead = "(function (exports, require, module, __filename, __dirname) { "

// program is a tiny host for the recorded programs: console.log, the timer queues in
// Node's order (ticks, microtasks, timers by delay, immediates), with the entry set as
// the simulator sets it.
type program struct {
	t      *testing.T
	r      *engine.Runtime
	errs   *Errors
	out    strings.Builder
	ticks  []engine.Value
	timers []timer
	immeds []engine.Value
	wrote  bool // a console.log since the last drain queued Node's afterWrite tick
	// unhandled are the rejections no handler took by the end of a drain: Node's process
	// dies then (the default mode), so the loop stops.
	unhandled []engine.Value
	seq       int
}

type timer struct {
	fn       engine.Value
	ms, seq  int
	interval bool
}

func newProgram(t *testing.T) *program {
	r, err := engine.New(engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	errs, err := Install(r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := &program{t: t, r: r, errs: errs}
	r.SetRejectionTracker(func(promise, reason engine.Value, handled bool) {
		if !handled {
			p.unhandled = append(p.unhandled, r.Keep(reason))
		} else if len(p.unhandled) > 0 {
			p.unhandled = p.unhandled[:len(p.unhandled)-1]
		}
	})
	g := r.Global()
	console := r.Object()
	r.Define(console, "log", r.Function("log", 0, func(c *engine.Call) engine.Value {
		parts := make([]string, c.NArgs())
		for i, a := range c.Args() {
			parts[i] = a.String()
		}
		p.out.WriteString(strings.Join(parts, " ") + "\n")
		p.wrote = true
		return c.R.Undefined()
	}), engine.Hidden)
	r.Define(g, "console", console, engine.Hidden)
	addTimer := func(interval bool) engine.HostFunc {
		return func(c *engine.Call) engine.Value {
			p.seq++
			p.timers = append(p.timers, timer{fn: c.R.Keep(c.Arg(0)), ms: int(c.Arg(1).Int()), seq: p.seq, interval: interval})
			return c.R.Undefined()
		}
	}
	r.Define(g, "setTimeout", r.Function("setTimeout", 2, addTimer(false)), engine.Hidden)
	r.Define(g, "setInterval", r.Function("setInterval", 2, addTimer(true)), engine.Hidden)
	r.Define(g, "clearInterval", r.Function("clearInterval", 1, func(c *engine.Call) engine.Value { return c.R.Undefined() }), engine.Hidden)
	r.Define(g, "setImmediate", r.Function("setImmediate", 1, func(c *engine.Call) engine.Value {
		p.immeds = append(p.immeds, c.R.Keep(c.Arg(0)))
		return c.R.Undefined()
	}), engine.Hidden)
	process := r.Object()
	r.Define(process, "nextTick", r.Function("nextTick", 1, func(c *engine.Call) engine.Value {
		p.ticks = append(p.ticks, c.R.Keep(c.Arg(0)))
		return c.R.Undefined()
	}), engine.Hidden)
	r.Define(g, "process", process, engine.Hidden)
	// require('events'): an emitter whose emit calls listeners as Node's does, compiled
	// under Node's name for the module, so its frames are Node's internal ones.
	events, err := r.Eval(`(function () {
class EventEmitter { constructor() { this.l = {} }
  on(n, f) { (this.l[n] ??= []).push(f); return this }
  emit(n, ...args) { for (const f of this.l[n] || []) f.apply(this, args); return true } }
return EventEmitter })()`, "node:events")
	if err != nil {
		t.Fatal(err)
	}
	events = r.Keep(events)
	r.Define(g, "require", r.Function("require", 1, func(c *engine.Call) engine.Value { return events }), engine.Hidden)
	if _, err := r.Eval("globalThis.queueMicrotask = (f) => { Promise.resolve().then(() => f()) }", "node:internal/harness"); err != nil {
		t.Fatal(err)
	}
	return p
}

// run runs a CommonJS program as /app/main.cjs; an uncaught error is returned.
func (p *program) run(src string) error {
	r := p.r
	p.errs.AddSource("/app/main.cjs", "/app/main.cjs", src, len(cjsHead), false)
	p.errs.SetEntry(EntryMainCJS)
	fn, err := r.Eval(cjsHead+src+"\n})", "/app/main.cjs")
	if err != nil {
		return err
	}
	exports := r.Object()
	if _, err := r.Call(fn, exports, exports, r.Get(r.Global(), "require")); err != nil {
		return err
	}
	return p.loop()
}

// drain runs ticks and microtasks as processTicksAndRejections does.
func (p *program) drain() error {
	for {
		if len(p.ticks) > 0 {
			fn := p.ticks[0]
			p.ticks = p.ticks[1:]
			p.errs.SetEntry(EntryNextTick)
			if _, err := p.r.Call(fn, p.r.Undefined()); err != nil {
				return err
			}
			continue
		}
		if !p.r.JobsPending() {
			return nil
		}
		if p.wrote {
			p.errs.SetEntry(EntryMicrotaskInTicks)
		} else {
			p.errs.SetEntry(EntryNone)
		}
		if _, err := p.r.RunJob(); err != nil {
			return err
		}
	}
}

func (p *program) loop() error {
	for {
		if err := p.drain(); err != nil {
			return err
		}
		if len(p.unhandled) > 0 {
			return nil
		}
		p.wrote = false
		if len(p.timers) == 0 && len(p.immeds) == 0 {
			return nil
		}
		sort.SliceStable(p.timers, func(a, b int) bool {
			if p.timers[a].ms != p.timers[b].ms {
				return p.timers[a].ms < p.timers[b].ms
			}
			return p.timers[a].seq < p.timers[b].seq
		})
		// Virtual time: the main module takes a few milliseconds, so timers of up to 5 ms
		// are due at the first iteration (as they are in the recordings); then the clock
		// jumps to the next timer.
		now := 5
		if len(p.immeds) == 0 && len(p.timers) > 0 && p.timers[0].ms > now {
			now = p.timers[0].ms
		}
		var timers []timer
		for len(p.timers) > 0 && p.timers[0].ms <= now {
			timers = append(timers, p.timers[0])
			p.timers = p.timers[1:]
		}
		for _, tm := range timers {
			p.errs.SetEntry(EntryTimeout)
			if _, err := p.r.Call(tm.fn, p.r.Undefined()); err != nil {
				return err
			}
			if err := p.drain(); err != nil {
				return err
			}
		}
		immeds := p.immeds
		p.immeds = nil
		for _, fn := range immeds {
			p.errs.SetEntry(EntryImmediate)
			if _, err := p.r.Call(fn, p.r.Undefined()); err != nil {
				return err
			}
			if err := p.drain(); err != nil {
				return err
			}
		}
	}
}

// lineDiff lists the lines that differ (got, want), for readable failures.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl + "\n")
		}
	}
	return b.String()
}
