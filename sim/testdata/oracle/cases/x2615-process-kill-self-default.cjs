// A signal the process does not listen for ends it at once: no 'exit' listeners, nothing
// queued runs, the exit status is 128 + the signal's number.
process.on('exit', (code) => console.log('exit listener', code));
process.nextTick(() => console.log('tick'));
console.log('before');
setTimeout(() => {
  console.log('timer');
  setImmediate(() => console.log('immediate never runs'));
  Promise.resolve().then(() => console.log('promise never runs'));
  process.kill(process.pid, 'SIGTERM');
  console.log('after kill');
}, 10);
