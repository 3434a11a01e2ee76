// An ES module's body throws with only an 'unhandledRejection' listener: the listener is not
// called, the process dies with code 1 and the body's ticks never run (R-M7).
process.on('unhandledRejection', (err) => console.log('unhandled', err.message));
process.on('exit', (c) => console.log('exit', c));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('micro'));
throw new Error('main');
