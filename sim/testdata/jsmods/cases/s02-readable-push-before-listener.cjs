// Everything pushed synchronously before a 'data' listener is attached.
const { Readable } = stream;
const r = new Readable({ read() {} });
console.log('push a ->', r.push('a'));
console.log('push b ->', r.push('b'));
console.log('push null ->', r.push(null));
console.log('readableLength', r.readableLength, 'flowing', r.readableFlowing);
r.on('data', (c) => {
  console.log('data', String(c));
  process.nextTick(() => console.log('  tick from data'));
  Promise.resolve().then(() => console.log('  promise from data'));
});
console.log('flowing after on(data)', r.readableFlowing);
r.on('end', () => console.log('end', r.readableEnded));
r.on('close', () => console.log('close', r.destroyed));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('setImmediate'));
