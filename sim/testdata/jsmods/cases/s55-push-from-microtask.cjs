// _read pushes from a promise job: each 'data' is emitted synchronously in
// push(), inside the microtask; the next read is a tick later.
const { Readable } = stream;
let n = 0;
const r = new Readable({
  objectMode: true,
  read() {
    const k = ++n;
    console.log('read', k);
    Promise.resolve().then(() => {
      console.log('push', k);
      this.push(k <= 3 ? k : null);
      process.nextTick(() => console.log('tick after push', k));
    });
  },
});
r.on('data', (d) => console.log('data', d));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
setImmediate(() => console.log('immediate'));
