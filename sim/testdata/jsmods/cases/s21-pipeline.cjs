const { Readable, PassThrough, Writable, Transform, pipeline } = stream;
const seen = [];
pipeline(
  Readable.from(['a', 'b']),
  new Transform({ objectMode: true, transform(c, e, cb) { cb(null, c + c); } }),
  new Writable({ objectMode: true, write(c, e, cb) { seen.push(c); cb(); } }),
  (err) => console.log('pipeline done', err ? err.message : 'ok', seen.join(',')),
);
const bad = new Transform({
  objectMode: true,
  transform(c, e, cb) { cb(c === 2 ? new Error('bad chunk') : null, c); },
});
const sink = new Writable({ objectMode: true, write(c, e, cb) { console.log('sink', c); cb(); } });
sink.on('close', () => console.log('sink closed'));
pipeline(Readable.from([1, 2, 3]), bad, sink, (err) => {
  console.log('pipeline 2 done', err && err.message, 'sink destroyed', sink.destroyed);
});
process.nextTick(() => console.log('tick'));
setImmediate(() => console.log('immediate'));
