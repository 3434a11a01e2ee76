// A tick queued BY a tick joins the same tick drain: it runs before any
// promise job, even promise jobs queued before it (R-CB3). Ticks queued by
// ticks keep running until the tick queue is empty.
Promise.resolve().then(() => console.log('promise (queued first)'));
process.nextTick(() => {
  console.log('tick 1');
  process.nextTick(() => {
    console.log('tick 1.1 (queued by tick 1)');
    process.nextTick(() => console.log('tick 1.1.1 (queued by tick 1.1)'));
  });
});
process.nextTick(() => console.log('tick 2'));
console.log('sync');
