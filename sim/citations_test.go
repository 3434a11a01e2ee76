package sim

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/trace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// citation is, for a narration of the trace vocabulary that cites a rule of
// docs/node-semantics.md, a program whose trace has that step, and why the rule governs
// the step. A rule of a release change (R-V) is checked by experiment, as Compare finds
// the changes between releases: the program run as node with the change taken back must
// lose the step. A race's rule (R-R) is checked in the race's other timing: the same
// read of the clock must say other there. Any other rule has no counterfactual to run;
// why says which part of the rule the step is.
type citation struct {
	event   trace.Event
	say     trace.Case
	program string
	module  ModuleKind
	node    string
	other   trace.Case // R-R: the narration of the step in the race's other timing
	why     string
}

var citations = []citation{
	{event: trace.MainStarts, program: "console.log(1)\n", why: "R-M1: the CommonJS main module runs synchronously"},
	{event: trace.ESMBodyStarts, program: "console.log(1)\n", module: ESModule, node: "20", why: "R-M3: the ES-module body runs in a microtask of the poll phase"},
	{event: trace.ESMBodyStarts, say: trace.CaseSyncEntry, program: "console.log(1)\n", module: ESModule, node: "24", why: "R-V4: from 22.18 the entry is read before the loop"},
	{event: trace.TimerArmed, program: "setTimeout(() => {}, 5)\n", why: "R-T2: arming reads the clock; the delay is a threshold"},
	{event: trace.TimerCleared, program: "clearTimeout(setTimeout(() => {}, 5))\n", why: "R-T3d: a cleared timer never runs"},
	{event: trace.TimerFires, program: "setTimeout(() => {}, 5)\n", why: "R-T3: due timers run in the timers phase"},
	{event: trace.ImmediateQueued, program: "setImmediate(() => {})\n", why: "R-I1: setImmediate appends to the immediate queue"},
	{event: trace.ImmediateCleared, program: "clearImmediate(setImmediate(() => {}))\n", why: "R-I2: clearImmediate works on queued immediates"},
	{event: trace.ImmediateRuns, program: "setImmediate(() => {})\n", why: "R-I2: the check phase runs the list detached when it started"},
	{event: trace.ImmediateRuns, say: trace.CaseAfterThrow, program: "process.on('uncaughtException', () => {})\nsetImmediate(() => { throw new Error('x') })\nsetImmediate(() => {})\n",
		why: "R-U2: after a throw the listener handled, processImmediate goes on with the next immediate"},
	{event: trace.NextTickQueued, program: "process.nextTick(() => {})\n", why: "R-CB2: a tick runs before promise jobs at the boundary"},
	{event: trace.NextTickRuns, program: "process.nextTick(() => {})\n", why: "R-CB1: the drain after a callback runs ticks first"},
	{event: trace.MicrotaskQueued, program: "Promise.resolve().then(() => {})\n", why: "R-CB1: promise jobs run in the drain, after the ticks"},
	{event: trace.MicrotaskRuns, program: "Promise.resolve().then(() => {})\n", why: "R-CB1: the microtask queue drains completely"},
	{event: trace.PoolJobStarts, program: "require('fs').stat(__filename, () => {})\n", why: "R-P4: a free thread of the pool takes the job"},
	{event: trace.PoolJobQueued, program: "// @threadpool: 1\nconst c = require('crypto')\nc.pbkdf2('p', 's', 1000, 8, 'sha256', () => {})\nc.pbkdf2('p', 's', 1000, 8, 'sha256', () => {})\n",
		why: "R-P4: with every thread busy the job waits in the FIFO"},
	{event: trace.IOQueued, program: "const net = require('net')\nconst s = net.createServer((c) => { c.end(); s.close() })\ns.listen(0, () => net.connect(s.address().port).on('close', () => {}))\n",
		why: "R-P1: the kernel delivers the operation's end through poll"},
	{event: trace.IOCallback, program: "require('fs').stat(__filename, () => {})\n", why: "R-P1: poll runs the callback of a finished operation"},
	{event: trace.CloseCallback, program: "const net = require('net')\nconst s = net.createServer((c) => { c.end(); s.close() })\ns.listen(0, () => net.connect(s.address().port).on('close', () => {}))\n",
		why: "R-L3: a handle's close callback runs in the close phase"},
	{event: trace.PollWaits, program: "setTimeout(() => {}, 5)\n", why: "R-L2: poll blocks until the nearest timer"},
	{event: trace.ClockRead, program: "setTimeout(() => console.log('t'), 0)\nsetImmediate(() => console.log('i'))\n", other: trace.CaseDue,
		why: "R-R1: the first timers pass reads the clock before or after the 1 ms"},
	{event: trace.ClockRead, say: trace.CaseDue, program: "setTimeout(() => console.log('t'), 0)\nsetImmediate(() => console.log('i'))\n", other: trace.CaseDefault,
		why: "R-R1: the first timers pass reads the clock after the 1 ms"},
	{event: trace.ClockRead, say: trace.CaseLater, program: "setImmediate(() => {\n  setTimeout(() => console.log('t'), 0)\n  setImmediate(() => console.log('i'))\n})\n", other: trace.CaseLaterDue,
		why: "R-R2: the timers pass after the check phase reads the clock before the 1 ms"},
	{event: trace.ClockRead, say: trace.CaseLaterDue, program: "setImmediate(() => {\n  setTimeout(() => console.log('t'), 0)\n  setImmediate(() => console.log('i'))\n})\n", other: trace.CaseLater,
		why: "R-R2: the timers pass after the check phase reads the clock after the 1 ms"},
	{event: trace.BusyWait, program: "const end = Date.now() + 5\nwhile (Date.now() < end) {}\n", why: "R-BW1: a callback that keeps reading the clock spins on it"},
	{event: trace.UnhandledRejection, program: "process.on('unhandledRejection', () => {})\nPromise.reject(new Error('x'))\n",
		why: "R-U1: the rejection is still unhandled at the end of the drain"},
	{event: trace.UncaughtException, program: "process.on('uncaughtException', () => {})\nsetTimeout(() => { throw new Error('x') }, 1)\n",
		why: "R-U2: a listener handles the exception and the process goes on"},
	{event: trace.FatalException, program: "throw new Error('x')\n", why: "R-U2: without a listener the exception ends the process"},
	{event: trace.FatalException, say: trace.CaseHandlerThrew, program: "process.on('uncaughtException', () => { throw new Error('again') })\nthrow new Error('x')\n",
		why: "R-U2: a listener that throws ends the process with 7"},
	{event: trace.LeftoversDrained, program: "process.on('uncaughtException', () => {})\nprocess.nextTick(() => { throw new Error('x') })\nprocess.nextTick(() => {})\nsetImmediate(() => {})\n",
		why: "R-U3: what the failed scope left runs at the next scope's close"},
	{event: trace.BeforeExit, program: "process.on('beforeExit', () => {})\n", why: "R-X1: the loop is empty, so Node emits 'beforeExit'"},
	{event: trace.ProcessExits, program: "process.exit(3)\n", why: "R-X2: the 'exit' listeners run and nothing queued runs after them"},
	{event: trace.Exit, program: "console.log(1)\n", why: "R-X1: nothing keeps the loop alive"},
}

