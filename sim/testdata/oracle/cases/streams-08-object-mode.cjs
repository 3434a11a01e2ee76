// Object-mode streams pass objects through unchanged.
const { Readable, Writable } = require('stream');
const r = new Readable({ objectMode: true, read() {} });
const w = new Writable({ objectMode: true, write(o, e, cb) { console.log('got', o.id, o.name); cb(); } });
r.pipe(w);
r.push({ id: 1, name: 'a' });
r.push({ id: 2, name: 'b' });
r.push(null);
w.on('finish', () => console.log('all objects written'));
