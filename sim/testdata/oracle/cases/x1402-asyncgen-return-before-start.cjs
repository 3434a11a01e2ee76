// return() on a generator that never started: the body never runs, and a next() queued behind it settles done.
async function* g() {
  console.log('body runs');
  try { yield 1; } finally { console.log('finally'); }
}
const it = g();
it.return('early').then((r) => console.log('return ->', JSON.stringify(r)));
it.next().then((r) => console.log('next ->', JSON.stringify(r)));
Promise.resolve().then(() => console.log('job 1')).then(() => console.log('job 2')).then(() => console.log('job 3'));
console.log('sync end');
