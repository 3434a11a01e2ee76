// write() return value against highWaterMark, write callbacks, 'drain'.
const { Writable } = stream;
const w = new Writable({
  highWaterMark: 3,
  write(chunk, enc, cb) {
    console.log('_write', String(chunk), 'length', w.writableLength);
    if (String(chunk) === 'ccc') setImmediate(cb);
    else cb();
  },
});
w.on('drain', () => console.log('drain', w.writableLength, w.writableNeedDrain));
console.log('write a ->', w.write('a', () => console.log('cb a')));
console.log('write b ->', w.write('b', () => console.log('cb b')));
console.log('write ccc ->', w.write('ccc', () => console.log('cb ccc')), 'needDrain', w.writableNeedDrain);
console.log('write d ->', w.write('d', () => console.log('cb d')), 'length', w.writableLength);
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('immediate'));
