// write() returns false past the highWaterMark, and 'drain' follows.
const { Writable } = require('stream');
const w = new Writable({
  highWaterMark: 4,
  write(chunk, enc, cb) { setTimeout(cb, 5); },
});
console.log('first write ok?', w.write('abc'));
console.log('second write ok?', w.write('defg'));
w.on('drain', () => { console.log('drain'); w.end(); });
w.on('finish', () => console.log('finish'));
