// A callback passed to queueMicrotask that throws is reported as an uncaught
// exception; with an 'uncaughtException' listener the process continues:
// the other microtasks still run and the exit code is 0.
process.on('uncaughtException', (err) => console.log('uncaughtException: ' + err.message));
process.on('exit', (code) => console.log('exit ' + code));
queueMicrotask(() => {
  console.log('microtask 1 throws');
  throw new Error('microtask failure');
});
queueMicrotask(() => console.log('microtask 2'));
Promise.resolve().then(() => console.log('promise 3'));
setTimeout(() => console.log('timer'), 10);
console.log('sync end');
