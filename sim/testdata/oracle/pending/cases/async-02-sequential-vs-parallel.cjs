// Awaiting in sequence takes the sum of the waits; Promise.all waits for all, in input order.
const wait = (ms, v) => new Promise((r) => setTimeout(() => r(v), ms));
async function sequential() {
  const a = await wait(20, 'a');
  const b = await wait(20, 'b');
  return a + b;
}
async function parallel() {
  const [a, b] = await Promise.all([wait(30, 'c'), wait(10, 'd')]);
  return a + b;
}
(async () => {
  const t0 = Date.now();
  console.log('sequential', await sequential(), Date.now() - t0 >= 40);
  const t1 = Date.now();
  console.log('parallel', await parallel(), Date.now() - t1 >= 30);
})();
