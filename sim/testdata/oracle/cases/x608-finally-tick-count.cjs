// .finally(f): f runs in tick 1, but the next .then runs in tick 4 (finally
// returns a promise from f's result and then re-adopts the value), versus
// tick 2 for .then(g).then(X).
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
ticks(5);
Promise.resolve('v')
  .finally(() => console.log('finally callback'))
  .then((v) => console.log('then after finally: ' + v));
Promise.resolve('w')
  .then((v) => v)
  .then((v) => console.log('then after then: ' + v));
