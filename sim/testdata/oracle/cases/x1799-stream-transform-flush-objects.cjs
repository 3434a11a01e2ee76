// A Transform in object mode with flush, a Duplex, and a PassThrough's events.
const { Transform, Duplex, PassThrough } = require('stream');
const sum = new Transform({
  objectMode: true,
  transform(n, enc, cb) { this.total = (this.total || 0) + n; cb(null, { n }); },
  flush(cb) { this.push({ total: this.total }); cb(); },
});
sum.on('data', (d) => console.log('data', d));
sum.on('end', () => console.log('sum end'));
[1, 2, 3].forEach((n) => sum.write(n));
sum.end();
const d = new Duplex({
  read() { this.push('from duplex'); this.push(null); },
  write(c, e, cb) { console.log('duplex got', c.toString()); cb(); },
});
d.on('data', (c) => console.log('duplex data', c.toString()));
d.end('to duplex');
const p = new PassThrough();
p.on('data', (c) => console.log('pass', c.toString()));
p.on('finish', () => console.log('pass finish'));
p.on('end', () => console.log('pass end'));
p.end('through');
