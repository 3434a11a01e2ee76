const { Readable, Writable, PassThrough, promises } = stream;
(async () => {
  const w = new Writable({ write(c, e, cb) { cb(); } });
  setImmediate(() => { console.log('ending'); w.end('x'); });
  await promises.finished(w);
  console.log('finished resolved');
  const out = [];
  await promises.pipeline(
    Readable.from(['p', 'q']),
    new PassThrough({ objectMode: true }),
    new Writable({ objectMode: true, write(c, e, cb) { out.push(c); cb(); } }),
  );
  console.log('pipeline resolved', out.join(''));
  const r = new Readable({ read() {} });
  setImmediate(() => r.destroy(new Error('nope')));
  try {
    await promises.finished(r);
  } catch (e) {
    console.log('finished rejected', e.message);
  }
})();
process.nextTick(() => console.log('tick'));
