const { Readable, Writable } = stream;
let i = 0;
const r = new Readable({
  highWaterMark: 0,
  objectMode: true,
  read() {
    i++;
    console.log('read', i);
    if (i > 3) this.push(null);
    else setImmediate(() => console.log('push', i, '->', this.push(i)));
  },
});
r.on('data', (d) => console.log('data', d));
r.on('end', () => console.log('end'));
const w = new Writable({ highWaterMark: 0, write(c, e, cb) { console.log('write', String(c)); cb(); } });
console.log('write to hwm 0 ->', w.write('z'));
w.on('drain', () => console.log('drain'));
