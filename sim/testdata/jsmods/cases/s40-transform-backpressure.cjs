// A Transform holds its write callback while its readable side is full.
const { Transform } = stream;
const t = new Transform({
  objectMode: true,
  highWaterMark: 1,
  transform(c, e, cb) { console.log('transform', c); cb(null, c); },
});
for (let i = 1; i <= 4; i++) console.log('write', i, '->', t.write(i, () => console.log('write cb', i)));
t.end(() => console.log('end cb'));
setImmediate(() => {
  console.log('start reading');
  t.on('data', (d) => console.log('data', d));
  t.on('end', () => console.log('end'));
  t.on('finish', () => console.log('finish'));
  t.on('close', () => console.log('close'));
});
