// Pushes from setImmediate: each chunk is delivered synchronously inside push().
const { Readable } = stream;
let n = 0;
const r = new Readable({
  read() {
    console.log('read', n);
    setImmediate(() => {
      n++;
      console.log('pushing', n);
      const ret = this.push(n <= 2 ? 'chunk' + n : null);
      console.log('push returned', ret);
      process.nextTick(() => console.log('tick after push', n));
      Promise.resolve().then(() => console.log('promise after push', n));
    });
  },
});
r.on('data', (c) => console.log('data', String(c)));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
