const { Writable } = stream;
const w = new Writable({
  write(chunk, enc, cb) {
    console.log('write', String(chunk));
    cb(new Error('disk full'));
  },
});
w.on('error', (e) => console.log('error event', e.message));
w.on('close', () => console.log('close'));
w.write('x', (err) => console.log('write cb', err && err.message));
console.log('after write', w.errored && w.errored.message, w.writable);
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
