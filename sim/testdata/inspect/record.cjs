'use strict';
// Records the oracle for sim/inspect_test.go: evaluates every case of
// cases.txt with real Node, captures what console.log prints, and writes
// expected.json next to this script. Run: node record.cjs
const fs = require('fs');
const path = require('path');
const { Writable } = require('stream');
const { Console } = require('console');

const dir = __dirname;
const lines = fs.readFileSync(path.join(dir, 'cases.txt'), 'utf8').split('\n');

let captured = '';
const sink = new Writable({
  write(chunk, _enc, cb) { captured += chunk.toString(); cb(); },
});
const logger = new Console({ stdout: sink, stderr: sink, colorMode: false });

const out = [];
for (const raw of lines) {
  const line = raw.trimEnd();
  if (line === '' || line.startsWith('#')) continue;
  let args;
  if (line === '...' || line.startsWith('... ')) {
    args = (0, eval)('[' + line.slice(4) + ']');
  } else {
    args = [(0, eval)('(' + line + ')')];
  }
  captured = '';
  logger.log(...args);
  if (!captured.endsWith('\n')) throw new Error('no newline for ' + line);
  out.push({ case: line, output: captured.slice(0, -1) });
}
fs.writeFileSync(path.join(dir, 'expected.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`recorded ${out.length} cases with node ${process.version}`);
