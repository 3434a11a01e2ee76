// assert.js: node:assert. Comparisons follow Node's documented rules (strict: Object.is
// and the same prototypes; loose: == and no prototypes; both: own enumerable keys, Maps
// and Sets unordered, dates, regexps, errors, typed arrays and boxed primitives by
// value, cycles). Failure messages are Node's: "1 !== 2", and a line diff of
// util.inspect's expanded forms ("+ actual - expected") for objects.
(function (exports, internals) {
  'use strict';
  const { inspect } = internals.inspector;
  const { makeError, invalidArgType } = internals;

  class AssertionError extends Error {
    constructor(options) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      const { message, actual, expected, operator } = options;
      super(message !== undefined ? String(message) : generatedFor(operator, actual, expected));
      this.generatedMessage = message === undefined;
      Object.defineProperty(this, 'code', { value: 'ERR_ASSERTION', enumerable: true, writable: true, configurable: true });
      this.actual = actual;
      this.expected = expected;
      this.operator = operator;
    }
    get name() { return 'AssertionError'; }
    toString() { return 'AssertionError [ERR_ASSERTION]: ' + this.message; }
  }
  Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError', writable: true, configurable: true });

  // ---- deep equality ---------------------------------------------------------------------
  const tag = (v) => Object.prototype.toString.call(v);
  const boxed = [Number, String, Boolean, BigInt, Symbol];
  function ownKeys(o, strict) {
    const keys = Object.keys(o);
    if (strict) for (const s of Object.getOwnPropertySymbols(o)) if (Object.prototype.propertyIsEnumerable.call(o, s)) keys.push(s);
    return keys;
  }
  function isDeepEqual(a, b, strict, memo) {
    if (strict ? Object.is(a, b) : (a == b || (a !== a && b !== b))) return true; // eslint-disable-line eqeqeq
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (tag(a) !== tag(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date) { if (a.getTime() !== b.getTime()) return false; }
    else if (a instanceof RegExp) { if (String(a) !== String(b) || a.lastIndex !== b.lastIndex) return false; }
    else if (a instanceof Error || b instanceof Error) { if (a.message !== b.message || a.name !== b.name) return false; }
    else if (ArrayBuffer.isView(a)) {
      if (a.byteLength !== b.byteLength || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (strict ? !Object.is(a[i], b[i]) : a[i] != b[i]) return false; // eslint-disable-line eqeqeq
    } else if (a instanceof ArrayBuffer) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a), y = new Uint8Array(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    } else {
      for (const C of boxed) { // a boxed primitive compares by its value
        let va, vb;
        try { va = C.prototype.valueOf.call(a); } catch (e) { continue; }
        try { vb = C.prototype.valueOf.call(b); } catch (e) { return false; }
        if (!Object.is(va, vb)) return false;
        break;
      }
    }
    if (memo.get(a) === b) return true;
    memo.set(a, b);
    const ka = ownKeys(a, strict).filter((k) => !(ArrayBuffer.isView(a) && typeof k === 'string' && /^\d+$/.test(k)));
    const kb = ownKeys(b, strict).filter((k) => !(ArrayBuffer.isView(b) && typeof k === 'string' && /^\d+$/.test(k)));
    if (ka.length !== kb.length) return false;
    for (const k of ka) if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
    if (a instanceof Map) {
      if (a.size !== b.size) return false;
      const pending = [...b];
      for (const [k, v] of a) {
        const i = pending.findIndex(([k2, v2]) => (typeof k !== 'object' || k === null ? (strict ? Object.is(k, k2) : k == k2) : isDeepEqual(k, k2, strict, memo)) && isDeepEqual(v, v2, strict, memo)); // eslint-disable-line eqeqeq
        if (i < 0) return false;
        pending.splice(i, 1);
      }
    } else if (a instanceof Set) {
      if (a.size !== b.size) return false;
      const pending = [...b];
      for (const v of a) {
        const i = pending.findIndex((v2) => isDeepEqual(v, v2, strict, memo));
        if (i < 0) return false;
        pending.splice(i, 1);
      }
    }
    if (Array.isArray(a) && a.length !== b.length) return false;
    for (const k of ka) if (!isDeepEqual(a[k], b[k], strict, memo)) return false;
    return true;
  }
  const deepEqual = (a, b, strict) => isDeepEqual(a, b, strict, new Map());
  // partial: every key of expected is in actual with a (partially) equal value.
  function isPartial(actual, expected) {
    if (typeof expected !== 'object' || expected === null) return Object.is(actual, expected);
    if (typeof actual !== 'object' || actual === null) return false;
    if (expected instanceof Map || expected instanceof Set || expected instanceof Date || expected instanceof RegExp) return deepEqual(actual, expected, true);
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) return false;
      const pending = actual.slice();
      return expected.every((e) => { const i = pending.findIndex((x) => isPartial(x, e)); if (i < 0) return false; pending.splice(i, 1); return true; });
    }
    return ownKeys(expected, true).every((k) => k in actual && isPartial(actual[k], expected[k]));
  }

  // ---- messages ----------------------------------------------------------------------------
  const expanded = (v) => inspect(v, { compact: false, sorted: true, getters: true, depth: 1000, customInspect: false });
  const newline = () => (Number(String(internals.process.version).slice(1).split('.')[0]) >= 22 ? '\n' : '');
  // diff: the expanded forms line by line (the longest common subsequence kept as
  // context), '+ ' for actual's lines, '- ' for expected's.
  function diff(a, b) {
    const x = expanded(a).split('\n'), y = expanded(b).split('\n');
    const n = x.length, m = y.length;
    const lcs = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = [];
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i] === y[j]) { out.push('  ' + x[i]); i++; j++; }
      else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) out.push('+ ' + x[i++]);
      else out.push('- ' + y[j++]);
    }
    return out.join('\n');
  }
  function comparisonMessage(header, a, b, op) {
    const ia = inspect(a), ib = inspect(b);
    if (!ia.includes('\n') && !ib.includes('\n') && (typeof a !== 'object' || a === null) && (typeof b !== 'object' || b === null)) {
      return header + ':\n\n' + ia + ' ' + op + ' ' + ib + '\n';
    }
    return header + ':\n+ actual - expected\n\n' + diff(a, b) + newline();
  }
  // generatedFor: the message an AssertionError made without one says.
  function generatedFor(operator, actual, expected) {
    switch (operator) {
      case 'strictEqual': return comparisonMessage('Expected values to be strictly equal', actual, expected, '!==');
      case 'deepStrictEqual': return comparisonMessage('Expected values to be strictly deep-equal', actual, expected, '!==');
      default: return inspect(actual) + ' ' + operator + ' ' + inspect(expected);
    }
  }
  function fail(actual, expected, message, operator, generated, stackStart) {
    if (message instanceof Error) throw message;
    const e = new AssertionError({ actual, expected, operator, message: message === undefined ? generated : message });
    e.generatedMessage = message === undefined;
    if (Error.captureStackTrace && stackStart) Error.captureStackTrace(e, stackStart);
    throw e;
  }

  // ---- the assertions ----------------------------------------------------------------------
  function ok(value, message) {
    if (arguments.length === 0) fail(undefined, true, undefined, '==', 'No value argument passed to `assert.ok()`', ok);
    if (!value) fail(value, true, message, '==', 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(value) + ')\n', ok);
  }
  const assert = function ok_(value, message) {
    if (arguments.length === 0) fail(undefined, true, undefined, '==', 'No value argument passed to `assert.ok()`', assert);
    if (!value) fail(value, true, message, '==', 'The expression evaluated to a falsy value:\n\n  assert(' + inspect(value) + ')\n', assert);
  };
  function strictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) return;
    const same = typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null && expanded(actual) === expanded(expected);
    const generated = same ? 'Values have same structure but are not reference-equal:\n\n' + expanded(actual) + '\n'
      : comparisonMessage('Expected values to be strictly equal', actual, expected, '!==');
    if (typeof message === 'string' && !same && !generated.includes('+ actual')) message = message + generated.slice(generated.indexOf(':\n') + 1);
    fail(actual, expected, message, 'strictEqual', generated, strictEqual);
  }
  function notStrictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) return;
    const ia = expanded(actual);
    fail(actual, expected, message, 'notStrictEqual', ia.includes('\n') ? 'Expected "actual" to be strictly unequal to:\n\n' + ia + '\n' : 'Expected "actual" to be strictly unequal to: ' + ia, notStrictEqual);
  }
  function equal(actual, expected, message) {
    if (actual == expected || (actual !== actual && expected !== expected)) return; // eslint-disable-line eqeqeq
    fail(actual, expected, message, '==', inspect(actual) + ' == ' + inspect(expected), equal);
  }
  function notEqual(actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) return; // eslint-disable-line eqeqeq
    fail(actual, expected, message, '!=', inspect(actual) + ' != ' + inspect(expected), notEqual);
  }
  function deepStrictEqual(actual, expected, message) {
    if (deepEqual(actual, expected, true)) return;
    fail(actual, expected, message, 'deepStrictEqual', comparisonMessage('Expected values to be strictly deep-equal', actual, expected, '!=='), deepStrictEqual);
  }
  function notDeepStrictEqual(actual, expected, message) {
    if (!deepEqual(actual, expected, true)) return;
    fail(actual, expected, message, 'notDeepStrictEqual', 'Expected "actual" not to be strictly deep-equal to:\n\n' + expanded(expected) + '\n', notDeepStrictEqual);
  }
  function deepEqualLoose(actual, expected, message) {
    if (deepEqual(actual, expected, false)) return;
    fail(actual, expected, message, 'deepEqual', 'Expected values to be loosely deep-equal:\n\n' + expanded(actual) + '\n\nshould loosely deep-equal\n\n' + expanded(expected), deepEqualLoose);
  }
  function notDeepEqual(actual, expected, message) {
    if (!deepEqual(actual, expected, false)) return;
    fail(actual, expected, message, 'notDeepEqual', '"actual" deepEqual "expected"', notDeepEqual);
  }
  function partialDeepStrictEqual(actual, expected, message) {
    if (isPartial(actual, expected)) return;
    fail(actual, expected, message, 'partialDeepStrictEqual', comparisonMessage('Expected values to be partially and strictly deep-equal', actual, expected, '!=='), partialDeepStrictEqual);
  }
  function match(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', regexp);
    if (typeof string === 'string' && regexp.test(string)) return;
    fail(string, regexp, message, 'match', typeof string !== 'string'
      ? 'The "string" argument must be of type string. Received type ' + typeof string + ' (' + inspect(string) + ')'
      : 'The input did not match the regular expression ' + inspect(regexp) + '. Input:\n\n' + inspect(string) + '\n', match);
  }
  function doesNotMatch(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', regexp);
    if (typeof string === 'string' && !regexp.test(string)) return;
    fail(string, regexp, message, 'doesNotMatch', typeof string !== 'string'
      ? 'The "string" argument must be of type string. Received type ' + typeof string + ' (' + inspect(string) + ')'
      : 'The input was expected to not match the regular expression ' + inspect(regexp) + '. Input:\n\n' + inspect(string) + '\n', doesNotMatch);
  }

  // checkError: does the thrown (or rejected) value e satisfy expected (a class, a
  // RegExp, a validation function, or an object of properties)?
  const kNone = Symbol('none');
  function checkError(e, expected, message, operator, fn) {
    if (expected === undefined) return;
    if (expected instanceof RegExp) {
      if (expected.test(String(e))) return;
      fail(e, expected, message, operator, 'The input did not match the regular expression ' + inspect(expected) + '. Input:\n\n' + inspect(String(e)) + '\n', fn);
    }
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && e instanceof expected) return;
      if (Error.isPrototypeOf(expected) || expected === Error) {
        const got = e && e.constructor && e.constructor.name;
        fail(e, expected, message, operator, 'The error is expected to be an instance of "' + expected.name + '". Received "' + got + '"\n\nError message:\n\n' + (e && e.message), fn);
      }
      if (expected.call({}, e) === true) return;
      fail(e, expected, message, operator, 'The ' + (expected.name ? '"' + expected.name + '" validation function' : 'validation function') + ' is expected to return "true". Received ' + inspect(expected.call({}, e)) + '\n\nCaught error:\n\n' + inspect(e), fn);
    }
    if (typeof expected === 'object' && expected !== null) {
      for (const k of ownKeys(expected, true)) {
        const want = expected[k], got = e == null ? undefined : e[k];
        if (want instanceof RegExp && typeof got === 'string' ? want.test(got) : deepEqual(got, want, true)) continue;
        const picked = {}, wanted = {};
        for (const key of ownKeys(expected, true)) { picked[key] = e == null ? undefined : e[key]; wanted[key] = expected[key]; }
        class Comparison {}
        const a = Object.assign(new Comparison(), picked), b = Object.assign(new Comparison(), wanted);
        fail(e, expected, message, operator, 'Expected values to be strictly deep-equal:\n+ actual - expected\n\n' + diff(a, b) + newline(), fn);
      }
      return;
    }
    throw invalidArgType('expected', 'of type function or an instance of Error, RegExp, or Object', expected);
  }
  function splitArgs(expected, message) {
    if (typeof expected === 'string') return [undefined, expected];
    return [expected, message];
  }
  function throws(fn, expected, message) {
    if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
    [expected, message] = splitArgs(expected, message);
    let e = kNone;
    try { fn(); } catch (err) { e = err; }
    if (e === kNone) fail(undefined, expected, message, 'throws', 'Missing expected exception' + (expected && expected.name ? ' (' + expected.name + ').' : '.'), throws);
    checkError(e, expected, message, 'throws', throws);
  }
  function doesNotThrow(fn, expected, message) {
    if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
    [expected, message] = splitArgs(expected, message);
    try { fn(); } catch (e) {
      if (typeof expected === 'function' && expected.prototype !== undefined && !(e instanceof expected)) throw e;
      fail(e, expected, undefined, 'doesNotThrow', 'Got unwanted exception' + (message ? ': ' + message : '.') + '\nActual message: "' + (e && e.message) + '"', doesNotThrow);
    }
  }
  async function settle(promiseFn) {
    if (typeof promiseFn === 'function') promiseFn = promiseFn();
    if (!promiseFn || typeof promiseFn.then !== 'function') {
      throw invalidArgType('promiseFn', 'of type function or an instance of Promise', promiseFn);
    }
    try { await promiseFn; } catch (e) { return { rejected: true, e }; }
    return { rejected: false };
  }
  async function rejects(promiseFn, expected, message) {
    [expected, message] = splitArgs(expected, message);
    const r = await settle(promiseFn);
    if (!r.rejected) fail(undefined, expected, message, 'rejects', 'Missing expected rejection' + (expected && expected.name ? ' (' + expected.name + ').' : '.'), rejects);
    checkError(r.e, expected, message, 'rejects', rejects);
  }
  async function doesNotReject(promiseFn, expected, message) {
    [expected, message] = splitArgs(expected, message);
    const r = await settle(promiseFn);
    if (r.rejected) fail(r.e, expected, undefined, 'doesNotReject', 'Got unwanted rejection' + (message ? ': ' + message : '.') + '\nActual message: "' + (r.e && r.e.message) + '"', doesNotReject);
  }
  function ifError(value) {
    if (value === null || value === undefined) return;
    let text = 'ifError got unwanted exception: ';
    text += typeof value === 'object' && typeof value.message === 'string' ? (value.message.length === 0 && value.constructor ? value.constructor.name : value.message) : inspect(value);
    const e = new AssertionError({ actual: value, expected: null, operator: 'ifError', message: text });
    e.generatedMessage = false;
    throw e;
  }
  function failFn(message) {
    if (message instanceof Error) throw message;
    const e = new AssertionError({ actual: undefined, expected: undefined, operator: 'fail', message: message === undefined ? 'Failed' : message });
    e.generatedMessage = message === undefined;
    throw e;
  }

  // CallTracker (deprecated in Node 20+): counts the calls of wrapped functions.
  class CallTracker {
    #calls = [];
    calls(fn = () => {}, exact = 1) {
      const record = { fn, exact, actual: 0, args: [] };
      this.#calls.push(record);
      return function (...args) { record.actual++; record.args.push({ thisArg: this, arguments: args }); return Reflect.apply(fn, this, args); };
    }
    getCalls(wrapped) { const r = this.#calls.find((c) => c.fn === wrapped); return r ? r.args : []; }
    report() {
      return this.#calls.filter((c) => c.actual !== c.exact).map((c) => ({
        message: 'Expected the ' + (c.fn.name || 'fn') + ' function to be executed ' + c.exact + ' time(s) but was executed ' + c.actual + ' time(s).',
        actual: c.actual, expected: c.exact, operator: c.fn.name || 'fn', stack: new Error(),
      }));
    }
    reset() { for (const c of this.#calls) { c.actual = 0; c.args = []; } }
    verify() {
      const bad = this.report();
      if (bad.length === 1) throw new AssertionError({ message: bad[0].message, actual: bad[0].actual, expected: bad[0].expected, operator: 'verify' });
      if (bad.length > 1) throw new AssertionError({ message: 'Functions were not called the expected number of times', operator: 'verify' });
    }
  }

  const loose = {
    ok, fail: failFn, equal, notEqual, deepEqual: deepEqualLoose, notDeepEqual, strictEqual, notStrictEqual,
    deepStrictEqual, notDeepStrictEqual, partialDeepStrictEqual, throws, doesNotThrow, rejects, doesNotReject,
    ifError, match, doesNotMatch, AssertionError, CallTracker,
  };
  Object.defineProperty(assert, 'name', { value: 'ok' });
  Object.assign(assert, loose);
  // assert/strict (and assert.strict): equal, notEqual, deepEqual and notDeepEqual are
  // the strict ones.
  const strict = function ok(value, message) { return Reflect.apply(assert, this, arguments); };
  Object.assign(strict, loose, { equal: strictEqual, notEqual: notStrictEqual, deepEqual: deepStrictEqual, notDeepEqual: notDeepStrictEqual });
  // Assert (Node 24): an assert object whose options choose strict or loose comparisons.
  class Assert {
    constructor(options) {
      const base = options && options.strict === false ? loose : strict;
      for (const k of Object.keys(base)) if (typeof base[k] === 'function' && k !== 'AssertionError' && k !== 'CallTracker') this[k] = base[k];
    }
  }
  assert.Assert = Assert;
  strict.Assert = Assert;
  strict.strict = strict;
  assert.strict = strict;
  return assert;
})
