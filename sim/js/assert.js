// assert.js: the assertions test-style snippets use.
(function (exports, internals) {
  'use strict';
  class AssertionError extends Error {
    constructor(message) { super(message); this.name = 'AssertionError'; this.code = 'ERR_ASSERTION'; }
  }
  function fail(msg, dflt) { throw msg instanceof Error ? msg : new AssertionError(msg || dflt); }
  function ok(v, msg) { if (!v) fail(msg, 'The expression evaluated to a falsy value'); }
  function deepEqual(a, b) {
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    const ka = Object.keys(a); const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  const assert = (v, msg) => ok(v, msg);
  Object.assign(assert, {
    ok, AssertionError, fail: (m) => fail(m, 'Failed'),
    equal: (a, b, m) => { if (a != b) fail(m, `${a} == ${b}`); },
    notEqual: (a, b, m) => { if (a == b) fail(m, `${a} != ${b}`); },
    strictEqual: (a, b, m) => { if (!Object.is(a, b)) fail(m, 'Expected values to be strictly equal'); },
    notStrictEqual: (a, b, m) => { if (Object.is(a, b)) fail(m, 'Expected "actual" to be strictly unequal to: ' + b); },
    deepStrictEqual: (a, b, m) => { if (!deepEqual(a, b)) fail(m, 'Expected values to be strictly deep-equal'); },
    deepEqual: (a, b, m) => { if (!deepEqual(a, b)) fail(m, 'Expected values to be loosely deep-equal'); },
    throws: (fn, _e, m) => { try { fn(); } catch (e) { return; } fail(m, 'Missing expected exception.'); },
    match: (s, re, m) => { if (typeof s !== 'string' || !re.test(s)) fail(m, `The input did not match the regular expression ${re}. Input:\n\n${JSON.stringify(s)}\n`); },
    doesNotMatch: (s, re, m) => { if (typeof s === 'string' && re.test(s)) fail(m, `The input was expected to not match the regular expression ${re}. Input:\n\n${JSON.stringify(s)}\n`); },
  });
  // assert/strict (and assert.strict): equal, notEqual and deepEqual are the strict ones.
  const strict = (v, msg) => ok(v, msg);
  Object.assign(strict, assert, { equal: assert.strictEqual, notEqual: assert.notStrictEqual, deepEqual: assert.deepStrictEqual });
  strict.strict = strict;
  strict.default = strict;
  assert.strict = strict;
  assert.default = assert;
  return assert;
})
