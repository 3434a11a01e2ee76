const { Transform, Readable } = stream;
const upper = new Transform({
  transform(chunk, enc, cb) {
    console.log('transform', String(chunk));
    cb(null, String(chunk).toUpperCase());
  },
  flush(cb) {
    console.log('flush');
    this.push('!');
    cb();
  },
});
upper.on('data', (d) => console.log('out', String(d)));
upper.on('end', () => console.log('end'));
upper.on('finish', () => console.log('finish'));
upper.on('close', () => console.log('close'));
upper.write('hello');
upper.write('world');
upper.end();
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('setImmediate'));
