// await of a non-promise thenable takes TWO ticks: a
// NewPromiseResolveThenableJob calls then() in tick 1, the thenable resolves
// synchronously, and the resumption runs in tick 2.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const thenable = {
  then(resolve) {
    console.log('thenable.then called');
    resolve('from thenable');
  },
};
ticks(4);
(async () => {
  const v = await thenable;
  console.log('after await thenable: ' + v);
})();
