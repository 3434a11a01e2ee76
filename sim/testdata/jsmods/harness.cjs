#!/usr/bin/env node
// Differential test for sim/js/events.js and sim/js/stream.js.
//
// Every scenario in cases/*.cjs is run twice, each time in a fresh child
// process: once with Node's own `require('events')` / `require('stream')` and
// once with the simulator's modules (evaluated here with a hooks object built
// from process.nextTick and process.emitWarning). The scenario sees the free
// variables `events` and `stream`, is run as part of the CommonJS main script
// (so ticks run before promise jobs, as in the simulator), and its stdout and
// exit code must be identical in both runs. Both runs are real Node, so a
// scenario must not race a main-script timer against setImmediate (Node's
// order then depends on the clock): set such a timer from a callback instead.
//
//   node harness.cjs [-v] [--buffer] [name-filter...]   run and compare
//   node harness.cjs --run FILE node|sim|sim-buffer      run one scenario
//
// --buffer also hands Node's Buffer to stream.js (hooks.Buffer), the mode a
// simulator with a Buffer implementation would use; without it the modules
// run as in today's simulator (strings stay strings).
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const jsDir = path.resolve(__dirname, '..', '..', 'js');
const casesDir = path.join(__dirname, 'cases');

function loadModule(file, ...args) {
  const src = fs.readFileSync(path.join(jsDir, file), 'utf8');
  // The file is a single function expression `(function (exports, hooks, ...) {...})`.
  const factory = (0, eval)(src + '\n//# sourceURL=' + file);
  if (typeof factory !== 'function') throw new Error(file + ' did not evaluate to a function');
  const exports = {};
  factory(exports, ...args);
  return exports;
}

function simModules(withBuffer) {
  const hooks = {
    nextTick: (fn, ...args) => process.nextTick(fn, ...args),
    emitWarning: (message, name) => process.emitWarning(message, name),
  };
  if (withBuffer) hooks.Buffer = Buffer;
  const events = loadModule('events.js', hooks);
  const stream = loadModule('stream.js', hooks, events);
  return { events, stream };
}

function runChild(file, mode) {
  const mods = mode === 'node'
    ? { events: require('events'), stream: require('stream') }
    : simModules(mode === 'sim-buffer');
  const code = fs.readFileSync(file, 'utf8');
  // Run synchronously inside the main script, like a CommonJS program body.
  const fn = new Function('events', 'stream', code + '\n//# sourceURL=' + path.basename(file));
  fn(mods.events, mods.stream);
}

function runCase(file, mode) {
  const r = spawnSync(process.execPath, [__filename, '--run', file, mode], {
    encoding: 'utf8',
    timeout: 20000,
  });
  return {
    stdout: r.stdout.split('\n').filter((l, i, a) => !(i === a.length - 1 && l === '')),
    stderr: r.stderr,
    status: r.status,
    signal: r.signal,
  };
}

function main(argv) {
  if (argv[0] === '--run') {
    runChild(argv[1], argv[2]);
    return;
  }
  const verbose = argv.includes('-v');
  const simMode = argv.includes('--buffer') ? 'sim-buffer' : 'sim';
  const filters = argv.filter((a) => a !== '-v' && a !== '--buffer');
  const files = fs.readdirSync(casesDir)
    .filter((f) => f.endsWith('.cjs'))
    .filter((f) => filters.length === 0 || filters.some((p) => f.includes(p)))
    .sort();
  let failed = 0;
  for (const f of files) {
    const file = path.join(casesDir, f);
    const want = runCase(file, 'node');
    const got = runCase(file, simMode);
    const problems = [];
    const n = Math.max(want.stdout.length, got.stdout.length);
    for (let i = 0; i < n; i++) {
      if (want.stdout[i] !== got.stdout[i]) {
        problems.push(`  line ${i + 1}: node ${JSON.stringify(want.stdout[i])} | sim ${JSON.stringify(got.stdout[i])}`);
      }
    }
    if (want.status !== got.status || want.signal !== got.signal) {
      problems.push(`  exit: node ${want.status}${want.signal ? ' ' + want.signal : ''} | sim ${got.status}${got.signal ? ' ' + got.signal : ''}`);
    }
    if (want.stdout.length === 0) problems.push('  scenario printed nothing');
    if (problems.length === 0) {
      console.log(`PASS ${f}`);
      if (verbose) for (const l of want.stdout) console.log('    ' + l);
    } else {
      failed++;
      console.log(`FAIL ${f}`);
      for (const p of problems) console.log(p);
      if (verbose) {
        console.log('  --- node stdout\n' + want.stdout.map((l) => '    ' + l).join('\n'));
        console.log('  --- sim stdout\n' + got.stdout.map((l) => '    ' + l).join('\n'));
        if (got.stderr) console.log('  --- sim stderr\n' + got.stderr);
      }
    }
  }
  console.log(`${files.length - failed}/${files.length} scenarios pass`);
  process.exitCode = failed === 0 && files.length > 0 ? 0 : 1;
}

main(process.argv.slice(2));
