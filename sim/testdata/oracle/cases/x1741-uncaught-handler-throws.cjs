// A throw inside an 'uncaughtException' listener ends the process with code 7, no 'exit' listeners.
process.on('exit', (c) => console.log('exit listener', c));
process.on('uncaughtException', (e) => {
  console.log('handling', e.message);
  throw new Error('handler failed');
});
setTimeout(() => { throw new Error('first'); }, 5);
setTimeout(() => console.log('never'), 20);
