// R-E2 (809): end callback | 'finish' | 'close', all before a promise job
// queued after end().
const { Writable } = stream;
const w = new Writable({
  write(chunk, enc, cb) { console.log('write', String(chunk), enc); cb(); },
});
w.on('finish', () => console.log("'finish'"));
w.on('close', () => console.log("'close'"));
w.on('prefinish', () => console.log("'prefinish'"));
console.log('write returned', w.write('a'));
w.end(() => console.log('end callback'));
console.log('after end()', w.writableEnded, w.writableFinished);
process.nextTick(() => console.log('nextTick after end'));
Promise.resolve().then(() => console.log('promise after end'));
setImmediate(() => console.log('setImmediate', w.writableFinished, w.destroyed, w.closed));
