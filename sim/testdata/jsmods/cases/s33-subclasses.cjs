const { Readable, Writable, Transform } = stream;
class Counter extends Readable {
  constructor(max) { super({ objectMode: true }); this.i = 0; this.max = max; }
  _read() { this.i++; this.push(this.i > this.max ? null : this.i); }
}
class Collector extends Writable {
  constructor() { super({ objectMode: true }); this.items = []; }
  _write(chunk, enc, cb) { this.items.push(chunk); cb(); }
  _final(cb) { console.log('collector final', this.items.join(',')); cb(); }
}
class Doubler extends Transform {
  constructor() { super({ objectMode: true }); }
  _transform(c, e, cb) { this.push(c); cb(null, c * 10); }
}
const c = new Collector();
c.on('finish', () => console.log('collector finish', c instanceof Writable, c instanceof Collector));
new Counter(3).pipe(new Doubler()).pipe(c);
// legacy inheritance style
function Legacy(opts) { Readable.call(this, opts); }
Object.setPrototypeOf(Legacy.prototype, Readable.prototype);
Object.setPrototypeOf(Legacy, Readable);
Legacy.prototype._read = function () { this.push('legacy'); this.push(null); };
const l = new Legacy();
l.on('data', (d) => console.log('legacy data', String(d)));
l.on('end', () => console.log('legacy end', l instanceof Readable));
// calling constructors without new
const noNew = Readable({ read() {} });
console.log('without new', noNew instanceof Readable, Writable({ write() {} }) instanceof Writable);
