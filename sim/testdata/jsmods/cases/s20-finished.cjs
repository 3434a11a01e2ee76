const { Readable, Writable, finished } = stream;
const r = new Readable({ read() {} });
finished(r, (err) => console.log('readable finished', err ? err.code || err.message : 'ok'));
r.resume();
r.push('x');
r.push(null);
const w = new Writable({ write(c, e, cb) { cb(); } });
finished(w, (err) => console.log('writable finished', err ? err.code : 'ok'));
w.end('y');
const d = new Readable({ read() {} });
finished(d, (err) => console.log('destroyed early:', err && err.code));
d.destroy();
const e = new Writable({ write(c, en, cb) { cb(new Error('write failed')); } });
e.on('error', () => console.log('error listener'));
finished(e, (err) => console.log('errored:', err && err.message));
e.write('z');
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => {
  const done = new Readable({ read() {} });
  done.push(null);
  done.resume();
  done.on('close', () => {
    console.log('done closed');
    finished(done, (err) => console.log('finished on closed stream', err ? err.code : 'ok'));
  });
});
