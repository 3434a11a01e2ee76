// next() calls made before the previous one settles are queued and settle in order, done ones included.
async function* g() {
  yield 'one';
  await new Promise((r) => setTimeout(r, 10));
  yield 'two';
}
const it = g();
const calls = [it.next(), it.next(), it.next(), it.next()];
calls.forEach((p, i) => p.then((r) => console.log('call', i, JSON.stringify(r))));
console.log('all queued');
