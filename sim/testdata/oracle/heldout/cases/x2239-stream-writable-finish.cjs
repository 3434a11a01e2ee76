const { Writable } = require('stream');
const w = new Writable({
  write(chunk, enc, cb) {
    console.log('write', chunk.toString());
    cb();
  },
});
w.on('finish', () => console.log('finish'));
w.write('one');
w.write('two');
w.end('three');
console.log('ended');
