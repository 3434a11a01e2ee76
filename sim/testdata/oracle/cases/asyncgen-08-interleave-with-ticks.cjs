// Each step of an async generator costs promise jobs: nextTick and a plain then run between the steps.
async function* g() { yield 1; yield 2; }
(async () => {
  for await (const v of g()) console.log('gen', v);
  console.log('loop done');
})();
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('then 1')).then(() => console.log('then 2')).then(() => console.log('then 3'));
console.log('sync');
