// Readable.from -> PassThrough -> Writable via pipe().
const { Readable, PassThrough, Writable } = stream;
const src = Readable.from(['a', 'b', 'c']);
const pt = new PassThrough({ objectMode: true });
const out = new Writable({
  objectMode: true,
  write(chunk, enc, cb) { console.log('sink got', chunk); cb(); },
});
for (const [name, s] of [['src', src], ['pt', pt], ['out', out]]) {
  for (const ev of ['end', 'finish', 'close', 'pipe', 'unpipe']) {
    s.on(ev, () => console.log(name, ev));
  }
}
console.log('pipe returns dest', src.pipe(pt) === pt);
pt.pipe(out);
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('setImmediate'));
