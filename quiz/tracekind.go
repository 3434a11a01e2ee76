package quiz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// TraceSpec is the spec of a trace question: what it asks about the runtime's state at
// a point of the trace.
//
//	ask                    the answer is
//	next_ticks, microtasks, timers, check, poll, close, pool_queue
//	                       the labels in that queue at the point, in order (a list)
//	next_phase             the phase of the next callback after the point ("check", …)
//	phase_of               the phase in which the line Line prints (no point)
//	pool_thread            the thread (from 1) that runs pool job Job (from 1; no point)
//	pool_busy              how many pool threads are busy at the point
type TraceSpec struct {
	Ask  string     `json:"ask"`
	At   TracePoint `json:"at,omitzero"`
	Line string     `json:"line,omitempty"`
	Job  int        `json:"job,omitempty"`
}

// TracePoint picks one step of a trace, by exactly one of: its number; a virtual time
// (the last step at or before it); the line it prints (the first line starting with
// AfterLine); or the Nth step with an event (and a detail starting with Detail).
type TracePoint struct {
	Step      int      `json:"step,omitempty"`
	TimeMS    *float64 `json:"time_ms,omitempty"`
	AfterLine string   `json:"after_line,omitempty"`
	Event     string   `json:"event,omitempty"`
	Detail    string   `json:"detail,omitempty"`
	Nth       int      `json:"nth,omitempty"`
}

// TraceKind is the "trace" kind: questions about the state of the queues, the phases
// and the thread pool at a point of the trace. List answers earn the longest common
// subsequence with the key over the longer length; the others are right or wrong.
type TraceKind struct{}

// Name implements Kind.
func (TraceKind) Name() string { return "trace" }

// queueAsks are the queues a trace question may ask for, each with the rule that fills
// it; an ask is the queue's name (trace.Queue, as Snapshot's JSON names it).
var queueAsks = map[trace.Queue]string{
	trace.QueueNextTicks: "R-CB2", trace.QueueMicrotasks: "R-CB1", trace.QueueTimers: "R-T2", trace.QueueCheck: "R-I1",
	trace.QueuePoll: "R-P1", trace.QueueClose: "R-L3", trace.QueuePoolQueue: "R-P4",
}

// listedQueues are the queues a list answer may name, in the pages' order.
var listedQueues = []trace.Queue{trace.QueueNextTicks, trace.QueueMicrotasks, trace.QueueTimers, trace.QueueCheck, trace.QueuePoll, trace.QueueClose, trace.QueuePoolQueue}

func isListAsk(ask string) bool { _, ok := queueAsks[trace.Queue(ask)]; return ok }

func traceSpec(c *Content) (TraceSpec, []FieldError) {
	var s TraceSpec
	var fe fieldErrors
	dec := json.NewDecoder(bytes.NewReader(c.Spec))
	dec.DisallowUnknownFields()
	if len(c.Spec) == 0 || dec.Decode(&s) != nil {
		fe.add("spec", "must be an object {ask, at?: {step | time_ms | after_line | event, detail?, nth?}, line?, job?}")
		return s, fe
	}
	needsPoint := true
	switch {
	case isListAsk(s.Ask), s.Ask == "next_phase", s.Ask == "pool_busy":
	case s.Ask == "phase_of":
		needsPoint = false
		if s.Line == "" {
			fe.add("spec.line", "is required for phase_of")
		}
	case s.Ask == "pool_thread":
		needsPoint = false
		if s.Job < 1 {
			fe.add("spec.job", "must be a job number from 1")
		}
	default:
		fe.add("spec.ask", "must be one of next_ticks, microtasks, timers, check, poll, close, pool_queue, next_phase, phase_of, pool_thread, pool_busy")
	}
	if s.At.Event != "" && !trace.Known(trace.Event(s.At.Event)) {
		fe.add("spec.at.event", "must be an event of the trace: %s", strings.Join(trace.Names(), ", "))
	}
	if needsPoint {
		n := 0
		for _, set := range []bool{s.At.Step > 0, s.At.TimeMS != nil, s.At.AfterLine != "", s.At.Event != ""} {
			if set {
				n++
			}
		}
		if n != 1 {
			fe.add("spec.at", "must give exactly one of step, time_ms, after_line or event")
		}
	}
	return s, fe
}

