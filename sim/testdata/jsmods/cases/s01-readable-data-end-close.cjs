// Readable with a read() that pushes synchronously: 'data' starts on a tick
// after the listener is attached; 'end' and 'close' follow via nextTick,
// all before promise jobs? Compare with nextTick, Promise.then, setImmediate.
const { Readable } = stream;
const chunks = ['a', 'b', 'c'];
const r = new Readable({
  read() {
    console.log('read() called');
    this.push(chunks.length ? chunks.shift() : null);
  },
});
r.on('data', (c) => console.log('data', String(c)));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
// The timer is set from the immediate: a main-script timer would race it.
setImmediate(() => {
  console.log('setImmediate');
  setTimeout(() => console.log('timeout'), 0);
});
console.log('sync done');
