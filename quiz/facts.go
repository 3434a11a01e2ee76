package quiz

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// Facts are predicates over one simulation, written in the expr language
// (github.com/expr-lang/expr): a choice option's "fact" and an exercise's checks. An
// expression sees the names below; times are in milliseconds of virtual time, and a
// "line" argument matches every printed line that starts with it.
//
//	stdout                 []string  lines printed to standard output (first outcome)
//	stderr                 []string  lines printed to standard error
//	outcomes               [][]string stdout of every outcome the runtime can produce
//	deterministic          bool      one outcome only
//	exitCode               int       the process exit code
//	error                  string    "" or the simulator's error code ("tick_budget_exceeded", …)
//	endTime                float     when the process exits
//	steps                  []{n, t, phase, event, detail, label, rule, line}   the trace (events: package sim/trace)
//	callbacks              []{label, phase, start, cpu}                 every macrotask callback
//	poolJobs               []{n, label, thread, queued, start, end, wait} thread-pool jobs in submission order
//	lineTime(line)         float     when the first matching line prints (-1: never)
//	lineTimes(line)        []float   when every matching line prints
//	lineIndex(line)        int       position of the first matching line in stdout (-1: never)
//	lineValue(line)        float     the first number after the prefix in the first matching line (-1: none)
//	printed(line)          bool      some line matches
//	before(a, b)           bool      a matching line prints before any line matching b (both print)
//	phaseOf(line)          string    the phase in which the first matching line prints ("" if never)
//	count(lines, text)     int       how many lines contain text (replaces expr's built-in count)
//	countEvent(event)      int       how many trace steps have that event ("nextTick-runs", …; an unknown event is an error)
//	poolJobEnd(n)          float     when pool job n (from 1) ends (-1: no such job)
//	poolThread(n)          int       which pool thread (from 1) runs job n (-1: no such job)
//	maxPoolWait            float     the longest time a pool job waited for a thread
//	latencies              []float   for every chunk of scenario socket data a 'data' callback handled: arrival to callback
//	maxLatency             float     the largest of latencies (0 without sockets)
//	percentile(list, p)    float     nearest-rank percentile p (0..100) of a list of numbers
//	timerDelays            []float   for every timer that fired: how late after its due time
//	maxTimerDelay          float     the event-loop delay a timer saw at worst
//	maxBlock               float     the longest single callback (CPU time on the main thread)
//	busyTime               float     CPU time of every callback together
//	elu                    float     event-loop utilisation: busyTime / endTime (0..1)
//	requests, requestLatencies(path), failedRequests, throughput, loopDelayMax,
//	dbMeanWait, dbMaxWait    the program's HTTP server under the scenario's traffic (serverFacts)
//
// Evaluating a fact records the trace steps it looked at (the step that printed a line,
// ran a job…), so a grade can point at the step that decides it.
type Facts struct {
	env     map[string]any
	touched []int // trace steps looked at by the current evaluation
}

// factOptions are the compile options of every fact.
func factOptions(env map[string]any, result expr.Option) []expr.Option {
	return []expr.Option{expr.Env(env), result, expr.DisableBuiltin("count"), expr.MaxNodes(2000)}
}

// CompileFact type-checks a predicate (a bool) against the fact environment; it does
// not run it.
func CompileFact(src string) (*vm.Program, error) { return compileFacts(src, expr.AsBool()) }

// CompileValue type-checks an expression that computes a number from the fact
// environment (a numeric question's key: "maxLatency", "percentile(latencies, 99)").
func CompileValue(src string) (*vm.Program, error) { return compileFacts(src, expr.AsFloat64()) }

func compileFacts(src string, result expr.Option) (*vm.Program, error) {
	f := NewFacts(&sim.Result{}, sim.Scenario{})
	p, err := expr.Compile(src, factOptions(f.env, result)...)
	if err != nil {
		return nil, fmt.Errorf("%s", firstLine(err.Error()))
	}
	return p, nil
}

