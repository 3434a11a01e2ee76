// With an 'uncaughtException' listener, a throw inside a timer callback
// makes Node re-enter processTimers WITHOUT the runNextTicks() that normally
// separates two timers: the next due timer runs before the ticks/promise
// jobs queued by the throwing callback. (Main busy-waits 10 ms so both
// timers are surely due in the same pass.)
process.on('uncaughtException', (err) => console.log('uncaughtException: ' + err.message));
setTimeout(() => {
  process.nextTick(() => console.log('tick queued before throw'));
  Promise.resolve().then(() => console.log('promise queued before throw'));
  setImmediate(() => console.log('setImmediate'));
  throw new Error('t1 failed');
}, 1);
setTimeout(() => console.log('timer 2'), 1);
busy(10);
