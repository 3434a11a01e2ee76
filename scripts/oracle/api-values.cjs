'use strict';
// Lists the data exports of Node's built-in modules as JSON on stdout: every export whose
// value is plain data (a primitive, or an object or array of plain data, such as
// fs.constants, os.EOL, zlib.constants, http.STATUS_CODES), by module, in Node's key
// order. The simulator's modules read their constants from it instead of retyping them.
// Values that describe the machine Node runs on (process, os's functions) are not data
// exports and are not listed. Run it with the Node the table is made for:
//
//   $(scripts/oracle/install-node.sh 24.18.0) scripts/oracle/api-values.cjs > sim/nodeapi/node24-values.json
const { builtinModules } = require('module');

// The modules the simulator makes (the others are refused: their data is not needed).
const wanted = new Set(['buffer', 'crypto', 'dns', 'dns/promises', 'events', 'fs', 'fs/promises', 'http', 'module',
  'os', 'path', 'path/posix', 'path/win32', 'perf_hooks', 'zlib']);
// Exports that describe the machine or the process, not the release.
const machine = new Set(['module._pathCache', 'module.globalPaths']);

function plain(v, depth) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) || v === Infinity; // zlib.constants.Z_MAX_CHUNK
  if (typeof v !== 'object' || depth > 4) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return false;
  return Object.keys(v).every((k) => plain(v[k], depth + 1));
}

const out = {};
for (const name of builtinModules.slice().sort()) {
  if (!wanted.has(name)) continue;
  let mod;
  try {
    mod = require(name);
  } catch {
    continue;
  }
  const data = {};
  for (const k of Object.keys(mod)) {
    let v;
    try {
      v = mod[k];
    } catch {
      continue;
    }
    if (plain(v, 0) && !machine.has(name + '.' + k)) data[k] = v;
  }
  if (Object.keys(data).length > 0) out[name] = data;
}
// Infinity is not JSON: it is written as the string "Infinity" and read back by the simulator.
const json = JSON.stringify({ node_version: process.version, modules: out }, (k, v) => (v === Infinity ? 'Infinity' : v), 1);
process.stdout.write(json + '\n');
