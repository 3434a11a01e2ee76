// final() runs synchronously inside end() when nothing is pending; 'finish'
// comes a tick after final's callback.
const { Writable } = stream;
const w = new Writable({
  write(chunk, enc, cb) { cb(); },
  final(cb) {
    console.log('final called');
    setImmediate(() => { console.log('final done'); cb(); process.nextTick(() => console.log('tick after final cb')); });
  },
});
w.on('prefinish', () => console.log('prefinish'));
w.on('finish', () => console.log('finish'));
w.on('close', () => console.log('close'));
w.end(() => console.log('end cb'));
console.log('after end');
const w2 = new Writable({ write(c, e, cb) { cb(); }, final(cb) { console.log('w2 final'); cb(); } });
w2.on('prefinish', () => console.log('w2 prefinish'));
w2.on('finish', () => console.log('w2 finish'));
w2.on('close', () => console.log('w2 close'));
w2.end();
console.log('after w2 end');
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
