// A Writable's highWaterMark: write() returns false past it, 'drain' follows; cork/uncork
// batch writes into one writev.
const { Writable } = require('stream');
const w = new Writable({
  highWaterMark: 4,
  write(chunk, enc, cb) { console.log('write', chunk.toString()); setTimeout(cb, 5); },
  writev(chunks, cb) { console.log('writev', chunks.map((c) => c.chunk.toString())); setTimeout(cb, 5); },
});
console.log(w.write('ab'), w.write('cd'), w.writableLength, w.writableNeedDrain);
w.once('drain', () => {
  console.log('drain');
  w.cork();
  w.write('x');
  w.write('y');
  process.nextTick(() => w.uncork());
  w.end('z', () => console.log('end cb'));
});
w.on('finish', () => console.log('finish'));
w.on('close', () => console.log('close'));
