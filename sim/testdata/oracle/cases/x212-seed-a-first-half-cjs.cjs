// The first half of seed (a) alone, CommonJS (compare 211 for ESM). Up to
// queueMicrotask the order is fixed; setImmediate vs setTimeout 0 from the CJS
// main script is a race on the 1 ms clock boundary (R-R1).
// @nondeterministic: main-script setTimeout(0) vs setImmediate depends on whether >=1 ms elapsed before the first timers pass
// @runs: 100
console.log('sync 1');
setTimeout(() => console.log('setTimeout 0'), 0);
setImmediate(() => console.log('setImmediate'));
Promise.resolve().then(() => console.log('Promise.then'));
queueMicrotask(() => console.log('queueMicrotask'));
process.nextTick(() => console.log('nextTick'));
console.log('sync 2');
