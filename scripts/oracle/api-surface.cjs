'use strict';
// Lists Node's API surface as JSON on stdout: every built-in module (module.builtinModules)
// with every export (the own enumerable keys of what require() returns, as an ES-module
// import of it names them) and every global (the own properties of globalThis), each with
// its kind (typeof). Globals that a bare V8 context also has are marked "ecmascript", the
// others "node" (Node's and the web's). Run it with the Node the table is made for:
//
//   $(scripts/oracle/install-node.sh 24.18.0) scripts/oracle/api-surface.cjs > sim/testdata/api/node24.json
//
// sim/api_coverage_test.go checks the simulator against the file and writes
// docs/api-coverage.md from it.
const { builtinModules } = require('module');
const vm = require('vm');

function kindOf(get) {
  try {
    return typeof get();
  } catch (err) {
    return 'throws'; // a getter that throws without a flag (e.g. localStorage)
  }
}

function moduleExports(name) {
  let mod;
  try {
    mod = require(name);
  } catch (err) {
    return { error: String(err && err.code ? err.code : err) };
  }
  const names = mod !== null && (typeof mod === 'object' || typeof mod === 'function') ? Object.keys(mod) : [];
  return {
    kind: typeof mod,
    exports: names.sort().map((n) => ({ name: n, kind: kindOf(() => mod[n]) })),
  };
}

const ecmascript = new Set(vm.runInNewContext('Object.getOwnPropertyNames(globalThis)'));
const globals = Object.getOwnPropertyNames(globalThis)
  .filter((n) => n !== 'busy') // scripts/oracle/prelude.cjs's helper, when preloaded
  .sort()
  .map((n) => ({ name: n, kind: kindOf(() => globalThis[n]), standard: ecmascript.has(n) ? 'ecmascript' : 'node' }));

const modules = builtinModules
  .slice()
  .sort()
  .map((name) => Object.assign({ name }, moduleExports(name)));

process.stdout.write(JSON.stringify({ node_version: process.version, modules, globals }, null, 1) + '\n');
