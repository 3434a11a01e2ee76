// Top-level await on a promise resolved from a setImmediate callback: the
// rest of the body runs in the microtask drain after that immediate (before
// the next immediate in the same check phase), and since it runs inside a
// microtask its promise job still precedes its tick.
setImmediate(() => console.log('immediate 0'));
const v = await new Promise((resolve) => {
  setImmediate(() => {
    console.log('immediate 1 resolves');
    resolve('v');
  });
  setImmediate(() => console.log('immediate 2'));
});
console.log('resumed with ' + v);
process.nextTick(() => console.log('tick after resume'));
Promise.resolve().then(() => console.log('promise after resume'));
setImmediate(() => console.log('immediate 3 (queued after resume)'));
