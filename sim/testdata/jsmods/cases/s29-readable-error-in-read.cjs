const { Readable } = stream;
const r = new Readable({
  read() {
    throw new Error('read exploded');
  },
});
r.on('error', (e) => console.log('error', e.message));
r.on('close', () => console.log('close'));
r.on('data', () => console.log('data (never)'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('immediate'));
