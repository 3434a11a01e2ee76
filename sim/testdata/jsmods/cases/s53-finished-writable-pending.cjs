const { Writable, Readable, Duplex, finished } = stream;
const w = new Writable({ write(c, e, cb) { setImmediate(cb); } });
w.write('x');
w.end();
finished(w, (err) => console.log('w finished', err ? err.code : 'ok', w.writableFinished));
w.on('finish', () => console.log('w finish event'));
w.on('close', () => console.log('w close event'));
const d = new Duplex({ read() {}, write(c, e, cb) { cb(); } });
finished(d, (err) => console.log('duplex finished', err ? err.code : 'ok'));
d.end();
d.push(null);
d.resume();
const r = new Readable({ read() {} });
const cleanup = finished(r, () => console.log('never: cleaned up'));
cleanup();
r.destroy();
try { finished({}, () => {}); } catch (e) { console.log('not a stream:', e.code); }
