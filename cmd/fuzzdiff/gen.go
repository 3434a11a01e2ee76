package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// The program grammar. A program is the main script's body (slot 0) plus bodies that run
// in timer slots: slot k's callback is due at k*slotMS from the start and is armed by a
// timer statement at the top of an earlier slot's body, so every timed event keeps a
// margin of at least slotMS-busyMS from every other. Inside a body, statements queue
// work that Node orders deterministically relative to the body: ticks, microtasks,
// immediates, async functions and generators, emitters, streams; a thread-pool or fs job
// is followed by busy(busyMS), so the job has surely finished when the loop next polls.
// Sockets and workers take a slot of their own and leave the next windowSlots empty.
// slotMS is large because the recording machine is shared: at a load of 15-20, a niced
// Node is descheduled for tens of milliseconds (40 ms slots made 4 programs in 10 racy).
const (
	slotMS      = 100
	busyMS      = 30
	windowSlots = 4
	maxDepth    = 2
)

// stmt is one statement; body is the callback it queues (empty for a plain statement).
type stmt struct {
	kind  string
	label int
	body  []*stmt
	delay int // timer: ms from the arming body's slot to its own
	arg   int // exit code, or the slot a timer arms
}

// program is a generated program.
type program struct {
	esm                     bool
	onExit                  bool // process.on('exit') prints the code
	onUncaught, onRejection bool
	main                    []*stmt
}

// generator draws programs from a seed.
type generator struct {
	r                       *rand.Rand
	label                   int
	onUncaught, onRejection bool
	skip                    map[string]bool // statement kinds never drawn
}

func (g *generator) next() int {
	g.label++
	return g.label
}

// generate builds one program without the statement kinds of skip; esmShare of the
// programs are ES modules.
func generate(seed uint64, skip map[string]bool, esmShare float64) *program {
	g := &generator{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), skip: skip}
	g.onUncaught = g.r.IntN(3) == 0
	g.onRejection = g.r.IntN(3) == 0
	p := &program{esm: g.r.Float64() < esmShare, onExit: g.r.IntN(2) == 0, onUncaught: g.onUncaught, onRejection: g.onRejection}
	// Slot bodies: bodies[0] is the main script.
	bodies := [][]*stmt{g.body(0, true)}
	slots := []int{0}
	slot := 0
	for n := g.r.IntN(5); n > 0; n-- {
		slot++
		var b []*stmt
		if w := g.windowed(); g.r.IntN(6) == 0 && !g.skip[w.kind] {
			b = []*stmt{w}
		} else {
			b = g.body(0, true)
			if e := g.ending(); g.r.IntN(6) == 0 && !g.skip[e.kind] {
				b = append(b, e)
			}
		}
		// The timer goes at the top of an earlier slot's body, so it is armed at that slot's start.
		from := g.r.IntN(len(bodies))
		kind := "timer"
		if g.r.IntN(4) == 0 && !g.skip["timerPromise"] {
			kind = "timerPromise" // timers/promises' setTimeout: the same timer, resolved through a promise
		}
		t := &stmt{kind: kind, label: g.next(), body: b, delay: (slot - slots[from]) * slotMS, arg: slot}
		bodies[from] = append([]*stmt{t}, bodies[from]...)
		bodies = append(bodies, b)
		slots = append(slots, slot)
		if b[0].kind == "socket" || b[0].kind == "worker" {
			slot += windowSlots
		}
	}
	p.main = bodies[0]
	return p
}

// prompt kinds queue work that runs within the current macrotask or the loop iteration;
// io kinds need the busy margin and may appear once per body.
var (
	promptKinds = []string{"log", "log", "tick", "micro", "queueMicrotask", "immediate", "await", "asyncgen", "all", "emitter", "stream", "caught", "rejection",
		"writable", "once", "asyncThrow", "race", "allSettled", "executor", "immediatePromise", "eventTarget", "abort", "abortTimer"}
	ioKinds = []string{"fs", "pool"}
	// ioOnlyKinds are deterministic only in an I/O callback: a 0 ms timer set there runs
	// after the check phase of the same iteration.
	ioOnlyKinds = []string{"timeout0"}
)

