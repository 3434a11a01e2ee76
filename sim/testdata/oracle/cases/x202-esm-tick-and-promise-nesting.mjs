// ES module main: the body runs inside a microtask, so every promise job it
// queues (and every job THOSE queue) runs before the first tick. Ticks queued
// by ticks still run in the same tick drain, and promise jobs queued by a tick
// run after the tick queue is empty (from then on it is CJS-like).
process.nextTick(() => {
  console.log('tick 1');
  Promise.resolve().then(() => console.log('promise queued by tick 1'));
  process.nextTick(() => console.log('tick queued by tick 1'));
});
Promise.resolve().then(() => {
  console.log('promise 1');
  Promise.resolve().then(() => console.log('promise queued by promise 1'));
});
process.nextTick(() => console.log('tick 2'));
console.log('sync');
