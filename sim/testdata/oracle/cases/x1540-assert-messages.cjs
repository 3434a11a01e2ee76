// node:assert's failures: the AssertionError's message, generatedMessage, operator,
// code, actual and expected for each assertion, including the line diff of objects
// ("+ actual - expected") and a custom message followed by the comparison.
const assert = require('assert');
const show = (label, fn) => {
  try { fn(); console.log(label, 'passed'); } catch (e) {
    console.log(label, JSON.stringify(e.message.trimEnd()), e.generatedMessage, e.operator, e.code, e.name, e instanceof assert.AssertionError);
  }
};
show('strictEqual', () => assert.strictEqual(1, 2));
show('strictEqual strings', () => assert.strictEqual('a', 'b'));
show('strictEqual custom', () => assert.strictEqual(1, 2, 'custom'));
show('strictEqual same', () => assert.strictEqual({ a: 1 }, { a: 1 }));
show('equal', () => assert.equal(1, 2));
show('equal loose', () => assert.equal(1, '1'));
show('notEqual', () => assert.notEqual(1, '1'));
show('notStrictEqual', () => assert.notStrictEqual(1, 1));
show('deepStrictEqual', () => assert.deepStrictEqual({ a: 1 }, { a: 2 }));
show('deepStrictEqual array', () => assert.deepStrictEqual([1, 2, 3], [1, 2, 4]));
show('deepStrictEqual nested', () => assert.deepStrictEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }));
show('deepStrictEqual ok', () => assert.deepStrictEqual({ a: [1, { b: 2 }], d: new Date(0), m: new Map([[1, 2]]), s: new Set([1]) }, { a: [1, { b: 2 }], d: new Date(0), m: new Map([[1, 2]]), s: new Set([1]) }));
show('deepStrictEqual types', () => assert.deepStrictEqual([1], ['1']));
show('deepEqual loose', () => assert.deepEqual([1], ['1']));
show('deepEqual', () => assert.deepEqual({ a: 1 }, { a: 2 }));
show('notDeepStrictEqual', () => assert.notDeepStrictEqual({ a: 1 }, { a: 1 }));
show('ok message', () => assert.ok(null, 'msg'));
show('fail', () => assert.fail());
show('fail message', () => assert.fail('boom'));
show('ifError', () => assert.ifError(new Error('e')));
show('ifError null', () => assert.ifError(null));
show('match', () => assert.match('abc', /x/));
show('doesNotMatch', () => assert.doesNotMatch('abc', /b/));
show('strict.equal', () => assert.strict.equal(1, '1'));
const e = new assert.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' });
console.log(e.name, e.code, e.message, e.generatedMessage);
