package sim

import (
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/trace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedSnippet is the seed's all-queues snippet as the bank's order-cjs-queues asks it.
const seedSnippet = `console.log('sync 1')
setTimeout(() => console.log('setTimeout 0'), 0)
setImmediate(() => console.log('setImmediate'))
Promise.resolve().then(() => console.log('Promise.then'))
queueMicrotask(() => console.log('queueMicrotask'))
process.nextTick(() => console.log('nextTick'))
console.log('sync 2')
`

// stepWhere returns the first step for which ok holds.
func stepWhere(t *testing.T, steps []Step, what string, ok func(Step) bool) Step {
	t.Helper()
	for _, s := range steps {
		if ok(s) {
			return s
		}
	}
	t.Fatalf("no step %s", what)
	return Step{}
}

func printing(line string) func(Step) bool {
	return func(s Step) bool { return s.Event == trace.Console && s.Detail == line }
}

// TestEveryEnqueueIsAStepAtItsLine: each callback the snippet queues has a step of its
// own at the line that queues it, naming the item the queues show.
func TestEveryEnqueueIsAStepAtItsLine(t *testing.T) {
	res := runSource(t, seedSnippet, CommonJS, Scenario{})
	for _, want := range []struct {
		ev    trace.Event
		label string
		line  int
	}{
		{trace.TimerArmed, "setTimeout callback", 2},
		{trace.ImmediateQueued, "setImmediate callback", 3},
		{trace.MicrotaskQueued, ".then callback", 4},
		{trace.MicrotaskQueued, "queueMicrotask callback", 5},
		{trace.NextTickQueued, "nextTick callback", 6},
	} {
		s := stepWhere(t, res.Steps, string(want.ev)+" "+want.label, func(s Step) bool { return s.Event == want.ev && s.Label == want.label })
		assert.Equal(t, want.line, s.Line, "%s %s", want.ev, want.label)
		require.NotEmpty(t, s.Stack)
		assert.Equal(t, trace.Frame{Kind: trace.FrameMain, Label: trace.MainCode, Line: want.line, Column: s.Stack[0].Column}, s.Stack[0], "queued by the main code")
		queue, ok := trace.Lookup(want.ev)
		require.True(t, ok)
		assert.Contains(t, itemIDs(s.State, queue.Queue), s.Item, "%s: the item is in the %s queue after the step", want.ev, queue.Queue)
	}
	then := stepWhere(t, res.Steps, ".then queued", func(s Step) bool { return s.Label == ".then callback" })
	micro := stepWhere(t, res.Steps, "queueMicrotask queued", func(s Step) bool { return s.Label == "queueMicrotask callback" })
	assert.Equal(t, then.N+1, micro.N, "two steps, one after the other")
	assert.Equal(t, []string{".then callback"}, labels(then.State.Microtasks))
	assert.Equal(t, []string{".then callback", "queueMicrotask callback"}, labels(micro.State.Microtasks))
}

func itemIDs(st Snapshot, q trace.Queue) []int {
	var out []int
	switch q {
	case trace.QueueTimers:
		for _, it := range st.Timers {
			out = append(out, it.ID)
		}
		return out
	case trace.QueueMicrotasks:
		return ids(st.Microtasks)
	case trace.QueueNextTicks:
		return ids(st.NextTicks)
	case trace.QueueCheck:
		return ids(st.Check)
	}
	return nil
}

func ids(items []QueueItem) []int {
	var out []int
	for _, it := range items {
		out = append(out, it.ID)
	}
	return out
}

func labels(items []QueueItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

// TestCallStackNamesTheCallback: while a callback prints, the stack names it and where
// the main code queued it; between callbacks the stack is empty.
func TestCallStackNamesTheCallback(t *testing.T) {
	res := runSource(t, seedSnippet, CommonJS, Scenario{})
	for _, c := range []struct {
		line, label string
		at          int
	}{
		{"Promise.then", ".then callback", 4},
		{"queueMicrotask", "queueMicrotask callback", 5},
		{"nextTick", "nextTick callback", 6},
		{"setImmediate", "setImmediate callback", 3},
		{"setTimeout 0", "setTimeout callback", 2},
	} {
		s := stepWhere(t, res.Steps, "printing "+c.line, printing(c.line))
		require.Len(t, s.Stack, 2, c.line)
		assert.Equal(t, trace.FrameCallback, s.Stack[0].Kind)
		assert.Equal(t, c.label, s.Stack[0].Label)
		assert.Equal(t, c.at, s.Stack[0].Line)
		assert.Equal(t, trace.Frame{Kind: trace.FrameAsync, Label: trace.MainCode, Line: c.at}, s.Stack[1])
	}
	sync1 := stepWhere(t, res.Steps, "printing sync 1", printing("sync 1"))
	assert.Equal(t, []trace.FrameKind{trace.FrameMain}, kinds(sync1.Stack))
	wait := stepWhere(t, res.Steps, "poll waits", func(s Step) bool { return s.Event == trace.PollWaits })
	assert.Empty(t, wait.Stack, "no JavaScript runs while the loop waits")
}

func kinds(fs []trace.Frame) []trace.FrameKind {
	var out []trace.FrameKind
	for _, f := range fs {
		out = append(out, f.Kind)
	}
	return out
}

// TestCallStackFunctionsAndAsyncChain: the program's functions above the callback, and
// the chain of callbacks that queued it (a timer armed by an immediate armed by main).
func TestCallStackFunctionsAndAsyncChain(t *testing.T) {
	src := `function inner() { console.log('deep') }
function outer() { inner() }
setImmediate(function first() {
  setTimeout(function second() { outer() }, 1)
})
`
	res := runSource(t, src, CommonJS, Scenario{})
	s := stepWhere(t, res.Steps, "printing deep", printing("deep"))
	assert.Equal(t, []trace.Frame{
		{Kind: trace.FrameFunction, Function: "inner", Line: 1, Column: s.Stack[0].Column},
		{Kind: trace.FrameFunction, Function: "outer", Line: 2, Column: s.Stack[1].Column},
		{Kind: trace.FrameCallback, Function: "second", Label: "setTimeout second", Line: 4, Column: s.Stack[2].Column},
		{Kind: trace.FrameAsync, Label: "setImmediate first", Line: 4},
		{Kind: trace.FrameAsync, Label: trace.MainCode, Line: 3},
	}, s.Stack)
}

// TestCallStackOfADeepRecursion keeps the innermost frames and the callback, and says how
// many it left out.
func TestCallStackOfADeepRecursion(t *testing.T) {
	src := "function down(n) { if (n === 0) { console.log('bottom'); return } down(n - 1) }\ndown(100)\n"
	res := runSource(t, src, CommonJS, Scenario{})
	s := stepWhere(t, res.Steps, "printing bottom", printing("bottom"))
	require.Len(t, s.Stack, maxStackFrames)
	last := s.Stack[len(s.Stack)-1]
	assert.Equal(t, trace.FrameMain, last.Kind)
	assert.Equal(t, 2, last.Line)
	assert.Equal(t, 101-(maxStackFrames-1), last.Elided, "101 calls of down, %d of them shown", maxStackFrames-1)
	for _, f := range s.Stack[:len(s.Stack)-1] {
		assert.Equal(t, "down", f.Function)
	}
}

// TestIOQueuedAtItsLine: an operation the program hands to the kernel is a step at the
// line that started it, before its callback runs in poll.
func TestIOQueuedAtItsLine(t *testing.T) {
	src := `const { MessageChannel } = require('worker_threads')
const { port1, port2 } = new MessageChannel()
port1.on('message', (m) => { console.log('got ' + m); port1.close() })
port2.postMessage('hi')
`
	res := runSource(t, src, CommonJS, Scenario{})
	q := stepWhere(t, res.Steps, "io-queued", func(s Step) bool { return s.Event == trace.IOQueued })
	assert.Equal(t, 4, q.Line)
	assert.True(t, strings.Contains(q.Label, "message"), q.Label)
	cb := stepWhere(t, res.Steps, "io-callback", func(s Step) bool { return s.Event == trace.IOCallback && s.Item == q.Item })
	assert.Greater(t, cb.N, q.N)
}

// TestPoolJobQueuedAtItsLine: work handed to the thread pool is a step at the line that
// asks for it, on a thread when one is free (a file read, a hash), in the pool's queue
// when all four are busy; its callback runs in poll with the line in its async frame.
func TestPoolJobQueuedAtItsLine(t *testing.T) {
	src := `const fs = require('fs')
const crypto = require('crypto')
fs.readFile(__filename, () => console.log('read'))
for (let i = 0; i < 3; i++) crypto.pbkdf2('a', 'b', 1000, 8, 'sha1', () => {})
crypto.pbkdf2('a', 'b', 1000, 8, 'sha1', () => console.log('fifth'))
`
	res := runSource(t, src, CommonJS, Scenario{})
	read := stepWhere(t, res.Steps, "fs.readFile starts", func(s Step) bool { return s.Event == trace.PoolJobStarts })
	assert.Equal(t, 3, read.Line)
	assert.True(t, strings.HasPrefix(read.Label, "fs.readFile"), read.Label)
	assert.Equal(t, trace.Frame{Kind: trace.FrameMain, Label: trace.MainCode, Line: 3, Column: read.Stack[0].Column}, read.Stack[0])
	var onThread []int
	for _, slot := range read.State.Pool {
		if slot.JobID != 0 {
			onThread = append(onThread, slot.Line)
		}
	}
	assert.Equal(t, []int{3}, onThread, "the read holds a thread after its step")
	waits := stepWhere(t, res.Steps, "the fifth job waits", func(s Step) bool { return s.Event == trace.PoolJobQueued })
	assert.Equal(t, 5, waits.Line, "the job no thread is free for is queued at its line")
	require.Len(t, waits.State.PoolQueue, 1)
	assert.Equal(t, 5, waits.State.PoolQueue[0].Line)
	for _, slot := range waits.State.Pool {
		assert.NotZero(t, slot.JobID, "all four threads are busy when the fifth job waits")
	}
	fifth := stepWhere(t, res.Steps, "printing fifth", printing("fifth"))
	require.Len(t, fifth.Stack, 2)
	assert.Equal(t, trace.Frame{Kind: trace.FrameAsync, Label: trace.MainCode, Line: 5}, fifth.Stack[1], "queued by the main code at line 5")
}

// TestNarrationRuleOfTheSyncEntry: the narration of an ES module read before the loop
// cites the profile change that brought it.
func TestNarrationRuleOfTheSyncEntry(t *testing.T) {
	_, _, rule := trace.Say(trace.ESMBodyStarts, trace.CaseSyncEntry, "")
	assert.Equal(t, ChangeESMSyncEntry, rule)
}
