// R-E2 (805): after destroy (sync) | close event | nextTick queued after destroy | promise
const { Readable } = stream;
const r = new Readable({ read() {} });
r.on('close', () => console.log('close event'));
r.on('end', () => console.log('end (never)'));
Promise.resolve().then(() => console.log('promise'));
r.destroy();
console.log('after destroy (sync)', r.destroyed, r.closed);
process.nextTick(() => console.log('nextTick queued after destroy'));
setImmediate(() => {
  console.log('immediate; destroy again is a no-op');
  r.destroy();
  r.destroy(new Error('ignored'), () => console.log('cb of second destroy'));
  process.nextTick(() => console.log('tick'));
});
