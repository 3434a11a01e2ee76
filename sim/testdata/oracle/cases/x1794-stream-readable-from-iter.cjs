// Readable.from an async generator, read through its async iterator's next(); its 'end'
// and 'close' come before the loop sees done.
const { Readable } = require('stream');
async function* gen() {
  yield 'a';
  await new Promise((r) => setTimeout(r, 10));
  yield 'b';
  yield 'c';
}
const r = Readable.from(gen());
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
(async () => {
  const it = r[Symbol.asyncIterator]();
  for (let step = await it.next(); !step.done; step = await it.next()) console.log('chunk', step.value);
  console.log('loop done', r.readableEnded, r.destroyed);
  const sync = Readable.from(['x', 'y'], { objectMode: true });
  sync.on('data', (d) => console.log('sync data', d));
  sync.on('end', () => console.log('sync end', sync.readableObjectMode));
})();
