// CommonJS main: every tick queued by the main script runs before the first
// reaction of any combinator, even for already-resolved inputs.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
Promise.all([1, 2]).then(() => console.log('all'));
Promise.race([1, 2]).then(() => console.log('race'));
Promise.allSettled([1]).then(() => console.log('allSettled'));
Promise.any([1]).then(() => console.log('any'));
process.nextTick(() => console.log('nextTick 1'));
process.nextTick(() => console.log('nextTick 2'));
ticks(3);