// TestStepRulesGovernTheirSteps holds every rule the trace cites to the steps it cites
// it on (the citations above): each narration of the vocabulary that cites a rule has a
// program whose trace shows that step; a release change's step goes when the change is
// taken back (as Compare takes it back), and a race's step reads otherwise in the race's
// other timing.
func TestStepRulesGovernTheirSteps(t *testing.T) {
	t.Parallel()
	s := New()
	for _, info := range trace.Vocabulary {
		for _, n := range info.Says {
			if n.Rule == "" {
				continue
			}
			i := -1
			for k, c := range citations {
				if c.event == info.Event && c.say == n.Case {
					i = k
				}
			}
			if !assert.GreaterOrEqual(t, i, 0, "%s (case %q) cites %s, and no citation says where it governs the step", info.Event, n.Case, n.Rule) {
				continue
			}
			c := citations[i]
			assert.True(t, strings.HasPrefix(c.why, n.Rule+":"), "%s (case %q) cites %s; its citation explains %q", info.Event, n.Case, n.Rule, c.why)
			res := citationRun(t, s, c, "")
			if !assert.True(t, anyNarration(res, c.event, c.say), "%s (case %q): the program's trace has no such step", c.event, c.say) {
				continue
			}
			switch {
			case strings.HasPrefix(n.Rule, "R-V"):
				back := citationRun(t, s, c, n.Rule)
				assert.False(t, anyNarration(back, c.event, c.say), "%s (case %q): with %s taken back the step is still there", c.event, c.say, n.Rule)
			case strings.HasPrefix(n.Rule, "R-R"):
				assert.Greater(t, len(res.Outcomes), 1, "%s (case %q): no race", c.event, c.say)
				assert.True(t, anyNarration(res, c.event, c.other), "%s (case %q): the race's other timing does not read the clock as %q", c.event, c.say, c.other)
			}
		}
	}
}

// citationRun simulates a citation's program, with the release change revert taken
// back when it is not "" (from the oldest release that has it, to the one before).
func citationRun(t *testing.T, s *Simulator, c citation, revert string) *Result {
	t.Helper()
	mod := c.module
	if mod == "" {
		mod = CommonJS
	}
	sc := Scenario{Node: c.node}
	ApplyHeaders(&sc, c.program)
	if revert == "" {
		res, err := s.Run(context.Background(), Program{Source: c.program, Module: mod}, sc)
		require.NoError(t, err)
		return res
	}
	require.NoError(t, sc.Validate())
	prof := scenarioProfile(sc)
	older := profiles[0]
	for _, p := range profiles {
		if !p.Has(revert) {
			older = p
		}
	}
	return s.runAs(context.Background(), Program{Source: c.program, Module: mod}, sc, prof.without(revert, older), newCPUBudget(sc.Limits.Within(s.ceiling)))
}

// hasNarration reports whether a step of steps is ev narrated as case say.
func hasNarration(steps []Step, ev trace.Event, say trace.Case) bool {
	en, _, _ := trace.Say(ev, say, "{arg}")
	parts := strings.Split(regexp.QuoteMeta(en), regexp.QuoteMeta("{arg}"))
	re := regexp.MustCompile("^" + strings.Join(parts, ".*?") + "$")
	for _, st := range steps {
		if st.Event == ev && re.MatchString(st.Explain) {
			return true
		}
	}
	return false
}

// anyNarration is hasNarration over every outcome's trace.
func anyNarration(res *Result, ev trace.Event, say trace.Case) bool {
	if hasNarration(res.Steps, ev, say) {
		return true
	}
	for _, o := range res.Outcomes {
		if hasNarration(o.Steps, ev, say) {
			return true
		}
	}
	return false
}
