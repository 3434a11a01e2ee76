// util.js: format, inspect, promisify and friends.
(function (exports, internals) {
  'use strict';
  const { host, validateFunction } = internals;
  const kCustom = Symbol.for('nodejs.util.promisify.custom');
  function promisify(fn) {
    validateFunction(fn, 'original');
    if (fn[kCustom]) return fn[kCustom];
    const timers = internals.builtin('timers'); // Node's timer functions carry timers/promises as their custom form
    if (fn === timers.setTimeout) return internals.builtin('timers/promises').setTimeout;
    if (fn === timers.setImmediate) return internals.builtin('timers/promises').setImmediate;
    return function (...args) {
      return new Promise((resolve, reject) => {
        Reflect.apply(fn, this, [...args, (err, ...values) => {
          if (err) reject(err); else resolve(values.length > 1 ? values : values[0]);
        }]);
      });
    };
  }
  promisify.custom = kCustom;
  function callbackify(fn) {
    return function (...args) {
      const cb = args.pop();
      fn.apply(this, args).then((v) => internals.process.nextTick(cb, null, v), (e) => internals.process.nextTick(cb, e));
    };
  }
  const inspector = internals.inspector;
  const inspect = inspector.inspect;
  class TextEncoder { get encoding() { return 'utf-8'; } encode(s = '') { return new Uint8Array(host.encode(String(s))); } }
  class TextDecoder { get encoding() { return 'utf-8'; } decode(b) { return b === undefined ? '' : host.decode(b); } }
  Object.assign(exports, {
    format: inspector.format, formatWithOptions: inspector.formatWithOptions, inspect, promisify, callbackify,
    inherits(ctor, superCtor) { Object.setPrototypeOf(ctor.prototype, superCtor.prototype); Object.setPrototypeOf(ctor, superCtor); ctor.super_ = superCtor; },
    isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    deprecate: (fn) => fn,
    types: { isPromise: (p) => p instanceof Promise, isDate: (d) => d instanceof Date, isRegExp: (r) => r instanceof RegExp },
    TextEncoder, TextDecoder,
  });
})
