const { Duplex, Writable, Readable } = stream;
const d = new Duplex({
  allowHalfOpen: false,
  read() {},
  write(chunk, enc, cb) {
    console.log('duplex write', String(chunk));
    this.push(String(chunk).toUpperCase());
    cb();
  },
});
console.log('instanceof Writable', d instanceof Writable, 'instanceof Readable', d instanceof Readable);
console.log('plain readable instanceof Writable', new Readable() instanceof Writable);
d.on('data', (c) => console.log('duplex data', String(c)));
d.on('end', () => console.log('duplex end'));
d.on('finish', () => console.log('duplex finish'));
d.on('close', () => console.log('duplex close'));
d.write('ping');
setImmediate(() => {
  console.log('pushing null');
  d.push(null);
});
