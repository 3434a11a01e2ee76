// A tick queued BY a microtask waits until the whole microtask queue is
// empty, including microtasks that were queued after it in the same drain
// (R-CB4): the tick queue is only looked at again once V8's queue is drained.
Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('tick queued by promise 1'));
  Promise.resolve().then(() => console.log('promise 3 (queued by promise 1)'));
});
Promise.resolve().then(() => console.log('promise 2'));
console.log('sync');
