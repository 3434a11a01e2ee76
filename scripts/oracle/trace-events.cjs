'use strict';
// The trace oracle's reader (docs/trace-oracle.md): turns the raw lines trace-hooks.cjs
// wrote for one run into the sequence of queue events of the program's own callbacks,
// one per line, "KIND+ LINE:COL" when the callback is queued (a timer armed) and
// "KIND LINE:COL" when it runs (a timer fires), LINE:COL being the entry file's call
// that registered it. KIND is tick (process.nextTick), micro (queueMicrotask), then (a
// promise reaction: .then/.catch/.finally, an await, the reactions Promise.all and its
// kind register), timer (setTimeout, setInterval) or immediate (setImmediate).
//
//   node trace-events.cjs RAW            prints the events of one run
//   module.exports.events(text)          returns them as an array
//
// A promise reaction is queued when .then (or await ...) is called on a settled promise,
// else when that promise settles; it runs when its job starts. The promise a reaction
// makes is chained to the promise it waits on; a chained promise that settles before
// its job runs is not a reaction but a promise the engine made for an await (V8 chains
// the promise an await wraps its value in to the async function's). A promise's
// settlement is the last settled line it gets (Node 10's async_hooks also report the
// resolve() that only adopts a thenable). A job that runs a promise that is not a
// reaction, or a reaction's second job, adopts a thenable: Node's, not the program's.
const fs = require('fs');

// apis: for each kind of resource, the Node functions that register a callback of the
// program's (the frame just above the entry file's: the last of the init line's API).
const apis = {
  TickObject: { tick: /^nextTick@internal\/process\/(task_queues|next_tick)$/ },
  Microtask: { micro: /^queueMicrotask@internal\/process\/task_queues$/ },
  Timeout: { timer: /^(setTimeout|setInterval)@timers$/ },
  Immediate: { immediate: /^setImmediate@timers$/ },
};

function parse(text) {
  return text.split('\n').filter((l) => l !== '').map((l) => l.split(' '));
}

// kindOf is the compared kind of a resource the raw init line describes, or '' for one
// Node made for itself. A promise is the program's when only builtins stand between it
// and the program (then, all, an await's own code); a callback when the program called
// the API that registers it.
function kindOf(type, api, loc) {
  if (loc === '-') return '';
  if (type === 'PROMISE') return api.includes('@') ? '' : 'then';
  const called = api.split(',').pop();
  for (const [kind, re] of Object.entries(apis[type] || {})) {
    if (re.test(called)) return kind;
  }
  return '';
}

function events(text) {
  const lines = parse(text);
  const res = new Map(); // id -> {kind, parent, loc}
  const lastSettled = new Map(); // promise id -> index of its last settled line
  const firstBefore = new Map();
  const firstSettled = new Map();
  lines.forEach((f, i) => {
    if (f[0] === 'settled') {
      lastSettled.set(f[1], i);
      if (!firstSettled.has(f[1])) firstSettled.set(f[1], i);
    }
    if (f[0] === 'before' && !firstBefore.has(f[1])) firstBefore.set(f[1], i);
  });
  // A chained promise is a reaction unless it settles before its job runs, or it is the
  // promise an await wraps its value in, which V8 chains to the async function's: the
  // await chains its own reaction to it at once, from the same place.
  const wrappers = new Set();
  let prev = null;
  for (const f of lines) {
    if (f[0] !== 'init' || f[2] !== 'PROMISE') continue;
    const byAwait = (g) => g[4] === '.' || g[4] === '?'; // no builtin between: an await
    if (prev && f[3] === prev[1] && f[5] === prev[5] && byAwait(prev) && byAwait(f)) wrappers.add(prev[1]);
    prev = f;
  }
  const isReaction = (id) => {
    if (wrappers.has(id)) return false;
    const s = firstSettled.get(id);
    const b = firstBefore.get(id);
    return s === undefined || (b !== undefined && b < s);
  };
  const out = [];
  const waiting = new Map(); // promise id -> reactions waiting for it to settle
  const ran = new Set();
  lines.forEach((f, i) => {
    switch (f[0]) {
      case 'init': {
        const [, id, type, parent, api, loc] = f;
        let kind = kindOf(type, api, loc);
        if (kind === 'then' && (parent === '-' || !isReaction(id))) kind = '';
        res.set(id, { kind, loc });
        if (kind === '') return;
        if (kind !== 'then') {
          out.push(`${kind}+ ${loc}`);
        } else if (lastSettled.has(parent) && lastSettled.get(parent) < i) {
          out.push(`then+ ${loc}`);
        } else {
          if (!waiting.has(parent)) waiting.set(parent, []);
          waiting.get(parent).push(id);
        }
        return;
      }
      case 'settled': {
        if (lastSettled.get(f[1]) !== i) return;
        for (const id of waiting.get(f[1]) || []) out.push(`then+ ${res.get(id).loc}`);
        waiting.delete(f[1]);
        return;
      }
      case 'before': {
        const r = res.get(f[1]);
        if (!r || r.kind === '') return;
        if (r.kind === 'then') {
          if (ran.has(f[1])) return; // its second job adopts what the callback returned
          ran.add(f[1]);
        }
        out.push(`${r.kind} ${r.loc}`);
        return;
      }
      case 'end':
        out.push('end');
    }
  });
  return out;
}

module.exports = { events };

if (require.main === module) {
  const seq = events(fs.readFileSync(process.argv[2], 'utf8'));
  process.stdout.write(seq.join('\n') + (seq.length ? '\n' : ''));
}
