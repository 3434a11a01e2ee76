const { Writable, Readable } = stream;
const w = new Writable({
  construct(cb) {
    console.log('construct');
    setImmediate(() => { console.log('constructed'); cb(); });
  },
  write(c, e, cb) { console.log('write', String(c)); cb(); },
});
w.write('early', () => console.log('early cb'));
w.end(() => console.log('end cb'));
w.on('finish', () => console.log('finish'));
w.on('close', () => console.log('close'));
process.nextTick(() => console.log('tick'));
const r = new Readable({
  construct(cb) { console.log('r construct'); cb(); },
  read() { console.log('r read'); this.push(null); },
});
r.on('end', () => console.log('r end'));
r.resume();