// ValidateSpec implements Kind.
func (TraceKind) ValidateSpec(c *Content) []FieldError {
	s, fe := traceSpec(c)
	for i, m := range c.Misconceptions {
		var v any
		if json.Unmarshal(fillJSON(m.Answer, c.extremeValues()[0]), &v) != nil || !traceAnswerShape(s.Ask, v) {
			fe = append(fe, FieldError{Field: fmt.Sprintf("misconceptions[%d].answer", i), Message: "must be an answer of this question's shape"})
		}
	}
	return fe
}

func traceAnswerShape(ask string, v any) bool {
	switch v.(type) {
	case []any:
		return isListAsk(ask)
	case string:
		return ask == "next_phase" || ask == "phase_of"
	case float64:
		return ask == "pool_thread" || ask == "pool_busy"
	}
	return false
}

// locate resolves a point to an index into steps.
func (p TracePoint) locate(steps []sim.Step) (int, error) {
	switch {
	case p.Step > 0:
		if p.Step > len(steps) {
			return 0, fmt.Errorf("the trace has %d steps, not %d", len(steps), p.Step)
		}
		return p.Step - 1, nil
	case p.TimeMS != nil:
		at := -1
		for i, s := range steps {
			if float64(s.TimeUS) <= *p.TimeMS*1000 {
				at = i
			}
		}
		if at < 0 {
			return 0, fmt.Errorf("no step at or before %v ms", *p.TimeMS)
		}
		return at, nil
	case p.AfterLine != "":
		for _, l := range consoleLines(steps) {
			if strings.HasPrefix(l.text, p.AfterLine) {
				return l.step.N - 1, nil
			}
		}
		return 0, fmt.Errorf("no printed line starts with %q", p.AfterLine)
	}
	n := max(p.Nth, 1)
	for i, s := range steps {
		if s.Event == trace.Event(p.Event) && strings.HasPrefix(s.Detail, p.Detail) {
			if n--; n == 0 {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("no step %d with event %q and detail %q", max(p.Nth, 1), p.Event, p.Detail)
}

// traceKey is the answer of a trace variant and the step that shows it.
type traceKey struct {
	spec       TraceSpec
	list       []string
	word       string
	number     int
	also       []int // pool_thread, pool_busy: other answers the program's other outcomes give (equal jobs race, R-R4)
	step       int   // index into steps of the deciding step
	candidates []string
	threads    int
	steps      []sim.Step
	module     sim.ModuleKind
}

var phaseChoices = []string{string(sim.PhaseMain), string(sim.PhaseTimers), string(sim.PhasePending), string(sim.PhasePoll), string(sim.PhaseCheck), string(sim.PhaseClose), string(sim.PhaseExit)}

// Key implements Kind.
func (TraceKind) Key(c *Content, res *sim.Result) (Key, error) {
	s, fe := traceSpec(c)
	if len(fe) > 0 {
		return nil, Invalid("The question is invalid.", fe)
	}
	if !res.Deterministic && s.Ask != "pool_thread" && s.Ask != "pool_busy" {
		return nil, &Error{Code: EINVALID, Message: "A trace question needs a deterministic program.",
			Fields: []FieldError{{Field: "program", Message: "has several outcomes; the trace of one is not the key of all"}}}
	}
	k := &traceKey{spec: s, steps: res.Steps, module: c.Module, candidates: allLabels(res.Steps)}
	if len(res.Steps) > 0 {
		k.threads = len(res.Steps[0].State.Pool)
	}
	if err := k.compute(res); err != nil {
		return nil, &Error{Code: EINVALID, Message: "The answer key cannot be computed.",
			Fields: []FieldError{{Field: "spec", Message: err.Error()}}}
	}
	return k, nil
}

func (k *traceKey) compute(res *sim.Result) error {
	s := k.spec
	var at int
	if s.Ask != "phase_of" && s.Ask != "pool_thread" {
		var err error
		if at, err = s.At.locate(res.Steps); err != nil {
			return err
		}
	}
	k.step = at
	switch {
	case isListAsk(s.Ask):
		k.list = res.Steps[at].State.Labels(trace.Queue(s.Ask))
	case s.Ask == "next_phase":
		k.word = "exit"
		for j := at + 1; j < len(res.Steps); j++ {
			if trace.RoleOf(res.Steps[j].Event) == trace.RoleMacro {
				k.word, k.step = string(res.Steps[j].Phase), j
				break
			}
		}
	case s.Ask == "phase_of":
		for _, l := range consoleLines(res.Steps) {
			if strings.HasPrefix(l.text, s.Line) {
				k.word, k.step = string(l.step.Phase), l.step.N-1
				return nil
			}
		}
		return fmt.Errorf("no printed line starts with %q", s.Line)
	case s.Ask == "pool_thread":
		return k.poolThread(res)
	case s.Ask == "pool_busy":
		k.number = busyThreads(res.Steps[at])
		for _, o := range res.Outcomes[1:] {
			i, err := s.At.locate(o.Steps)
			if err != nil {
				return fmt.Errorf("the program races and an outcome's trace has no such step: %w", err)
			}
			if n := busyThreads(o.Steps[i]); n != k.number && !slices.Contains(k.also, n) {
				k.also = append(k.also, n)
			}
		}
	}
	return nil
}

// busyThreads counts the pool threads running a job at step s.
func busyThreads(s sim.Step) int {
	n := 0
	for _, p := range s.State.Pool {
		if p.JobID != 0 {
			n++
		}
	}
	return n
}

func (k *traceKey) poolThread(res *sim.Result) error {
	jobs := append([]sim.PoolJob(nil), res.Summary.ThreadPool...)
	slices.SortFunc(jobs, func(a, b sim.PoolJob) int { return a.ID - b.ID })
	if k.spec.Job > len(jobs) {
		return fmt.Errorf("the program runs %d thread-pool jobs, not %d", len(jobs), k.spec.Job)
	}
	j := jobs[k.spec.Job-1]
	k.number = j.Thread
	k.step, _ = threadOf(res.Steps, j.ID)
	for _, o := range res.Outcomes[1:] {
		if _, t := threadOf(o.Steps, j.ID); t > 0 && t != k.number && !slices.Contains(k.also, t) {
			k.also = append(k.also, t)
		}
	}
	if !res.Deterministic && len(res.Outcomes) > 1 && len(k.also) == 0 && !k.everyOutcomeTraced(res) {
		return fmt.Errorf("the program races and its other outcomes' traces were cut: the thread of job %d is not known in each", k.spec.Job)
	}
	return nil
}

// threadOf finds the first step that shows pool job id on a thread: its index and the
// thread (0 when none does).
func threadOf(steps []sim.Step, id int) (int, int) {
	for i, s := range steps {
		for _, p := range s.State.Pool {
			if p.JobID == id {
				return i, p.Thread
			}
		}
	}
	return 0, 0
}

// everyOutcomeTraced reports whether every outcome after the first has its trace.
func (k *traceKey) everyOutcomeTraced(res *sim.Result) bool {
	for _, o := range res.Outcomes[1:] {
		if len(o.Steps) == 0 {
			return false
		}
	}
	return true
}

// pairOf reports whether {a, b} is {x, y}.
func pairOf[T comparable](a, b, x, y T) bool { return a == x && b == y || a == y && b == x }

// allLabels lists every label any queue holds anywhere in the trace, once, in order of
// first appearance.
func allLabels(steps []sim.Step) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range steps {
		for _, q := range listedQueues {
			for _, l := range s.State.Labels(q) {
				if !seen[l] {
					seen[l] = true
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// Public shows what to choose from: the labels seen in any queue, the phases, or the
// number of pool threads.
func (k *traceKey) Public(seed int64) any {
	switch {
	case isListAsk(k.spec.Ask):
		c := slices.Clone(k.candidates)
		r := rand.New(rand.NewPCG(uint64(seed), 0x7472616365)) //nolint:gosec // not a secret
		r.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
		if c == nil {
			c = []string{}
		}
		return map[string]any{"ask": k.spec.Ask, "candidates": c}
	case k.spec.Ask == "next_phase" || k.spec.Ask == "phase_of":
		return map[string]any{"ask": k.spec.Ask, "phases": phaseChoices}
	}
	return map[string]any{"ask": k.spec.Ask, "threads": k.threads}
}

// Reveal is the answer and the step that shows it.
func (k *traceKey) Reveal() any {
	var a any = k.number
	switch {
	case isListAsk(k.spec.Ask):
		a = k.list
	case k.word != "":
		a = k.word
	}
	out := map[string]any{"answer": a, "step": k.step + 1}
	if len(k.also) > 0 {
		out["also"] = k.also // the answer under the program's other timings, also accepted
	}
	return out
}

// Grade implements Kind.
func (TraceKind) Grade(v *Variant, answer json.RawMessage) (Grade, error) {
	k := v.Key.(*traceKey)
	var g Grade
	switch {
	case isListAsk(k.spec.Ask):
		var got []string
		if err := json.Unmarshal(answer, &got); err != nil {
			return Grade{}, InvalidAnswer("must be an array of labels, in queue order")
		}
		for _, l := range got {
			if !slices.Contains(k.candidates, l) {
				return Grade{}, InvalidAnswer(fmt.Sprintf("names %q, which is not one of the labels to choose from", l))
			}
		}
		g = k.gradeList(got)
	case k.word != "":
		var got string
		if err := json.Unmarshal(answer, &got); err != nil {
			return Grade{}, InvalidAnswer("must be a phase name (" + strings.Join(phaseChoices, ", ") + ")")
		}
		got = strings.ToLower(strings.TrimSpace(got))
		if !slices.Contains(phaseChoices, got) {
			return Grade{}, InvalidAnswer("must be a phase name (" + strings.Join(phaseChoices, ", ") + ")")
		}
		g = k.gradeWord(got)
	default:
		var got int
		lo := 0 // pool_busy: none to all busy
		if k.spec.Ask == "pool_thread" {
			lo = 1 // threads are numbered from 1
		}
		if err := json.Unmarshal(answer, &got); err != nil || got < lo || got > k.threads {
			return Grade{}, InvalidAnswer(fmt.Sprintf("must be an integer from %d to %d (the pool has %d threads)", lo, k.threads, k.threads))
		}
		g = k.gradeNumber(got)
	}
	s := k.steps[k.step]
	g.Step = s.N
	if g.Divergence != nil {
		g.Divergence.Step, g.Divergence.TimeMS, g.Divergence.Phase = s.N, ms(s.TimeUS), string(s.Phase)
		if g.Rule == "" {
			g.Rule = ruleNear(k.steps, k.step)
		}
		g.Divergence.Rule = g.Rule
	}
	where := Text{EN: fmt.Sprintf("See step %d (t = %s ms, %s phase): %s", s.N, fmtMS(s.TimeUS), s.Phase, s.Explain),
		VI: fmt.Sprintf("Xem bước %d (t = %s ms, pha %s): %s", s.N, fmtMS(s.TimeUS), s.Phase, s.ExplainVI)}
	if m, ok := matchAnswer(v.Content.Misconceptions, answer, func(r json.RawMessage) json.RawMessage { return r }); ok && g.Score < 1 {
		g.Misconception = m.Tag
		g.Explanation = joinText(m.Explanation, g.Explanation)
	}
	g.Explanation = joinText(joinText(g.Explanation, where), v.Content.Explanation)
	return g, nil
}

func (k *traceKey) gradeList(got []string) Grade {
	want := k.list
	if slices.Equal(got, want) {
		return Grade{Score: 1, Explanation: Text{EN: "Correct.", VI: "Đúng."}}
	}
	g := Grade{Score: float64(lcs(got, want)) / float64(max(len(got), len(want), 1)), Rule: queueAsks[trace.Queue(k.spec.Ask)]}
	if trace.Queue(k.spec.Ask) == trace.QueueMicrotasks && k.module == sim.ESModule && k.steps[k.step].Phase == sim.PhasePoll {
		g.Rule = "R-M2"
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	d := &Divergence{Index: i}
	if i < len(got) {
		d.Got = &got[i]
	}
	if i < len(want) {
		d.Expected = want[i]
	}
	g.Divergence = d
	show := func(l []string) string {
		if len(l) == 0 {
			return "empty"
		}
		return "[" + strings.Join(l, ", ") + "]"
	}
	showVI := func(l []string) string {
		if len(l) == 0 {
			return "trống"
		}
		return show(l)
	}
	g.Explanation = Text{EN: fmt.Sprintf("The %s queue holds %s at that point, not %s.", k.spec.Ask, show(want), show(got)),
		VI: fmt.Sprintf("Lúc đó hàng %s là %s, không phải %s.", k.spec.Ask, showVI(want), showVI(got))}
	g.Misconception = k.listMisconception(got)
	return g
}

// listMisconception looks for a listed label that sits in another queue at the point.
func (k *traceKey) listMisconception(got []string) string {
	st := k.steps[k.step].State
	for _, l := range got {
		if slices.Contains(k.list, l) {
			continue
		}
		ask := trace.Queue(k.spec.Ask)
		for _, other := range listedQueues[:5] { // the callback queues, not close or the pool's
			if other == ask || !slices.Contains(st.Labels(other), l) {
				continue
			}
			switch {
			case pairOf(ask, other, trace.QueueMicrotasks, trace.QueueNextTicks):
				return TagNextTickAsMicrotask
			case pairOf(ask, other, trace.QueueTimers, trace.QueueCheck):
				return TagImmediateVsTimeout
			}
			return TagPhaseOrder
		}
	}
	if ask := trace.Queue(k.spec.Ask); len(got) < len(k.list) && (ask == trace.QueueMicrotasks || ask == trace.QueueNextTicks) {
		return TagMicrotasksPerPhase
	}
	if trace.Queue(k.spec.Ask) == trace.QueuePoolQueue {
		return TagPoolSizeForgotten
	}
	return ""
}

func (k *traceKey) gradeWord(got string) Grade {
	if got == k.word {
		return Grade{Score: 1, Explanation: Text{EN: "Correct: " + got + ".", VI: "Đúng: " + got + "."}}
	}
	g := Grade{Divergence: &Divergence{Expected: k.word, Got: &got}}
	g.Explanation = Text{EN: fmt.Sprintf("The runtime is in the %s phase there, not %s.", k.word, got),
		VI: fmt.Sprintf("Lúc đó runtime ở pha %s, không phải %s.", k.word, got)}
	g.Misconception = TagPhaseOrder
	if pairOf(sim.Phase(got), sim.Phase(k.word), sim.PhaseTimers, sim.PhaseCheck) {
		g.Misconception = TagImmediateVsTimeout
	}
	return g
}

func (k *traceKey) gradeNumber(got int) Grade {
	if got == k.number || slices.Contains(k.also, got) {
		return Grade{Score: 1, Explanation: Text{EN: fmt.Sprintf("Correct: %d.", got), VI: fmt.Sprintf("Đúng: %d.", got)}}
	}
	gs := fmt.Sprint(got)
	g := Grade{Divergence: &Divergence{Expected: fmt.Sprint(k.number), Got: &gs}, Rule: "R-P4"}
	what, whatVI := "pool thread", "thread của pool"
	if k.spec.Ask == "pool_busy" {
		what, whatVI = "number of busy pool threads", "số thread đang bận"
	}
	g.Explanation = Text{EN: fmt.Sprintf("The %s is %d, not %d; the pool has %d threads.", what, k.number, got, k.threads),
		VI: fmt.Sprintf("%s là %d, không phải %d; pool có %d thread.", strings.ToUpper(whatVI[:1])+whatVI[1:], k.number, got, k.threads)}
	g.Misconception = TagPoolOrder
	if k.spec.Ask == "pool_busy" && got < k.number {
		g.Misconception = TagPoolSizeForgotten
	}
	return g
}
