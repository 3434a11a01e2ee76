// process.stdout is a Writable (a file here): pipe() and pipeline() write to it without
// ending it, write() calls back from a tick, and console.log still prints after it.
const { pipeline, Readable, Transform } = require('stream');
process.stdout.write('a\n', () => console.log('write cb'));
console.log('log', process.stdout.writable, typeof process.stdout.on, process.stdout.fd, process.stdout.isTTY);
Readable.from(['piped 1\n', 'piped 2\n']).pipe(process.stdout).on('unpipe', () => console.log('unpiped'));
setTimeout(() => {
  const upper = new Transform({ transform(c, e, cb) { cb(null, c.toString().toUpperCase()); } });
  pipeline(Readable.from(['x\n', 'y\n']), upper, process.stdout, (err) => {
    console.log('pipeline done', err);
    console.log('still printing', process.stdout.writableEnded);
  });
}, 20);
