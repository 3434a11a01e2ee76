// The process.nextTick() API docs example ("When to use queueMicrotask() vs.
// process.nextTick()") as CommonJS: prints 1 2 3, as documented. Compare 204
// (the same code as an ES module prints 2 3 1).
const { nextTick } = require('node:process');
Promise.resolve().then(() => console.log(2));
queueMicrotask(() => console.log(3));
nextTick(() => console.log(1));
