// A Transform that upper-cases text, piped to a collecting Writable.
const { Readable, Transform, Writable } = require('stream');
const upper = new Transform({ transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); } });
let out = '';
const sink = new Writable({ write(c, e, cb) { out += c; cb(); } });
sink.on('finish', () => console.log(out));
Readable.from(['hello ', 'world']).pipe(upper).pipe(sink);
