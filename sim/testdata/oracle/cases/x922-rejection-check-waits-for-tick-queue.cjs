// The unhandled-rejection check only runs when the tick queue is empty after
// a microtask drain: a tick queued by a microtask, and a microtask queued by
// that tick, still run before the crash.
process.on('exit', (code) => console.log('exit ' + code));
Promise.reject(new Error('unhandled'));
Promise.resolve().then(() => {
  console.log('microtask queues a tick');
  process.nextTick(() => {
    console.log('tick from microtask runs');
    Promise.resolve().then(() => console.log('microtask from that tick runs'));
  });
});
setImmediate(() => console.log('setImmediate (never)'));
