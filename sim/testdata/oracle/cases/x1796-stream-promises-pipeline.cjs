// stream/promises: pipeline through a Transform, finished as a promise, and a rejection
// when a stage fails.
const { pipeline, finished } = require('stream/promises');
const { Readable, Writable, PassThrough, Transform } = require('stream');
(async () => {
  const got = [];
  await pipeline(
    Readable.from([1, 2, 3]),
    new Transform({ objectMode: true, transform(n, e, cb) { cb(null, String(n * 10)); } }),
    new Writable({ objectMode: true, write(c, e, cb) { got.push(c); cb(); } }),
  );
  console.log('piped', got);
  const p = new PassThrough();
  setTimeout(() => p.end('done'), 10);
  p.resume();
  await finished(p);
  console.log('finished', p.writableFinished, p.readableEnded);
  try {
    await pipeline(Readable.from(['a']), new Writable({ write(c, e, cb) { cb(new Error('nope')); } }));
  } catch (e) { console.log('rejected', e.message); }
})();
