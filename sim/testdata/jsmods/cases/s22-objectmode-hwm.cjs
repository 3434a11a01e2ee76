// push() return value and how often read() is asked for more.
const { Readable } = stream;
let n = 0;
const r = new Readable({
  objectMode: true,
  highWaterMark: 3,
  read(size) {
    n++;
    console.log('read(' + size + ') #' + n, 'buffered', r.readableLength);
    if (n > 5) { this.push(null); return; }
    const ret = this.push({ n });
    console.log('  push ->', ret);
  },
});
setImmediate(() => {
  console.log('buffered before consuming', r.readableLength);
  r.on('data', (d) => console.log('data', d.n));
  r.on('end', () => console.log('end'));
});
