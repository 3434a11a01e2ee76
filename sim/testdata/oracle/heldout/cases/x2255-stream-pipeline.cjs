const { Readable, Transform, Writable } = require('stream');
const upper = new Transform({
  transform(chunk, enc, cb) {
    cb(null, chunk.toString().toUpperCase());
  },
});
const out = new Writable({
  write(chunk, enc, cb) {
    console.log('out', chunk.toString());
    cb();
  },
});
out.on('finish', () => console.log('finished'));
Readable.from(['x', 'y']).pipe(upper).pipe(out);
