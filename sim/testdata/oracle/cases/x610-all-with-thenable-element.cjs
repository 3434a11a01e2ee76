// Promise.all with a thenable element: that element is adopted through a
// thenable job, which adds one tick (.then in tick 3 instead of 2).
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const thenable = { then(r) { r('t'); } };
ticks(4);
Promise.all([Promise.resolve(1), thenable]).then((v) => console.log('all with thenable: ' + v.join(',')));
Promise.all([Promise.resolve(1), 2]).then((v) => console.log('all without thenable: ' + v.join(',')));