// Value runs a compiled value expression: the number and the last step it looked at.
func (f *Facts) Value(p *vm.Program) (float64, int, error) {
	f.touched = f.touched[:0]
	out, err := expr.Run(p, f.env)
	if err != nil {
		return 0, 0, fmt.Errorf("%s", firstLine(err.Error()))
	}
	step := 0
	if len(f.touched) > 0 {
		step = f.touched[len(f.touched)-1]
	}
	v, _ := out.(float64)
	return v, step, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Eval runs a compiled fact. It returns whether it holds and the last trace step it
// looked at (0 when none).
func (f *Facts) Eval(p *vm.Program) (bool, int, error) {
	f.touched = f.touched[:0]
	out, err := expr.Run(p, f.env)
	if err != nil {
		return false, 0, fmt.Errorf("%s", firstLine(err.Error()))
	}
	step := 0
	if len(f.touched) > 0 {
		step = f.touched[len(f.touched)-1]
	}
	b, _ := out.(bool)
	return b, step, nil
}

// NewFacts returns the fact environment of a simulation run under sc.
func NewFacts(res *sim.Result, sc sim.Scenario) *Facts {
	f := &Facts{}
	stdout, stderr, exit := []string{}, []string{}, res.Summary.ExitCode
	var outcomes [][]string
	for i, o := range res.Outcomes {
		if i == 0 {
			stdout, stderr, exit = o.Stdout, o.Stderr, o.ExitCode
		}
		outcomes = append(outcomes, o.Stdout)
	}
	errCode := ""
	if res.Error != nil {
		errCode = res.Error.Code
	}
	lines := consoleLines(res.Steps)
	find := func(prefix string) (consoleLine, bool) {
		for _, l := range lines {
			if strings.HasPrefix(l.text, prefix) {
				f.touch(l.step.N)
				return l, true
			}
		}
		return consoleLine{}, false
	}
	jobs := append([]sim.PoolJob(nil), res.Summary.ThreadPool...)
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].ID < jobs[j].ID })
	jobStep := func(n int) {
		if st, ok := poolJobStep(res.Steps, jobs[n-1]); ok {
			f.touch(st)
		}
	}
	lat := socketLatencies(res, sc)
	delays := timerDelays(res.Steps)
	busy, maxBlock := 0.0, 0.0
	callbacks := make([]map[string]any, len(res.Summary.Callbacks))
	for i, c := range res.Summary.Callbacks {
		cpu := ms(c.CPUUS)
		busy += cpu
		maxBlock = max(maxBlock, cpu)
		callbacks[i] = map[string]any{"label": c.Label, "phase": c.Phase, "start": ms(c.StartUS), "cpu": cpu}
	}
	end := ms(res.Summary.EndTimeUS)
	elu := 0.0
	if end > 0 {
		elu = math.Min(1, busy/end)
	}
	f.env = map[string]any{
		"stdout": stdout, "stderr": stderr, "outcomes": outcomes, "deterministic": res.Deterministic,
		"exitCode": exit, "error": errCode, "endTime": end,
		"steps": stepMaps(res.Steps), "callbacks": callbacks, "poolJobs": jobMaps(jobs),
		"lineTime": func(line string) float64 {
			if l, ok := find(line); ok {
				return ms(l.step.TimeUS)
			}
			return -1
		},
		"lineTimes": func(line string) []float64 {
			out := []float64{}
			for _, l := range lines {
				if strings.HasPrefix(l.text, line) {
					f.touch(l.step.N)
					out = append(out, ms(l.step.TimeUS))
				}
			}
			return out
		},
		"lineIndex": func(line string) int {
			return slices.IndexFunc(stdout, func(s string) bool { return strings.HasPrefix(s, line) })
		},
		"lineValue": func(line string) float64 {
			if l, ok := find(line); ok {
				if v, err := strconv.ParseFloat(numberRE.FindString(strings.TrimPrefix(l.text, line)), 64); err == nil {
					return v
				}
			}
			return -1
		},
		"printed": func(line string) bool { _, ok := find(line); return ok },
		"before": func(a, b string) bool {
			la, oka := find(a)
			lb, okb := find(b)
			return oka && okb && la.index < lb.index
		},
		"phaseOf": func(line string) string {
			if l, ok := find(line); ok {
				return string(l.step.Phase)
			}
			return ""
		},
		"count": func(list []string, text string) int {
			n := 0
			for _, s := range list {
				if strings.Contains(s, text) {
					n++
				}
			}
			return n
		},
		"countEvent": func(event string) (int, error) {
			ev := trace.Event(event)
			if !trace.Known(ev) {
				return 0, fmt.Errorf("countEvent: %q is not an event of the trace (%s)", event, strings.Join(trace.Names(), ", "))
			}
			n := 0
			for _, s := range res.Steps {
				if s.Event == ev {
					n++
				}
			}
			return n, nil
		},
		"poolJobEnd": func(n int) float64 {
			if n < 1 || n > len(jobs) {
				return -1
			}
			jobStep(n)
			return ms(jobs[n-1].EndUS)
		},
		"poolThread": func(n int) int {
			if n < 1 || n > len(jobs) {
				return -1
			}
			jobStep(n)
			return jobs[n-1].Thread
		},
		"maxPoolWait":   maxWait(jobs),
		"latencies":     lat,
		"maxLatency":    maxOf(lat),
		"percentile":    percentile,
		"timerDelays":   delays,
		"maxTimerDelay": maxOf(delays),
		"maxBlock":      maxBlock,
		"busyTime":      busy,
		"elu":           elu,
	}
	maps.Copy(f.env, serverFacts(res.Summary.Server))
	return f
}

