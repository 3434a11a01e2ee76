// Readable.from(asyncGenerator) turns a generator into a stream; 'data' events follow its yields.
const { Readable } = require('node:stream');
async function* letters() {
  yield 'x';
  await new Promise((r) => setTimeout(r, 10));
  yield 'y';
  yield 'z';
}
const r = Readable.from(letters());
r.on('data', (d) => console.log('data', d));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
console.log('objectMode', r.readableObjectMode);
