// Promise.race of already-settled inputs: the first in ARRAY order wins,
// plain values count as settled, a pending promise placed first loses.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
ticks(3);
const pending = new Promise(() => {});
Promise.race([pending, Promise.resolve('resolved B'), 'plain C'])
  .then((v) => console.log('race 1 -> ' + v));
Promise.race(['plain A', Promise.resolve('resolved B')])
  .then((v) => console.log('race 2 -> ' + v));
const rej = Promise.reject(new Error('rejected A'));
Promise.race([rej, Promise.resolve('resolved B')])
  .then((v) => console.log('race 3 -> ' + v), (e) => console.log('race 3 rejected -> ' + e.message));
