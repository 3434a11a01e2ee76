'use strict';
// Lists, for the Node that runs it, the names a program can reach without a flag: the
// globals, the built-in modules with their exports (own names), and the own properties of the
// ECMAScript built-ins and their prototypes (Promise.allSettled, Array.prototype.at...).
// The simulator's profiles are whole runtimes: a name one simulated release lacks is
// absent in its profile (sim/apiversions.go reads these files). Run it with each binary:
//
//   for v in 10.24.1 20.20.2 22.23.5 24.18.0 26.12.1; do
//     $(scripts/oracle/install-node.sh $v) scripts/oracle/api-versions.cjs > sim/nodeapi/v${v%%.*}.json
//   done
//
// Only names are listed (sorted), so the files diff well from one release to the next.
const { builtinModules } = require('module');
const global_ = Function("return this")(); // globalThis is ES2020: Node 10 lacks it
const vm = require('vm');

// The globals a bare V8 context has: the ECMAScript built-ins of this V8.
const ecmascript = vm.runInNewContext('Object.getOwnPropertyNames(this)').filter((n) => n !== 'busy');

const ownNames = (o) => Object.getOwnPropertyNames(o).filter((n) => typeof n === 'string').sort();

// builtins: the own properties of every ECMAScript constructor or namespace and of its
// prototype, plus %TypedArray% and the iterator prototypes that have no global name.
const builtins = {};
const add = (label, o) => {
  if (o !== null && (typeof o === 'object' || typeof o === 'function')) builtins[label] = ownNames(o);
};
for (const name of ecmascript.slice().sort()) {
  const v = global_[name];
  if (v === null || (typeof v !== 'object' && typeof v !== 'function') || v === global_) continue;
  add(name, v);
  if (typeof v === 'function' && v.prototype) add(name + '.prototype', v.prototype);
}
const TypedArray = Object.getPrototypeOf(Uint8Array);
add('%TypedArray%', TypedArray);
add('%TypedArray%.prototype', TypedArray.prototype);
add('%IteratorPrototype%', Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
add('%AsyncFunction%.prototype', Object.getPrototypeOf(async function () {}));

const globals = Object.getOwnPropertyNames(global_).filter((n) => n !== 'busy').sort();

const modules = {};
for (const name of builtinModules.slice().sort()) {
  if (name.startsWith('_') || name.startsWith('v8/') || name.startsWith('node-inspect/')) continue; // Node's internals
  let mod;
  try {
    mod = require(name);
  } catch (err) {
    continue; // behind a flag in this release
  }
  // Own names, enumerable or not: a deprecated export (fs.F_OK in 24) is a non-enumerable getter.
  modules[name] = mod !== null && (typeof mod === 'object' || typeof mod === 'function') ? ownNames(mod) : [];
}

// objects: the own members of the prototypes of what setTimeout and setImmediate return,
// of Buffer and Buffer.prototype, and of Readable
// (hasRef() came in 11, [Symbol.toPrimitive] in 14.9); a symbol is listed as
// "[Symbol.name]" (Symbol.prototype.description is Node 11's, so String() it).
const memberNames = (o) => Reflect.ownKeys(o)
  .map((k) => (typeof k === 'symbol' ? '[' + String(k).slice('Symbol('.length, -1) + ']' : k)).sort();
const timeout = setTimeout(() => {}, 1);
clearTimeout(timeout);
const immediate = setImmediate(() => {});
clearImmediate(immediate);
// Buffer's own statics and prototype members: Node 10 lacks readBigInt64LE (12), the
// Uint aliases (14.9), Buffer.copyBytesFrom (19.8)...
const objects = {
  'Buffer': memberNames(Buffer),
  'Buffer.prototype': memberNames(Buffer.prototype),
  'Immediate.prototype': memberNames(Object.getPrototypeOf(immediate)),
  'Timeout.prototype': memberNames(Object.getPrototypeOf(timeout)),
  // the stream operators (map, toArray...) came in 17.4, asIndexedPairs left in 22
  'Readable.prototype': memberNames(require('stream').Readable.prototype),
};

process.stdout.write(JSON.stringify({ node_version: process.version, globals, modules, builtins, objects }, null, 0) + '\n');
