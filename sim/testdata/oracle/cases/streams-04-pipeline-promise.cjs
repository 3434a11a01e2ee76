// stream/promises pipeline resolves when every stage has finished.
const { pipeline } = require('stream/promises');
const { Readable, Transform, Writable } = require('stream');
const seen = [];
(async () => {
  await pipeline(
    Readable.from([1, 2, 3]),
    new Transform({ objectMode: true, transform(n, e, cb) { cb(null, n * 10); } }),
    new Writable({ objectMode: true, write(n, e, cb) { seen.push(n); cb(); } }),
  );
  console.log('pipeline done', seen);
})();
