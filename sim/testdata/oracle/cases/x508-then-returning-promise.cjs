// A .then callback that returns a promise delays the next .then to tick 4
// (the returned promise is adopted via a thenable job + reaction), versus
// tick 2 when it returns a plain value.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
ticks(6);
Promise.resolve()
  .then(() => Promise.resolve('inner'))
  .then((v) => console.log('after then(() => promise): ' + v));
Promise.resolve()
  .then(() => 'plain')
  .then((v) => console.log('after then(() => value): ' + v));
