// A generator that never waits for a timer finishes within the microtask queue, before a 0 ms timer.
async function* g() {
  for (let i = 0; i < 3; i++) yield i;
}
setTimeout(() => console.log('timeout 0'), 0);
process.nextTick(() => console.log('nextTick'));
(async () => {
  for await (const v of g()) console.log('gen', v);
  console.log('loop done');
})();
console.log('sync end');