// allKinds lists every statement kind the grammar draws.
func allKinds() []string {
	kinds := []string{"timer", "timerPromise", "socket", "worker", "exitCode", "exit", "throw"}
	for _, k := range slices.Concat(promptKinds, ioKinds, ioOnlyKinds) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// body draws the statements of one callback.
func (g *generator) body(depth int, allowIO bool) []*stmt {
	n := 1 + g.r.IntN(3)
	var out []*stmt
	usedIO := !allowIO
	for i := 0; i < n; i++ {
		kind := promptKinds[g.r.IntN(len(promptKinds))]
		if !usedIO && g.r.IntN(5) == 0 {
			kind = ioKinds[g.r.IntN(len(ioKinds))]
			usedIO = true
		}
		if g.skip[kind] {
			kind = "log"
		}
		s := &stmt{kind: kind, label: g.next()}
		if kind == "rejection" && !g.onRejection {
			kind, s.kind = "caught", "caught" // an unhandled rejection would end the program
		}
		if hasBody(kind) && depth < maxDepth {
			s.body = g.body(depth+1, false)
			if kind == "fs" || kind == "pool" {
				if k := ioOnlyKinds[g.r.IntN(len(ioOnlyKinds))]; g.r.IntN(2) == 0 && !g.skip[k] {
					s.body = append(s.body, &stmt{kind: k, label: g.next(), body: g.body(depth+2, false)})
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// windowed is a socket exchange or a worker round trip, alone in its slot.
func (g *generator) windowed() *stmt {
	if g.r.IntN(2) == 0 {
		return &stmt{kind: "socket", label: g.next()}
	}
	return &stmt{kind: "worker", label: g.next()}
}

// ending ends a slot's body with an exit code, an exit or a throw.
func (g *generator) ending() *stmt {
	switch g.r.IntN(3) {
	case 0:
		return &stmt{kind: "exitCode", label: g.next(), arg: 1 + g.r.IntN(9)}
	case 1:
		return &stmt{kind: "exit", label: g.next(), arg: g.r.IntN(9)}
	default:
		return &stmt{kind: "throw", label: g.next()}
	}
}

func hasBody(kind string) bool {
	switch kind {
	case "tick", "micro", "queueMicrotask", "immediate", "await", "emitter", "fs", "pool", "timeout0", "executor",
		"immediatePromise", "eventTarget", "abort":
		return true
	}
	return false
}

// render writes the program as JavaScript.
func (p *program) render() string {
	var body strings.Builder
	uses := map[string]bool{}
	if p.onExit {
		body.WriteString("process.on('exit', (code) => console.log('exit', code));\n")
	}
	if p.onUncaught {
		body.WriteString("process.on('uncaughtException', (err) => console.log('uncaught', err.message));\n")
	}
	if p.onRejection {
		body.WriteString("process.on('unhandledRejection', (err) => console.log('unhandled', err.message));\n")
	}
	for _, s := range p.main {
		renderStmt(&body, s, 0, uses, p.esm)
	}
	return p.header(uses) + body.String()
}

// header imports the modules the body uses.
func (p *program) header(uses map[string]bool) string {
	mods := []struct{ key, cjs, esm string }{
		{"fs", "const fs = require('fs');", "import fs from 'node:fs';"},
		{"crypto", "const crypto = require('crypto');", "import crypto from 'node:crypto';"},
		{"events", "const { EventEmitter } = require('events');", "import { EventEmitter } from 'node:events';"},
		{"once", "const { once } = require('events');", "import { once } from 'node:events';"},
		{"stream", "const { Readable } = require('stream');", "import { Readable } from 'node:stream';"},
		{"writable", "const { Writable } = require('stream');", "import { Writable } from 'node:stream';"},
		{"net", "const net = require('net');", "import net from 'node:net';"},
		{"worker", "const { Worker } = require('worker_threads');", "import { Worker } from 'node:worker_threads';"},
		{"timersPromises", "const timersPromises = require('timers/promises');", "import timersPromises from 'node:timers/promises';"},
	}
	var b strings.Builder
	for _, m := range mods {
		if !uses[m.key] {
			continue
		}
		if p.esm {
			b.WriteString(m.esm + "\n")
		} else {
			b.WriteString(m.cjs + "\n")
		}
	}
	return b.String()
}

// renderStmt writes one statement at the given indent.
func renderStmt(b *strings.Builder, s *stmt, indent int, uses map[string]bool, esm bool) {
	pad := strings.Repeat("  ", indent)
	l := fmt.Sprintf("'L%d'", s.label)
	nested := func(extra int) string {
		var ib strings.Builder
		for _, c := range s.body {
			renderStmt(&ib, c, indent+1+extra, uses, esm)
		}
		return ib.String()
	}
	inner := func() string { return nested(0) }
	w := func(format string, args ...any) { fmt.Fprintf(b, pad+format+"\n", args...) }
	switch s.kind {
	case "log":
		w("console.log(%s);", l)
	case "tick":
		w("process.nextTick(() => {\n%s  console.log(%s);\n%s%s});", pad, l, inner(), pad)
	case "micro":
		w("Promise.resolve().then(() => {\n%s  console.log(%s);\n%s%s});", pad, l, inner(), pad)
	case "queueMicrotask":
		w("queueMicrotask(() => {\n%s  console.log(%s);\n%s%s});", pad, l, inner(), pad)
	case "immediate":
		w("setImmediate(() => {\n%s  console.log(%s);\n%s%s});", pad, l, inner(), pad)
	case "await":
		awaited := []string{"null", "Promise.resolve()", "new Promise((r) => r())", "{ then(r) { r(); } }"}[s.label%4]
		w("(async () => {\n%s  console.log(%s, 'before await');\n%s  await %s;\n%s  console.log(%s, 'after await');\n%s%s})();", pad, l, pad, awaited, pad, l, inner(), pad)
	case "asyncgen":
		// Three generators: plain yields, an await between them, a yield that waits for an immediate.
		gen := []string{"yield 1; yield 2;", "yield 1; await null; yield 2;", "yield await new Promise((r) => setImmediate(() => r(1))); yield 2;"}[s.label%3]
		w("(async () => {\n%s  for await (const v of (async function* () { %s })()) console.log(%s, v);\n%s  console.log(%s, 'loop done');\n%s})();", pad, gen, l, pad, l, pad)
	case "immediatePromise":
		uses["timersPromises"] = true
		w("timersPromises.setImmediate(%s).then((v) => {\n%s  console.log(v, 'immediate promise');\n%s%s});", l, pad, inner(), pad)
	case "eventTarget":
		w("{\n%[1]s  const t = new EventTarget();\n%[1]s  t.addEventListener('x', (ev) => {\n%[1]s    console.log(%[2]s, ev.type);\n%[3]s%[1]s  });\n%[1]s  t.dispatchEvent(new Event('x'));\n%[1]s}", pad, l, nested(1))
	case "abort":
		w("{\n%[1]s  const ac = new AbortController();\n%[1]s  ac.signal.addEventListener('abort', () => {\n%[1]s    console.log(%[2]s, 'abort', ac.signal.reason.name);\n%[3]s%[1]s  });\n%[1]s  ac.abort();\n%[1]s}", pad, l, nested(1))
	case "abortTimer":
		// An abortable timers/promises immediate, aborted before it runs: it rejects with an AbortError.
		uses["timersPromises"] = true
		w("{\n%[1]s  const ac = new AbortController();\n%[1]s  timersPromises.setImmediate(null, { signal: ac.signal }).then(() => console.log(%[2]s, 'ran'), (err) => console.log(%[2]s, err.name, err.code));\n%[1]s  ac.abort();\n%[1]s}", pad, l)
	case "all":
		w("Promise.all([Promise.resolve(1), 2]).then((v) => console.log(%s, v.join('+')));", l)
	case "emitter":
		uses["events"] = true
		w("{\n%s  const e = new EventEmitter();\n%s  e.on('x', () => {\n%s    console.log(%s);\n%s%s  });\n%s  e.emit('x');\n%s}", pad, pad, pad, l, nested(1), pad, pad, pad)
	case "stream":
		uses["stream"] = true
		w("Readable.from(['a', 'b']).on('data', (d) => console.log(%s, d)).on('end', () => console.log(%s, 'end'));", l, l)
	case "writable":
		uses["writable"] = true
		w("{\n%[1]s  const w = new Writable({ write(c, e, cb) { console.log(%[2]s, 'write', String(c)); cb(); } });\n%[1]s  w.on('finish', () => console.log(%[2]s, 'finish'));\n%[1]s  w.write('a');\n%[1]s  w.end('b');\n%[1]s}", pad, l)
	case "once":
		uses["events"], uses["once"] = true, true
		w("{\n%[1]s  const e = new EventEmitter();\n%[1]s  once(e, 'y').then(([v]) => console.log(%[2]s, 'once', v));\n%[1]s  e.emit('y', 7);\n%[1]s}", pad, l)
	case "asyncThrow":
		w("(async () => { throw new Error(%s); })().catch((err) => console.log('async caught', err.message));", l)
	case "race":
		w("Promise.race([new Promise((r) => setImmediate(() => r('slow'))), Promise.resolve('fast')]).then((v) => console.log(%s, v));", l)
	case "allSettled":
		w("Promise.allSettled([Promise.reject(new Error('no')), 1]).then((r) => console.log(%s, r.map((x) => x.status).join(',')));", l)
	case "executor":
		w("new Promise((resolve) => {\n%s  console.log(%s, 'executor');\n%s  resolve();\n%s}).then(() => {\n%s  console.log(%s, 'then');\n%s%s});", pad, l, pad, pad, pad, l, inner(), pad)
	case "timeout0":
		w("setTimeout(() => {\n%s  console.log(%s, 'timeout 0');\n%s%s}, 0);", pad, l, inner(), pad)
	case "caught":
		w("try { throw new Error(%s); } catch (err) { console.log('caught', err.message); }", l)
	case "rejection":
		w("Promise.reject(new Error(%s));", l)
	case "fs":
		uses["fs"] = true
		file := "__filename"
		if esm {
			file = "new URL(import.meta.url)"
		}
		w("fs.stat(%s, () => {\n%s  console.log(%s);\n%s%s});\n%sbusy(%d);", file, pad, l, inner(), pad, pad, busyMS)
	case "pool":
		uses["crypto"] = true
		w("crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => {\n%s  console.log(%s);\n%s%s});\n%sbusy(%d);", pad, l, inner(), pad, pad, busyMS)
	case "timer":
		w("setTimeout(() => {\n%s  console.log(%s, 'slot %d');\n%s%s}, %d);", pad, l, s.arg, inner(), pad, s.delay)
	case "timerPromise":
		uses["timersPromises"] = true
		w("timersPromises.setTimeout(%d).then(() => {\n%s  console.log(%s, 'slot %d');\n%s%s});", s.delay, pad, l, s.arg, inner(), pad)
	case "socket":
		uses["net"] = true
		w(`{
%[1]s  const server = net.createServer((sock) => {
%[1]s    sock.on('data', (d) => { console.log(%[2]s, 'server got', String(d)); sock.end('pong'); });
%[1]s  });
%[1]s  server.listen(0, () => {
%[1]s    console.log(%[2]s, 'listening');
%[1]s    const c = net.connect(server.address().port, () => { console.log(%[2]s, 'connected'); c.write('ping'); });
%[1]s    c.on('data', (d) => console.log(%[2]s, 'client got', String(d)));
%[1]s    c.on('close', () => { console.log(%[2]s, 'client closed'); server.close(() => console.log(%[2]s, 'server closed')); });
%[1]s  });
%[1]s}`, pad, l)
	case "worker":
		uses["worker"] = true
		w("{\n%s  const w = new Worker(\"require('worker_threads').parentPort.postMessage('hi')\", { eval: true });\n%s  w.on('message', (m) => console.log(%s, 'message', m));\n%s  w.on('exit', (code) => console.log(%s, 'worker exit', code));\n%s}", pad, pad, l, pad, l, pad)
	case "exitCode":
		w("process.exitCode = %d;", s.arg)
	case "exit":
		w("process.exit(%d);", s.arg)
	case "throw":
		w("throw new Error(%s);", l)
	default:
		panic("unknown statement kind " + s.kind)
	}
}

// size counts the statements of a tree.
func size(list []*stmt) int {
	n := 0
	for _, s := range list {
		n += 1 + size(s.body)
	}
	return n
}

// shape is the program's statement kinds in order: two minimal programs with the same
// shape and verdict are the same finding.
func shape(list []*stmt) string {
	var parts []string
	for _, s := range list {
		p := s.kind
		if len(s.body) > 0 {
			p += "(" + shape(s.body) + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}
