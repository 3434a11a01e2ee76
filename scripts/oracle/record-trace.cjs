'use strict';
// Records the trace oracle (docs/trace-oracle.md) of a corpus with one Node binary: every
// case whose output recording (expected/vNN/<case>.json) is deterministic is run RUNS
// times (default 3) with trace-hooks.cjs preloaded, as run-node.sh runs it, and
// traces/vNN/<case>.json gets the events trace-events.cjs reads from the runs:
//
//   {"file", "node_version", "runs", "deterministic": every run gave the same events,
//    "output_agrees": every run printed what the unhooked recording printed and exited
//    alike (the hooks changed nothing Node does), "events": [...], "variants": [...]}
//
// usage: node record-trace.cjs NODE CORPUS [PATTERN...]   (record-trace.sh runs it for
// every profile's binary). env RUNS, PRELUDE as run-node.sh; SKIP_EXISTING=1 resumes;
// ONLY_FAILED=1 runs again the cases whose recorded runs varied or printed otherwise.
// Each case's runs (stdout, exit code and the hooks' raw lines) are kept outside the
// repository, in TRACE_RAW (default ~/.cache/looplab-trace-raw): REREAD=1 reads the
// events anew from them without running node (after a change to trace-events.cjs).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { events } = require('./trace-events.cjs');

const [node, corpusArg, ...patterns] = process.argv.slice(2);
if (!node || !corpusArg) {
  console.error('usage: node record-trace.cjs NODE CORPUS [PATTERN...]');
  process.exit(2);
}
const corpus = path.resolve(corpusArg);
const runs = Number(process.env.RUNS || 3);
const prelude = process.env.PRELUDE || path.join(__dirname, 'prelude.cjs');
const hooks = path.join(__dirname, 'trace-hooks.cjs');
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
const major = 'v' + version.replace(/^v/, '').split('.')[0];
const casesDir = path.join(corpus, 'cases');
const outDir = path.join(corpus, 'traces', major);
fs.mkdirSync(outDir, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-run.'));
const rawDir = path.join(process.env.TRACE_RAW || path.join(os.homedir(), '.cache', 'looplab-trace-raw'),
  path.relative(path.resolve(__dirname, '..', '..'), corpus).replace(/[\/]/g, '_'), major);
fs.mkdirSync(rawDir, { recursive: true });
const reread = process.env.REREAD === '1';

// header reads a case's `// @key: value` comment in its first 15 lines.
function header(src, key) {
  for (const line of src.split('\n').slice(0, 15)) {
    const m = new RegExp('^// @' + key + ':\\s*(.*)$').exec(line);
    if (m) return m[1].trim();
  }
  return '';
}

// runOnce runs the case once with the hooks; its stdout lines, exit code and the hooks'
// raw lines. A run Node was expected to finish gets three times the case's time limit,
// and two more tries if it still runs out of it: a loaded machine is slow to start node.
function runOnce(file, src, exp) {
  for (let tries = 1; ; tries++) {
    const r = runTimed(file, src, exp.exit_code === 124 ? 1 : 3);
    if (r.code !== 124 || exp.exit_code === 124 || tries === 3) return r;
    console.log(`retry  ${major} ${file}: run out of time (try ${tries})`);
  }
}

function runTimed(file, src, slack) {
  const raw = path.join(work, 'raw');
  const out = path.join(work, 'stdout');
  const flags = header(src, 'node-flags').split(/\s+/).filter(Boolean);
  const timeout = Number(header(src, 'timeout') || 10) * 1000 * slack;
  // stdout to a regular file, as run-node.sh has it.
  const fd = fs.openSync(out, 'w');
  const r = spawnSync(node, [...flags, '--require', hooks, '--require', prelude, file], {
    cwd: casesDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME || '/tmp',
      UV_THREADPOOL_SIZE: header(src, 'threadpool') || '4',
      LOOPLAB_TRACE_OUT: raw,
    },
    timeout,
    stdio: ['ignore', fd, 'ignore'],
  });
  fs.closeSync(fd);
  const lines = fs.readFileSync(out, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const text = fs.existsSync(raw) ? fs.readFileSync(raw, 'utf8') : '';
  fs.rmSync(raw, { force: true });
  return { lines, code: r.status === null ? 124 : r.status, raw: text };
}

// recordCase runs a case RUNS times. A run that prints otherwise than the unhooked
// recording is most often the machine's load (a timer margin missed), which the hooks'
// own work makes likelier: the case is run again, up to three times in all, and the last
// try's runs are kept. A case the hooks themselves change prints otherwise every time.
function recordCase(file, src, exp) {
  const want = JSON.stringify(exp.outputs[0].lines);
  let results;
  for (let tries = 1; tries <= 3; tries++) {
    results = [];
    for (let i = 0; i < runs; i++) results.push(runOnce(file, src, exp));
    if (results.every((r) => JSON.stringify(r.lines) === want && r.code === exp.exit_code)) break;
    if (tries < 3) console.log(`retry  ${major} ${file}: a run printed otherwise (try ${tries})`);
  }
  return results;
}

let status = 0;
for (const file of fs.readdirSync(casesDir).sort()) {
  if (!/\.(cjs|mjs)$/.test(file)) continue;
  if (patterns.length && !patterns.some((p) => file.includes(p))) continue;
  const base = file.replace(/\.(cjs|mjs)$/, '');
  const dest = path.join(outDir, base + '.json');
  if (process.env.SKIP_EXISTING === '1' && fs.existsSync(dest)) continue;
  if (process.env.ONLY_FAILED === '1' && fs.existsSync(dest)) {
    const old = JSON.parse(fs.readFileSync(dest, 'utf8'));
    if (old.output_agrees && old.deterministic) continue;
  }
  const expPath = path.join(corpus, 'expected', major, base + '.json');
  if (!fs.existsSync(expPath)) continue;
  const exp = JSON.parse(fs.readFileSync(expPath, 'utf8'));
  if (!exp.deterministic || exp.expected_nondeterministic) {
    fs.rmSync(dest, { force: true });
    continue;
  }
  const src = fs.readFileSync(path.join(casesDir, file), 'utf8');
  const rawPath = path.join(rawDir, base + '.json');
  let results;
  if (reread) {
    if (!fs.existsSync(rawPath)) continue;
    results = JSON.parse(fs.readFileSync(rawPath, 'utf8'));
  } else {
    results = recordCase(file, src, exp);
    fs.writeFileSync(rawPath, JSON.stringify(results));
  }
  for (const r of results) r.events = events(r.raw);
  const want = JSON.stringify(exp.outputs[0].lines);
  const outputAgrees = results.every((r) => JSON.stringify(r.lines) === want && r.code === exp.exit_code);
  const keys = results.map((r) => JSON.stringify(r.events));
  const distinct = [...new Set(keys)];
  const rec = {
    file,
    node_version: version,
    runs: results.length,
    deterministic: distinct.length === 1,
    output_agrees: outputAgrees,
    events: results[0].events,
  };
  if (distinct.length > 1) rec.variants = distinct.slice(1).map((k) => JSON.parse(k));
  if (!outputAgrees) {
    rec.outputs = results.map((r) => ({ lines: r.lines, exit_code: r.code }));
    status = 1;
  }
  fs.writeFileSync(dest + '.tmp', JSON.stringify(rec, null, 1) + '\n');
  fs.renameSync(dest + '.tmp', dest);
  const tag = !outputAgrees ? 'OUTPUT' : rec.deterministic ? 'ok    ' : 'VARY  ';
  console.log(`${tag} ${major} ${file} ${rec.events.length} events`);
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(status);
