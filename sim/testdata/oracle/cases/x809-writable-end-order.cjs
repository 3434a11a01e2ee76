// Writable#end(cb) on a stream whose _write completes synchronously: the end
// callback, 'finish' and 'close' are all deferred (process.nextTick), so they
// come after the synchronous code but before a promise job queued afterwards.
const { Writable } = require('stream');
const chunks = [];
const w = new Writable({
  write(chunk, enc, cb) {
    chunks.push(chunk.toString());
    cb();
  },
});
w.on('finish', () => console.log("'finish'"));
w.on('close', () => console.log("'close'"));
w.write('a');
w.end('b', () => console.log('end callback'));
Promise.resolve().then(() => console.log('promise'));
console.log('after end (sync), written: ' + chunks.join(''));
