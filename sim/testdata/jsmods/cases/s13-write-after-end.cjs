const { Writable } = stream;
const w = new Writable({ write(chunk, enc, cb) { cb(); } });
w.on('error', (e) => console.log('error event', e.code, e.message));
w.on('close', () => console.log('close'));
w.on('finish', () => console.log('finish'));
w.end('last');
const ret = w.write('more', (err) => console.log('write cb', err && err.code));
console.log('write after end returned', ret);
process.nextTick(() => console.log('tick'));
setImmediate(() => {
  w.end((err) => console.log('second end cb', err && err.code));
});
