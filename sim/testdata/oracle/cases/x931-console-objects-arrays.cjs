// console.log of objects and arrays: nesting beyond depth 2 becomes
// [Object] / [Array]; arrays with more than 6 short items are grouped into
// columns; more than 100 items print "... N more items"; long objects wrap
// at 72+ characters; empty containers.
console.log({ a: 1, b: 'two', c: [1, 2, 3] });
console.log({ level1: { level2: { level3: { level4: 'deep' } } } });
console.log([[1, [2, [3, [4, [5]]]]]]);
console.log([1, 2, 3, 4, 5, 6]);
console.log([1, 2, 3, 4, 5, 6, 7]);
console.log(Array.from({ length: 26 }, (_, i) => i * 3));
console.log(Array.from({ length: 120 }, (_, i) => i));
console.log(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']);
console.log({ aLongPropertyName: 'a long string value', anotherProperty: 12345, third: true });
console.log({}, [], [undefined, , 3]);
console.log({ 'key with space': 1, valid_id: 2, 3: 'numeric key' });
const circular = { name: 'root' };
circular.self = circular;
console.log(circular);
