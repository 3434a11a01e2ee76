// R-CB4 with a long chain: a tick queued from the first link of a promise
// chain runs only after the LAST link (each link queues the next one in the
// same microtask drain). queueMicrotask behaves the same way.
process.nextTick(() => console.log('tick from main'));
Promise.resolve()
  .then(() => {
    console.log('link 1');
    process.nextTick(() => console.log('tick queued by link 1'));
  })
  .then(() => console.log('link 2'))
  .then(() => {
    console.log('link 3');
    queueMicrotask(() => {
      console.log('queueMicrotask from link 3');
      process.nextTick(() => console.log('tick queued by queueMicrotask'));
    });
  })
  .then(() => console.log('link 4'));
console.log('sync');
