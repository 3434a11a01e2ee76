// throw() on a generator that never started rejects at once; the body never runs; later next() is done.
async function* g() {
  console.log('body runs');
  yield 1;
}
const it = g();
it.throw(new Error('stop')).catch((e) => console.log('throw rejected:', e.message));
it.next().then((r) => console.log('next ->', JSON.stringify(r)));
Promise.resolve().then(() => console.log('job 1')).then(() => console.log('job 2'));
