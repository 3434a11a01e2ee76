// The playground: paste a program, choose CommonJS or ES module and the scenario, run it
// through POST /v1/simulate, step through the trace. Anyone may run programs; signing in
// (a learner token or an API key) only raises how many per minute. A shared link carries the program
// in the URL fragment (#c=…), which browsers never send to a server, so it is never in a
// server's log; a link to a step (the visualiser's "Link to this step") adds the outcome
// and the step, and runs the program at once to open there.
import { $, h, fill, ms, reveal } from './dom.js';
import { t, text, outcomeEnding } from './i18n.js';
import { boot, status, signInForm, ready } from './shell.js';
import { api, auth } from './api.js';
import { editor, setCode, markErrors } from './editor.js';
import { Visualiser, tracesOfResult } from './visualiser.js';
import { renderTimeline } from './timeline.js';
import { comparePanel } from './compare.js';
import { NODES, DEFAULT_NODE } from './nodes.js';


const EXAMPLES = {
  'all-queues': {
    module: 'cjs',
    code: `const fs = require('fs');

console.log('sync 1');
setTimeout(() => console.log('setTimeout 0'), 0);
setImmediate(() => console.log('setImmediate'));
Promise.resolve().then(() => console.log('Promise.then'));
queueMicrotask(() => console.log('queueMicrotask'));
process.nextTick(() => console.log('nextTick'));

setTimeout(() => {
  fs.stat(__filename, () => {
    setTimeout(() => console.log('I/O: setTimeout 0'), 0);
    setImmediate(() => console.log('I/O: setImmediate'));
  });
}, 20);
console.log('sync 2');
`,
  },
  'pbkdf2': {
    module: 'cjs',
    code: `const crypto = require('crypto');
const start = Date.now();
for (let i = 1; i <= 6; i++) {
  crypto.pbkdf2('secret', 'salt', 500000, 64, 'sha512', () => {
    console.log('hash ' + i + ' done at ' + (Date.now() - start) + ' ms');
  });
}
`,
  },
  'four-requests': {
    module: 'cjs',
    code: `// The seed's timeline: 4 requests 5 ms apart; each handler runs 10 ms of CPU,
// waits 40 ms for the database (holding no thread), then 5 ms more to respond.
const http = require('http');
const pool = require('mysql2/promise').createPool({ connectionLimit: 10 });
http.createServer(async (req, res) => {
  busy(10);
  const [rows] = await pool.query('SELECT * FROM users WHERE id = ?', [1]);
  busy(5);
  res.end(JSON.stringify(rows));
}).listen(3000);
`,
    scenario: { clients: { requests: [{ at_ms: 0, label: 'A' }, { at_ms: 5, label: 'B' }, { at_ms: 10, label: 'C' }, { at_ms: 15, label: 'D' }] }, database: { latency_ms: 40 } },
  },
  'timer-threshold': {
    module: 'cjs',
    code: `const start = Date.now();
setTimeout(() => console.log('timer at ' + (Date.now() - start) + ' ms'), 10);
setImmediate(() => {
  busy(25); // 25 ms of CPU on the main thread
  console.log('immediate done');
});
`,
  },
};

boot('play');
const code = editor($('#code'));
const form = $('#play');
const statusEl = $('#status');
let vis = null;
let last = null;
let opening = null; // {outcome, step} a step link asks to open, until the run it starts

// renderGate offers, to a visitor who is not signed in, to sign in: optional, since
// anyone may run programs, but it raises the rate limit.
function renderGate() {
  const gate = $('#gate');
  if (auth.credential('any')) { fill(gate); return; }
  const open = gate.querySelector('details')?.open ?? false;
  fill(gate, h('details', { class: 'card signin-optional', open },
    h('summary', {}, t('play.signin')),
    h('p', { class: 'help' }, t('play.signin.help')),
    h('div', { class: 'grid-2' }, signInForm('token', renderGate), signInForm('key', renderGate))));
}

function renderExamples() {
  const sel = $('#example');
  const cur = sel.value;
  fill(sel, h('option', { value: '' }, '—'),
    ['all-queues', 'pbkdf2', 'timer-threshold', 'four-requests'].map((k) => h('option', { value: k }, t('play.ex.' + k))));
  sel.value = cur;
}

$('#example').addEventListener('change', (e) => {
  const ex = EXAMPLES[e.target.value];
  if (!ex) return;
  setCode(code, ex.code);
  form.elements.module.value = ex.module;
  $('#scenario').value = ex.scenario ? JSON.stringify(ex.scenario, null, 1) : '';
});

code.addEventListener('input', () => { $('#example').value = ''; });

function moduleKind() { return form.elements.module.value === 'esm' ? 'esm' : 'cjs'; }

function renderNodes() {
  const sel = $('#node');
  const cur = sel.value || DEFAULT_NODE;
  fill(sel, NODES.map(([major, v]) => h('option', { value: major }, major === DEFAULT_NODE ? t('play.node.default', { v }) : v)));
  sel.value = cur;
}

function scenario() {
  const raw = $('#scenario').value.trim();
  let sc = {};
  if (raw) sc = JSON.parse(raw);
  const tp = Number($('#threadpool').value);
  if (tp && tp !== 4) sc.threadpool = tp;
  const cores = Number($('#cores').value);
  if (cores > 0) sc.cores = cores;
  const seed = Number($('#seed').value);
  if (seed && seed !== 1) sc.seed = seed;
  return sc;
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  let sc;
  try { sc = scenario(); } catch (err) { status(statusEl, t('play.badjson', { msg: err.message }), 'error'); return; }
  const run = $('#run');
  run.disabled = true;
  status(statusEl, t('play.running'), 'info');
  try {
    const body = { code: code.value, module: moduleKind(), node: $('#node').value };
    if (Object.keys(sc).length) body.scenario = sc;
    last = { result: await api('/v1/simulate', { method: 'POST', body }), code: code.value, link: (await shareParams()).toString() };
    status(statusEl, '');
    renderResult();
    reveal($('#outcomes-card')); // the results, not the form, fill the screen after Run
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
    reveal(statusEl);
  } finally {
    run.disabled = false;
  }
});