// serverFacts are the measurements of the program's HTTP server under the scenario's
// traffic (sim.ServerSummary), in milliseconds; empty without a server:
//
//	requests               []{id, label, path, send, start, end, latency, status, result}
//	requestLatencies(path) []float   latencies of the answered requests to path ("" or "*": all)
//	failedRequests         int       requests that got no answer (timeout, ECONNREFUSED, ETIMEDOUT…)
//	throughput             float     answered requests per second
//	loopDelayMax           float     the event-loop delay a 10 ms timer saw at worst
//	dbMeanWait, dbMaxWait  float     the mean and longest wait for a database connection
func serverFacts(s *sim.ServerSummary) map[string]any {
	if s == nil {
		s = &sim.ServerSummary{}
	}
	reqs := make([]map[string]any, len(s.Requests))
	for i, q := range s.Requests {
		reqs[i] = map[string]any{"id": q.ID, "label": q.Label, "path": q.Path, "send": ms(q.SendUS), "start": ms(q.StartUS),
			"end": ms(q.EndUS), "latency": ms(q.LatencyUS), "status": q.Status, "result": q.Result}
	}
	return map[string]any{
		"requests": reqs,
		"requestLatencies": func(path string) []float64 {
			out := []float64{}
			for _, q := range s.Requests {
				if q.Result == "ok" && (path == "" || path == "*" || q.Path == path) {
					out = append(out, ms(q.LatencyUS))
				}
			}
			return out
		},
		"failedRequests": s.All.Failed,
		"throughput":     s.ThroughputRPS,
		"loopDelayMax":   ms(s.LoopDelay.MaxUS),
		"dbMeanWait":     ms(s.DBMeanWaitUS),
		"dbMaxWait":      ms(s.DBMaxWaitUS),
	}
}

func (f *Facts) touch(step int) { f.touched = append(f.touched, step) }

func ms(us int64) float64 { return float64(us) / 1000 }

// consoleLine is one printed line of the trace and the step that prints it.
type consoleLine struct {
	text  string
	index int
	step  sim.Step
}

// consoleLines splits the console steps of a trace into lines.
func consoleLines(steps []sim.Step) []consoleLine {
	var out []consoleLine
	for _, s := range steps {
		if s.Event != trace.Console {
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(s.Detail, "\n"), "\n") {
			out = append(out, consoleLine{text: l, index: len(out), step: s})
		}
	}
	return out
}

func stepMaps(steps []sim.Step) []map[string]any {
	out := make([]map[string]any, len(steps))
	for i, s := range steps {
		out[i] = map[string]any{"n": s.N, "t": ms(s.TimeUS), "phase": string(s.Phase), "event": string(s.Event),
			"detail": s.Detail, "label": s.Label, "rule": s.Rule, "line": s.Line}
	}
	return out
}

func jobMaps(jobs []sim.PoolJob) []map[string]any {
	out := make([]map[string]any, len(jobs))
	for i, j := range jobs {
		out[i] = map[string]any{"n": i + 1, "label": j.Label, "thread": j.Thread, "queued": ms(j.QueuedUS),
			"start": ms(j.StartUS), "end": ms(j.EndUS), "wait": ms(j.StartUS - j.QueuedUS)}
	}
	return out
}

// poolJobStep finds the step where a pool job's completion callback runs.
func poolJobStep(steps []sim.Step, j sim.PoolJob) (int, bool) {
	for _, s := range steps {
		if s.Event == trace.IOCallback && s.Job == j.ID {
			return s.N, true
		}
	}
	return 0, false
}

func maxWait(jobs []sim.PoolJob) float64 {
	w := 0.0
	for _, j := range jobs {
		w = max(w, ms(j.StartUS-j.QueuedUS))
	}
	return w
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// percentile is the nearest-rank percentile p (0..100) of xs (0 for no values).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

// socketLatencies matches the scenario's socket chunks, in arrival order, to the
// 'socket data' callbacks of the trace, in order; a chunk no callback handled has no
// latency (a program that exits before its data arrives served nobody).
func socketLatencies(res *sim.Result, sc sim.Scenario) []float64 {
	var arrivals []float64
	for _, s := range sc.Sockets {
		for _, d := range s.Data {
			arrivals = append(arrivals, d.AtMS)
		}
	}
	sort.Float64s(arrivals)
	var handled []float64
	for _, s := range res.Steps {
		if s.Event == trace.IOCallback && strings.HasPrefix(s.Label, "socket data") {
			handled = append(handled, ms(s.TimeUS))
		}
	}
	out := make([]float64, 0, len(handled))
	for i, a := range arrivals[:min(len(arrivals), len(handled))] {
		out = append(out, math.Max(0, handled[i]-a))
	}
	return out
}

// timerDelays is how late every fired timer ran after its due time: the due time is read
// from the snapshot of the step before it fired.
func timerDelays(steps []sim.Step) []float64 {
	out := []float64{}
	for i, s := range steps {
		if s.Event != trace.TimerFires || i == 0 {
			continue
		}
		for _, t := range steps[i-1].State.Timers {
			if t.ID == s.Item {
				out = append(out, math.Max(0, ms(s.TimeUS)-float64(t.DueMS)))
				break
			}
		}
	}
	return out
}
