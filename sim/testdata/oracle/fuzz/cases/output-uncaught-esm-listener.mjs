// The ES-module form of order-08b04897 (cmd/fuzzdiff -seed 220043): an ES module's body throws;
// Node's loader reports it as an uncaught exception from a promise (R-M7).
process.on('uncaughtException', (err, origin) => console.log('uncaught', err.message, origin));
process.on('unhandledRejection', (err) => console.log('unhandled', err.message));
process.on('exit', (c) => console.log('exit', c));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('micro'));
throw new Error('main');
