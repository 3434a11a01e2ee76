// An uncaughtException handler keeps the process alive after a throw.
process.on('uncaughtException', (err, origin) => console.log('handled', err.message, origin));
setTimeout(() => { throw new Error('first'); }, 10);
setTimeout(() => console.log('the loop went on'), 30);
