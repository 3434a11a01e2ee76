// Node 20.20: a synchronous write without a callback schedules no tick on a
// byte stream but does on an object-mode stream; visible in where 'finish'
// lands relative to other ticks and promises.
const { Writable } = stream;
for (const objectMode of [false, true]) {
  const tag = objectMode ? 'obj' : 'bytes';
  const w = new Writable({ objectMode, write(c, e, cb) { cb(); } });
  w.on('finish', () => console.log(tag, 'finish'));
  w.on('close', () => console.log(tag, 'close'));
  w.write('a');
  w.write('b');
  process.nextTick(() => console.log(tag, 'tick between writes and end'));
  w.end();
  process.nextTick(() => console.log(tag, 'tick after end'));
}
Promise.resolve().then(() => console.log('promise'));
