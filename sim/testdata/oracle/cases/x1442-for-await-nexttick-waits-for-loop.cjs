// nextTick callbacks queued inside a microtask-only for await loop wait until the whole loop is done.
(async () => {
  for await (const v of [1, 2, 3]) {
    console.log('loop', v);
    process.nextTick(() => console.log('tick from iteration', v));
  }
  console.log('loop done');
})();
process.nextTick(() => console.log('tick from main'));
