// Array.fromAsync over each kind of source, with mapping, errors and a subclass, timed against a then chain.
let n = 0;
let p = Promise.resolve();
for (let i = 1; i <= 40; i++) p = p.then(() => { n = i; });
async function* g() { yield 1; yield 2; }
const log = [];
Array.fromAsync(g()).then((a) => log.push('gen ' + a + ' @' + n));
Array.fromAsync([1, Promise.resolve(2), 3]).then((a) => log.push('arr ' + a + ' @' + n));
Array.fromAsync({ length: 3, 0: 'a', 1: Promise.resolve('b'), 2: 'c' }).then((a) => log.push('like ' + a + ' @' + n));
Array.fromAsync([1, 2], async (x) => x * 10).then((a) => log.push('map ' + a + ' @' + n));
Array.fromAsync(new Set([5, 6]), (x, i) => x + i).then((a) => log.push('set ' + a + ' @' + n));
Array.fromAsync(5).then((a) => log.push('num ' + JSON.stringify(a) + ' @' + n));
Array.fromAsync(null).catch((e) => log.push('null ' + e.constructor.name + ' @' + n));
Array.fromAsync([1], 'nope').catch((e) => log.push('badmap ' + e.message + ' @' + n));
class MyArr extends Array {}
MyArr.fromAsync = Array.fromAsync;
Array.fromAsync.call(MyArr, [1, 2]).then((a) => log.push('ctor ' + (a instanceof MyArr) + ' ' + a.length + ' @' + n));
const closing = { [Symbol.iterator]() { return { i: 0, next() { return { value: this.i++, done: false }; }, return() { log.push('closed @' + n); return {}; } }; } };
Array.fromAsync(closing, (x) => { if (x === 2) throw new Error('stop'); return x; }).catch((e) => log.push('mapthrow ' + e.message + ' @' + n));
console.log(Array.fromAsync.length, Array.fromAsync.name, Object.getOwnPropertyDescriptor(Array, 'fromAsync').enumerable);
setTimeout(() => console.log(log.join('\n')), 5);
