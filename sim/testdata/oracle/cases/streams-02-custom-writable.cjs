// A custom Writable that collects chunks; 'finish' after end().
const { Writable } = require('stream');
const parts = [];
const w = new Writable({
  write(chunk, enc, cb) { parts.push(chunk.toString()); cb(); },
});
w.on('finish', () => console.log('finish', parts.join('|')));
w.write('one');
w.write('two');
w.end('three');
console.log('ended');
