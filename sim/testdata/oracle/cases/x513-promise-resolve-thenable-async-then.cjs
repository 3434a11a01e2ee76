// Promise.resolve(thenable) does not call then() synchronously: the call
// happens in a microtask (NewPromiseResolveThenableJob), after the sync code.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const thenable = {
  then(resolve) {
    console.log('then() called');
    resolve('t');
  },
};
ticks(3);
const p = Promise.resolve(thenable);
console.log('Promise.resolve returned');
p.then((v) => console.log('resolved with ' + v));
