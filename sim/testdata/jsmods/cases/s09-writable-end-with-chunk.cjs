// end(chunk, cb) with an async write: the end callback waits for the write.
const { Writable } = stream;
const w = new Writable({
  write(chunk, enc, cb) {
    console.log('write', String(chunk));
    setImmediate(() => { console.log('write done', String(chunk)); cb(); });
  },
});
w.on('finish', () => console.log('finish'));
w.on('close', () => console.log('close'));
w.write('one', () => console.log('cb one'));
w.end('two', () => console.log('end cb'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
