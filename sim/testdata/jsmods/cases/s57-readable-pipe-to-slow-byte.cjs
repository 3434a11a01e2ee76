// Byte-mode pipe with a small highWaterMark on the destination.
const { Readable, Writable } = stream;
const parts = ['aaaa', 'bb', 'cccccc', 'd'];
const src = new Readable({
  highWaterMark: 4,
  read() { this.push(parts.length ? parts.shift() : null); },
});
const dst = new Writable({
  highWaterMark: 4,
  write(c, e, cb) {
    console.log('write', String(c), 'len', dst.writableLength);
    setImmediate(cb);
  },
});
dst.on('drain', () => console.log('drain'));
dst.on('finish', () => console.log('finish'));
src.on('end', () => console.log('src end'));
src.pipe(dst);
