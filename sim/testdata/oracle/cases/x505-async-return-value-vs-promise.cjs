// async function returning a plain value: its promise is fulfilled on
// return, .then runs in tick 1. Returning a promise adopts it through a
// thenable job: .then runs in tick 3.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
async function returnsValue() { return 'value'; }
async function returnsPromise() { return Promise.resolve('promise'); }
ticks(5);
returnsPromise().then((v) => console.log('returnsPromise().then: ' + v));
returnsValue().then((v) => console.log('returnsValue().then: ' + v));
