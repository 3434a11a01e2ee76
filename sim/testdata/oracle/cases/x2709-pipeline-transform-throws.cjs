// A transform() that throws inside pipeline(): the error reaches the pipeline's
// callback (R-V29 from Node 24; before, an uncaught exception).
const { pipeline, Readable, Transform, Writable } = require('stream');
let n = 0;
const t = new Transform({
  transform(chunk, enc, cb) {
    if (++n === 2) throw new Error('bad chunk ' + chunk);
    cb(null, chunk);
  },
});
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
pipeline(Readable.from(['a', 'b', 'c']), t, new Writable({ write(c, e, cb) { console.log('wrote', String(c)); cb(); } }), (err) => {
  console.log('pipeline done', err && err.message, t.destroyed);
});
