const { Writable } = stream;
const w = new Writable({
  writev(chunks, cb) {
    console.log('writev', chunks.length, chunks.map((c) => String(c.chunk)).join('+'));
    cb();
  },
  write(chunk, enc, cb) {
    console.log('write', String(chunk));
    cb();
  },
});
w.cork();
w.write('a', () => console.log('cb a'));
w.write('b', () => console.log('cb b'));
w.write('c');
console.log('corked', w.writableCorked, 'length', w.writableLength);
process.nextTick(() => { console.log('uncork'); w.uncork(); });
setImmediate(() => {
  w.write('solo', () => console.log('cb solo'));
  w.end(() => console.log('end cb'));
});
w.on('finish', () => console.log('finish'));
w.on('close', () => console.log('close'));
