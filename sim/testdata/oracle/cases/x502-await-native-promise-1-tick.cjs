// await of an already-resolved native promise takes ONE tick: PromiseResolve
// returns the promise itself and the resumption is its reaction job.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const p = Promise.resolve('native');
ticks(3);
(async () => {
  const v = await p;
  console.log('after await native promise: ' + v);
})();
