// process.kill of the process itself: a signal it listens for reaches the listener in the
// poll phase (after ticks, before the check phase); kill(2)'s errors are ErrnoExceptions.
process.on('SIGUSR1', (name, number) => console.log('got', name, number));
console.log('kill returned', process.kill(process.pid, 'SIGUSR1'));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
try {
  process.kill(2147483000, 0);
} catch (e) {
  console.log(e.message, e.code, e.syscall);
}
try {
  process.kill(process.pid, 'SIGFOO');
} catch (e) {
  console.log(e.code, e.message);
}
try {
  process.kill('abc');
} catch (e) {
  console.log(e.code);
}
console.log('signal 0', process.kill(process.pid, 0));
