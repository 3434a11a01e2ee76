const { Readable, Writable } = stream;
const src = new Readable({ objectMode: true, read() {} });
function sink(name, slow) {
  const w = new Writable({
    objectMode: true,
    highWaterMark: 1,
    write(c, e, cb) {
      console.log(name, 'got', c);
      if (slow) setImmediate(cb); else cb();
    },
  });
  w.on('finish', () => console.log(name, 'finish'));
  return w;
}
src.pipe(sink('fast', false));
src.pipe(sink('slow', true));
src.push(1); src.push(2); src.push(3); src.push(null);
src.on('end', () => console.log('src end'));
