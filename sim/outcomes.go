package sim

import (
	"context"
	"strings"

	"github.com/looplab/looplab/sim/internal/loop"
	"github.com/looplab/looplab/sim/trace"
)

// explorer runs a program under every race plan worth trying and folds the runs into
// distinct outcomes.
type explorer struct {
	sim     *Simulator
	prog    Program
	code    *compiledProgram
	sc      Scenario
	prof    Profile // the Node release simulated
	ctx     context.Context
	cpu     *cpuBudget  // the simulation's backstop (backstop.go)
	stretch *cpuStretch // the calling goroutine's stretch, which runs every main thread
}

// explore runs the program with the default timing, then under each alternative timing
// of its races, and keeps each distinct outcome with its trace. The first outcome's trace
// may fill the scenario's trace limits; the other outcomes' traces share as much again.
func (e *explorer) explore() *Result {
	e.stretch = e.cpu.begin()
	defer e.stretch.end()
	primary := e.runOnce(loop.Plan{}, true)
	res := &Result{Node: e.prof.Version, Module: e.prog.Module, Steps: primary.steps, Console: primary.console, Summary: primary.summary, Error: primary.err}
	res.Outcomes = []Outcome{primary.outcome()}
	seen := map[string]bool{primary.outcomeKey(): true}
	runs := 1
	others := e.fullTrace() // what the other outcomes' traces may hold together
	if primary.err == nil {
		for _, plan := range e.alternatives(primary) {
			e.stretch.count()
			if runs >= e.sc.MaxOutcomes || e.cpu.exceeded() || e.ctx.Err() != nil {
				break
			}
			alt := e.run(plan.plan, others)
			runs++
			if alt.err != nil {
				continue
			}
			key := alt.outcomeKey()
			if seen[key] {
				continue
			}
			seen[key] = true
			o := alt.outcome()
			o.Condition, o.ConditionVI, o.Choices, o.Timing = plan.condition, plan.conditionVI, []string{plan.choice}, TimingRace
			if len(alt.steps) > 0 {
				o.Steps, o.Console = alt.steps, alt.console
				others.steps -= len(alt.steps)
				others.bytes -= alt.traceBytes
			}
			res.Outcomes = append(res.Outcomes, o)
		}
	}
	res.Summary.Runs = runs
	res.Deterministic = len(res.Outcomes) == 1
	if res.Deterministic {
		res.Outcomes[0].Condition, res.Outcomes[0].ConditionVI, res.Outcomes[0].Timing = "always", "luôn luôn", TimingAlways
	} else {
		res.Outcomes[0].Condition = usualCondition
		res.Outcomes[0].ConditionVI = usualConditionVI
		res.Outcomes[0].Timing = TimingUsual
	}
	return res
}

// Timing is which timing of a program's races prints an outcome.
type Timing string

// The timings of Outcome.Timing.
const (
	TimingAlways Timing = "always" // the program has one outcome
	TimingUsual  Timing = "usual"  // the first outcome of a race: UsualTiming
	TimingRace   Timing = "race"   // another timing: the outcome's Condition says which
)

// UsualTiming is what the usual timing of a race is (the first outcome's condition
// after "usual timing: ").
var UsualTiming = trace.Text{
	EN: "synchronous code takes well under a millisecond and quick thread-pool jobs finish before the loop polls",
	VI: "code đồng bộ chạy chưa tới 1 ms và việc nhỏ trên thread pool xong trước khi event loop tới pha poll",
}

// altPlan is one alternative timing with the words that describe it.
type altPlan struct {
	plan        loop.Plan
	choice      string
	condition   string
	conditionVI string
}

// alternatives lists the timings to try besides the default: every single deviation in
// the order the races occur, then each clock tick-over combined with each late wake-up
// (the ms-boundary ties of R-R3 need both).
func (e *explorer) alternatives(primary *runResult) []altPlan {
	var singles, pairs []altPlan
	for _, p := range primary.races {
		singles = append(singles, e.single(p))
	}
	for _, c := range primary.races {
		if c.Kind != loop.RaceClock {
			continue
		}
		for _, l := range primary.races {
			if l.Kind != loop.RaceLate {
				continue
			}
			a, b := e.single(c), e.single(l)
			pairs = append(pairs, altPlan{
				plan:        loop.Plan{CrossAt: c.Index, LateWake: b.plan.LateWake},
				choice:      a.choice + "+" + b.choice,
				condition:   a.condition + ", and " + b.condition,
				conditionVI: a.conditionVI + ", và " + b.conditionVI,
			})
		}
	}
	return append(singles, pairs...)
}

func (e *explorer) single(p loop.Race) altPlan {
	what, whatVI := raceText(p)
	switch p.Kind {
	case loop.RaceClock:
		return altPlan{
			plan:        loop.Plan{CrossAt: p.Index},
			choice:      "clock-tick-before-read-" + itoa(p.Index),
			condition:   "the loop's millisecond clock ticks over just before " + what,
			conditionVI: "đồng hồ mili giây của event loop nhảy sang mốc mới ngay trước khi " + whatVI,
		}
	case loop.RaceLate:
		return altPlan{
			plan:        loop.Plan{LateWake: map[int]bool{p.Index: true}},
			choice:      "late-wake-" + itoa(p.Index),
			condition:   "the loop wakes up 1 ms late from the poll that waits for " + what,
			conditionVI: "event loop thức dậy trễ 1 ms ở pha poll đang chờ " + whatVI,
		}
	default:
		return altPlan{
			plan:        loop.Plan{PoolLate: map[int]bool{p.Index: true}},
			choice:      "pool-job-late-" + itoa(p.Index),
			condition:   "the thread pool has not finished " + what + " when the loop polls",
			conditionVI: "thread pool chưa làm xong " + whatVI + " khi event loop tới pha poll",
		}
	}
}

// traceBudget bounds the trace of a run, in steps and in bytes of JSON (about).
type traceBudget struct {
	steps int
	bytes int64
}

// fullTrace is the budget the scenario's limits give one trace.
func (e *explorer) fullTrace() traceBudget {
	return traceBudget{e.sc.Limits.MaxTraceSteps, e.sc.Limits.MaxTraceBytes}
}

// runOnce runs the program under plan, with a full trace or none.
func (e *explorer) runOnce(plan loop.Plan, trace bool) *runResult {
	var b traceBudget
	if trace {
		b = e.fullTrace()
	}
	return e.run(plan, b)
}

// run runs the program under plan, recording a trace within budget.
func (e *explorer) run(plan loop.Plan, budget traceBudget) *runResult {
	return newRun(e, plan, budget).execute()
}

// outcomeKey identifies an outcome by what an observer can see: stdout and exit code.
func (rr *runResult) outcomeKey() string {
	return strings.Join(rr.stdout, "\n") + "\x00" + itoa(rr.exitCode)
}

func (rr *runResult) outcome() Outcome {
	return Outcome{Stdout: nonNil(rr.stdout), Stderr: nonNil(rr.stderr), ExitCode: rr.exitCode, DoesNotFinish: doesNotFinish(rr.err)}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// The first outcome's condition when the program races.
var (
	usualCondition   = "usual timing: " + UsualTiming.EN
	usualConditionVI = "thời điểm thường gặp: " + UsualTiming.VI
)
