// Readable.from: objectMode, highWaterMark 1; its destroy goes through the
// iterator's return(), so 'close' lands after some promise jobs.
const { Readable } = stream;
const r = Readable.from([1, 2, 3]);
console.log('objectMode', r.readableObjectMode, 'hwm', r.readableHighWaterMark);
r.on('data', (x) => console.log('data', x));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve()
  .then(() => console.log('promise 1'))
  .then(() => console.log('promise 2'))
  .then(() => console.log('promise 3'));
setImmediate(() => console.log('setImmediate'));