function renderOutcomes() {
  if (!last) return;
  const r = last.result;
  const outs = r.outcomes || [];
  fill($('#results'),
    h('div', { class: 'card', id: 'outcomes-card', tabindex: '-1' },
      h('h2', {}, t('play.outcomes', { n: outs.length })),
      h('p', { class: 'muted' }, r.node ? t('play.nodeof', { v: r.node }) + ' ' : '', t(r.deterministic ? 'play.deterministic' : 'play.racy'), ' ',
        r.summary ? t('play.summary', { t: ms(r.summary.end_time_us || 0), n: r.summary.loop_iterations ?? 0 }) : ''),
      r.error ? h('p', { class: 'status error', role: 'alert' }, t('play.simerror', { code: r.error.code, msg: r.error.message })) : null,
      h('ol', { class: 'outcomes' }, outs.map((o, i) => h('li', { class: 'outcome', 'data-outcome': String(i + 1) },
        h('h3', {}, t('play.outcome', { n: i + 1 }), ' ', h('span', { class: 'meta' }, outcomeEnding(o))),
        o.condition ? h('p', { class: 'help' }, text({ en: o.condition, vi: o.condition_vi })) : null,
        // Focusable: a long line scrolls the box sideways, by keyboard too.
        h('pre', { tabindex: '0', 'aria-label': t('play.outcome', { n: i + 1 }) }, [...(o.stdout || []), ...(o.stderr || []).map((l) => '[stderr] ' + l)].join('\n')))))));
}

function renderResult() {
  const r = last.result;
  renderOutcomes();
  // A syntax error is marked in the program where Node's caret points.
  markErrors(code, r.error?.line ? [{ line: r.error.line, column: r.error.column || 0, message: r.error.message }] : []);
  const visEl = $('#vis');
  visEl.hidden = !(r.steps && r.steps.length);
  const at = opening || { outcome: 1, step: 1 };
  opening = null;
  const opts = { program: last.code, traces: tracesOfResult(r), outcome: at.outcome, start: at.step, node: r.node,
    linkFor: (o, n) => `${location.pathname}#${last.link}&outcome=${o}&step=${n}` };
  if (vis) vis.load(opts); else vis = new Visualiser(visEl, opts);
  renderTimeline($('#timeline'), r.summary);
}

// Sharing: the program and settings go into the fragment, deflated and base64url-encoded.
async function pack(str) {
  const bytes = new TextEncoder().encode(str);
  let out = bytes;
  if (typeof CompressionStream === 'function') {
    const s = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    out = new Uint8Array(await new Response(s).arrayBuffer());
  }
  let bin = '';
  for (const b of out) bin += String.fromCharCode(b);
  return (typeof CompressionStream === 'function' ? 'z' : 'p') + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(s) {
  const kind = s[0];
  const bin = atob(s.slice(1).replace(/-/g, '+').replace(/_/g, '/'));
  let bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  if (kind === 'z') {
    const st = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    bytes = new Uint8Array(await new Response(st).arrayBuffer());
  }
  return new TextDecoder().decode(bytes);
}

// shareParams is the fragment that gives the program and its settings.
async function shareParams() {
  const p = new URLSearchParams();
  p.set('m', moduleKind());
  for (const id of ['node', 'threadpool', 'cores', 'seed']) p.set(id, $('#' + id).value);
  if ($('#scenario').value.trim()) p.set('s', await pack($('#scenario').value.trim()));
  p.set('c', await pack(code.value));
  return p;
}

$('#share').addEventListener('click', async () => {
  const p = await shareParams();
  const url = location.origin + location.pathname + '#' + p.toString();
  history.replaceState(null, '', '#' + p.toString());
  $('#share-out').hidden = false;
  const out = $('#share-link');
  out.value = url;
  out.focus();
  out.select();
  try { await navigator.clipboard?.writeText(url); } catch { /* not allowed here; the field shows it */ }
});

async function fromFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has('c')) return false;
  try {
    setCode(code, await unpack(p.get('c')));
    if (p.has('s')) $('#scenario').value = await unpack(p.get('s'));
  } catch {
    return false;
  }
  form.elements.module.value = p.get('m') === 'esm' ? 'esm' : 'cjs';
  for (const id of ['node', 'threadpool', 'cores', 'seed']) if (p.has(id)) $('#' + id).value = p.get(id);
  if (p.has('step')) opening = { outcome: Number(p.get('outcome')) || 1, step: Number(p.get('step')) || 1 };
  return true;
}

// The comparison across Node releases reads the form when asked (its own button).
fill($('#compare-slot'), comparePanel(() => {
  let sc = {};
  try { sc = scenario(); } catch { /* the run reports bad JSON; compare without it */ }
  return { code: code.value, module: moduleKind(), scenario: sc };
}));

renderGate();
renderExamples();
renderNodes();
document.addEventListener('langchange', () => { renderGate(); renderExamples(); renderNodes(); renderOutcomes(); });
document.addEventListener('authchange', renderGate);
fromFragment().then((ok) => {
  if (!ok && !code.value) { setCode(code, EXAMPLES['all-queues'].code); $('#example').value = 'all-queues'; }
  if (opening) form.requestSubmit(); // a step link: run it and open at that step
  ready();
});
