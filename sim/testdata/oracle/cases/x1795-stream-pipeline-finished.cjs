// pipeline through a Transform into a Writable; finished on each side; an error in the
// middle destroys the rest and reaches pipeline's callback.
const { Readable, Transform, Writable, pipeline, finished } = require('stream');
const out = [];
const upper = new Transform({ transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); } });
const sink = new Writable({ write(chunk, enc, cb) { out.push(chunk.toString()); cb(); } });
finished(sink, (err) => console.log('sink finished', err));
pipeline(Readable.from(['x', 'y', 'z']), upper, sink, (err) => {
  console.log('pipeline 1 done', err, out);
  const bad = new Transform({ transform(chunk, enc, cb) { cb(new Error('bad chunk ' + chunk)); } });
  const sink2 = new Writable({ write(c, e, cb) { cb(); } });
  pipeline(Readable.from(['q']), bad, sink2, (err2) => {
    console.log('pipeline 2 done', err2.message, bad.destroyed, sink2.destroyed);
  });
});
