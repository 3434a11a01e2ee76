// assert.partialDeepStrictEqual (Node 22.13+) compares only what expected lists;
// on a release without it, calling it is a TypeError.
const assert = require('assert');
try {
  assert.partialDeepStrictEqual({ a: 1, b: 2, c: [1, 2] }, { a: 1, c: [2] });
  console.log('partial passed');
  assert.partialDeepStrictEqual({ a: 1 }, { a: 2 });
} catch (e) {
  console.log(e.name, e.code);
}
