package sim

import (
	"slices"

	"github.com/looplab/looplab/sim/internal/engine"

	"github.com/looplab/looplab/sim/trace"
)

// asyncCtx is a piece of the program's code the runtime runs as a unit, as the call stack
// of a step shows it: the main module, or a callback with its label. from and at say
// where it was queued (the code that queued it and that code's line); following from
// gives the async frames, as a debugger's async stack traces do.
type asyncCtx struct {
	label string
	main  bool
	line  int // the line the queues show for it
	from  *asyncCtx
	at    int
}

// The stack a step shows is bounded: the innermost program frames, the outermost one,
// and the nearest async frames.
const (
	maxStackFrames = 12
	maxAsyncFrames = 8
)

// queuedHere is the context of a callback queued now at line, under the code running
// now; nil when no trace is recorded (the stack is only shown in steps).
func (r *run) queuedHere(label string, line int) *asyncCtx {
	if !r.tracing() {
		return nil
	}
	return r.newCtx(asyncCtx{label: label, line: line, from: r.rec.cur, at: line})
}

// enter makes c (queued earlier, or nil when it was queued untraced) the code running
// now; label and line stand in for a nil c.
func (r *run) enter(c *asyncCtx, label string, line int) {
	if c == nil && r.tracing() {
		c = r.newCtx(asyncCtx{label: label, line: line})
	}
	r.rec.cur = c
}

// enterMain makes the main module's top-level code the code running now.
func (r *run) enterMain() {
	r.rec.cur = nil
	if r.tracing() {
		r.rec.cur = r.newCtx(asyncCtx{label: trace.MainCode, main: true, line: 1})
	}
}

// newCtx keeps c in the run's slab of contexts (a traced run makes one per queued
// callback: a few allocations in all rather than one each).
func (r *run) newCtx(c asyncCtx) *asyncCtx {
	if len(r.rec.ctxSlab) == cap(r.rec.ctxSlab) {
		r.rec.ctxSlab = make([]asyncCtx, 0, 16)
	}
	r.rec.ctxSlab = append(r.rec.ctxSlab, c)
	return &r.rec.ctxSlab[len(r.rec.ctxSlab)-1]
}

// keepFrames copies a stack into the run's slab of frames: steps' stacks are small and
// never modified, so they share a few allocations.
func (r *run) keepFrames(fs []trace.Frame) []trace.Frame {
	if cap(r.rec.frameSlab)-len(r.rec.frameSlab) < len(fs) {
		r.rec.frameSlab = make([]trace.Frame, 0, max(32, len(fs)))
	}
	n := len(r.rec.frameSlab)
	r.rec.frameSlab = append(r.rec.frameSlab, fs...)
	return r.rec.frameSlab[n:len(r.rec.frameSlab):len(r.rec.frameSlab)]
}

// stack is the call stack at this moment (Step.Stack), its innermost frame at the step's
// line and column (a promise job is seen at an operation after the one that queued it);
// prev when it is the same.
func (r *run) stack(prev []trace.Frame, line, col int) []trace.Frame {
	c := r.rec.cur
	if c == nil || r.js == nil {
		return nil
	}
	out := r.rec.stackScratch[:0]
	var elided int
	r.rec.frameScratch, elided = r.js.KeptFrames(r.rec.frameScratch[:0], r.isUserSource, maxStackFrames)
	fr := r.rec.frameScratch
	called := trace.Frame{Kind: trace.FrameCallback, Label: c.label, Line: c.line}
	if c.main {
		called.Kind = trace.FrameMain
	}
	if n := len(fr); n > 0 {
		for _, f := range fr[:n-1] {
			out = append(out, trace.Frame{Kind: trace.FrameFunction, Function: f.Function, Line: f.Line, Column: f.Column})
		}
		outer := fr[n-1]
		called.Line, called.Column, called.Elided = outer.Line, outer.Column, elided
		if !c.main {
			called.Function = outer.Function
		}
	}
	out = append(out, called)
	if line > 0 && out[0].Line != line {
		out[0].Line, out[0].Column = line, col
	}
	for k := 0; c.from != nil && k < maxAsyncFrames; k++ {
		from := c.from
		out = append(out, trace.Frame{Kind: trace.FrameAsync, Label: from.label, Line: c.at})
		c = from
	}
	r.rec.stackScratch = out
	if slices.Equal(prev, out) {
		return prev
	}
	return r.keepFrames(out)
}

// preludeFile is the file of the globals' functions (setTimeout, process.nextTick...).
const preludeFile = "node:prelude"

// callbackSite is where the callback fn, being registered now through one of the global
// functions apis (setTimeout, nextTick...), comes from: the program's call (the innermost
// frame of the program's), fn's own definition when fn is the program's, and whether
// the program called something else, which called apis (Node's own code registered it:
// a stream's tick, timers/promises' timer). It is the zero site when no trace is
// recorded.
func (r *run) callbackSite(fn engine.Value, apis ...string) site {
	if !r.tracing() || r.js == nil {
		return site{}
	}
	c, ok := r.js.CallSite(r.isUserSource)
	if !ok {
		return site{line: r.curLine, internal: true} // a built-in's own work, on the callback's line
	}
	s := site{line: c.At.Line, col: c.At.Column, internal: c.ViaFile != preludeFile || !slices.Contains(apis, c.Via)}
	if p, ok := r.js.FunctionPosition(fn); ok && r.isUserSource(p.File) {
		s.fnLine, s.fnCol = p.Line, p.Column
	}
	return s
}
