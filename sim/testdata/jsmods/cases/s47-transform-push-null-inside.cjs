// A transform that ends its readable side itself: later write callbacks are
// deferred a tick.
const { Transform } = stream;
const t = new Transform({
  transform(chunk, enc, cb) {
    const s = String(chunk);
    console.log('transform', s);
    if (s === 'stop') { this.push(null); cb(); return; }
    cb(null, s);
  },
});
t.on('data', (d) => console.log('data', String(d)));
t.on('end', () => console.log('end'));
t.on('error', (e) => console.log('error', e.code));
t.write('a', () => console.log('cb a'));
t.write('stop', () => console.log('cb stop'));
t.write('b', () => console.log('cb b'));
process.nextTick(() => console.log('tick'));
