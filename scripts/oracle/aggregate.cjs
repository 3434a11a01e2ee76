'use strict';
// Helper for run-node.sh: folds N runs of one case into the expected JSON.
// argv: dir runs file threadpool flags nodeVersion nondeterministicWhy
const fs = require('fs');
const os = require('os');
const path = require('path');

const [dir, runsStr, file, tp, flags, nodeVersion, why] = process.argv.slice(2);
const runs = Number(runsStr);
const byOutput = new Map();
const exitCounts = new Map();
let stderrRuns = 0;
for (let i = 1; i <= runs; i++) {
  const out = fs.readFileSync(path.join(dir, `${i}.out`), 'utf8');
  const err = fs.readFileSync(path.join(dir, `${i}.err`), 'utf8');
  const rc = Number(fs.readFileSync(path.join(dir, `${i}.rc`), 'utf8').trim());
  if (err.length > 0) stderrRuns++;
  const lines = out.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const key = JSON.stringify(lines);
  const entry = byOutput.get(key) || { lines, count: 0, exit_codes: {} };
  entry.count++;
  entry.exit_codes[rc] = (entry.exit_codes[rc] || 0) + 1;
  byOutput.set(key, entry);
  exitCounts.set(rc, (exitCounts.get(rc) || 0) + 1);
}
const outputs = [...byOutput.values()].sort((a, b) => b.count - a.count);
const exitSorted = [...exitCounts.entries()].sort((a, b) => b[1] - a[1]);
const result = {
  file,
  module: file.endsWith('.mjs') ? 'esm' : 'cjs',
  runs,
  outputs: outputs.map((o) => {
    const r = { lines: o.lines, count: o.count };
    if (exitCounts.size > 1) r.exit_codes = o.exit_codes;
    return r;
  }),
  deterministic: outputs.length === 1 && exitCounts.size === 1,
  exit_code: exitSorted[0][0],
  threadpool_size: Number(tp),
  node_version: nodeVersion,
  node_flags: flags ? flags.split(/\s+/) : [],
  stderr_nonempty_runs: stderrRuns,
  // The machine's load when the runs ended (1, 5, 15 min): racy counts depend on it.
  load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
};
if (exitCounts.size > 1) {
  result.exit_code_counts = Object.fromEntries(exitSorted);
}
if (why) result.expected_nondeterministic = why;
process.stdout.write(JSON.stringify(result, null, 2) + '\n');
