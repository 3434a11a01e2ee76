// A quiz-style mix: emitter, writable end, readable, timers and promises.
const { EventEmitter } = events;
const { Readable, Writable } = stream;
const bus = new EventEmitter();
const out = new Writable({ write(c, e, cb) { console.log('W', String(c)); cb(); } });
bus.on('msg', (m) => {
  console.log('bus', m);
  out.write(m);
  Promise.resolve().then(() => console.log('microtask after', m));
  process.nextTick(() => console.log('tick after', m));
});
const src = Readable.from(['x', 'y']);
src.on('data', (d) => bus.emit('msg', d));
src.on('end', () => {
  console.log('src end');
  out.end('bye', () => console.log('out end cb'));
});
out.on('finish', () => console.log('out finish'));
out.on('close', () => console.log('out close'));
// The timer is set from the immediate: a main-script timer would race it.
setImmediate(() => {
  console.log('immediate');
  setTimeout(() => console.log('timeout'), 0);
});
(async () => {
  console.log('async start');
  await null;
  console.log('async after await');
})();
console.log('main end');
