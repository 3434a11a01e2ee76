'use strict';
// Records the oracle of inspect_test.go with the real Node that runs it (record.sh runs
// it with each profile's binary). For Node major M it writes:
//   expected-M.json  every case of cases.txt (see its header) and what Node printed
//   console-M.json   the stdout lines of the simulator's console oracle cases
//                    (sim/testdata/oracle/cases/x930..x933), run by this Node
const fs = require('fs');
const path = require('path');
const util = require('util');
const { Writable } = require('stream');
const { Console } = require('console');
const { execFileSync } = require('child_process');

const dir = __dirname;
const major = process.versions.node.split('.')[0];
global.util = util;

let captured = '';
const sink = new Writable({
  write(chunk, _enc, cb) { captured += chunk.toString(); cb(); },
});
const logger = new Console({ stdout: sink, stderr: sink, colorMode: false });
const printed = (fn) => {
  captured = '';
  fn();
  if (!captured.endsWith('\n')) throw new Error('no newline');
  return captured.slice(0, -1);
};

const calls = {
  inspect: (args) => util.inspect(...args),
  format: (args) => util.format(...args),
  formatWithOptions: (args) => util.formatWithOptions(...args),
  dir: (args) => printed(() => logger.dir(...args)),
  table: (args) => printed(() => logger.table(...args)),
  stripVT: (args) => util.stripVTControlCharacters(...args),
};

function run(line) {
  if (line === '...' || line.startsWith('... ')) {
    const args = (0, eval)(`[${line.slice(4)}]`);
    return printed(() => logger.log(...args));
  }
  if (line.startsWith('@')) {
    const space = line.indexOf(' ');
    const name = line.slice(1, space < 0 ? undefined : space);
    const args = (0, eval)(`[${space < 0 ? '' : line.slice(space + 1)}]`);
    if (!calls[name]) throw new Error(`unknown call ${name}`);
    return calls[name](args);
  }
  const value = (0, eval)(`(${line})`);
  return printed(() => logger.log(value));
}

const out = [];
for (const raw of fs.readFileSync(path.join(dir, 'cases.txt'), 'utf8').split('\n')) {
  const line = raw.trimEnd();
  if (line === '' || line.startsWith('#')) continue;
  let output;
  try {
    output = run(line);
  } catch (err) {
    output = `throws: ${err.name}: ${err.message}`;
  }
  out.push({ case: line, output });
}
fs.writeFileSync(path.join(dir, `expected-${major}.json`), JSON.stringify(out, null, 1) + '\n');

const oracleDir = path.join(dir, '..', '..', '..', 'testdata', 'oracle', 'cases');
const consoleCases = {};
for (const file of fs.readdirSync(oracleDir).filter((f) => /^x93[0-3]-.*\.cjs$/.test(f)).sort()) {
  const stdout = execFileSync(process.execPath, [path.join(oracleDir, file)], { encoding: 'utf8' });
  consoleCases[file] = stdout.replace(/\n$/, '').split('\n');
}
fs.writeFileSync(path.join(dir, `console-${major}.json`), JSON.stringify(consoleCases, null, 1) + '\n');
console.log(`recorded ${out.length} cases and ${Object.keys(consoleCases).length} console files with node ${process.version}`);
