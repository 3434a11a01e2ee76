// @node-only: the simulator's engine has no Symbol.asyncIterator/for-await.
// Async iteration over a Readable (content only, not timing).
const { Readable } = stream;
const r = new Readable({ objectMode: true, read() {} });
r.push('a');
setImmediate(() => { r.push('b'); r.push(null); });
(async () => {
  const it = r[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = await it.next();
    if (done) break;
    console.log('got', value);
  }
  console.log('loop done; destroyed', r.destroyed);
  const r2 = Readable.from([1, 2, 3]);
  const it2 = r2[Symbol.asyncIterator]();
  console.log('first', (await it2.next()).value);
  await it2.return();
  console.log('returned early; destroyed', r2.destroyed);
})();
