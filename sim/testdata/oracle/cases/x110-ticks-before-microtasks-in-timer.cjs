// R-CB2 inside a macrotask callback (a timer): all ticks queued by the
// callback run before any promise job it queued, whatever the order of the
// calls; then the microtasks run FIFO.
setTimeout(() => {
  console.log('timer start');
  Promise.resolve().then(() => console.log('promise 1'));
  queueMicrotask(() => console.log('queueMicrotask 2'));
  process.nextTick(() => console.log('tick 1'));
  Promise.resolve().then(() => console.log('promise 3'));
  process.nextTick(() => console.log('tick 2'));
  console.log('timer end');
}, 1);
