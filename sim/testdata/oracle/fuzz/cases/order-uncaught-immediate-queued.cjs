// The last immediate of a pass throws into an 'uncaughtException' listener: the immediate it
// queued runs in the same check phase, then its ticks and promise jobs (R-U3).
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
setImmediate(() => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('B'));
  process.nextTick(() => console.log('tick'));
  Promise.resolve().then(() => console.log('micro'));
  busy(5);
  throw new Error('A');
});
