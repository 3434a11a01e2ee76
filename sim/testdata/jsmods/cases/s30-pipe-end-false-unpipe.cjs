const { Readable, Writable } = stream;
const src = new Readable({ objectMode: true, read() {} });
const sink = new Writable({ objectMode: true, write(c, e, cb) { console.log('sink', c); cb(); } });
sink.on('pipe', (s) => console.log('pipe event', s === src));
sink.on('unpipe', (s) => console.log('unpipe event', s === src));
sink.on('finish', () => console.log('finish (never with end:false)'));
src.pipe(sink, { end: false });
src.push(1);
setImmediate(() => {
  src.unpipe(sink);
  console.log('unpiped, flowing', src.readableFlowing);
  src.push(2);
  src.push(null);
  setImmediate(() => console.log('length left', src.readableLength, 'sink ended', sink.writableEnded));
});
