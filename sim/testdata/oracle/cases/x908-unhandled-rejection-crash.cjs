// Default --unhandled-rejections=throw: a rejection still unhandled after the
// tick + microtask drain is raised as an uncaught exception. Ticks and
// promise jobs queued before it run; immediates and timers never do; 'exit'
// listeners see code 1.
process.on('exit', (code) => console.log('exit ' + code));
Promise.reject(new Error('nobody handles this'));
process.nextTick(() => console.log('nextTick runs'));
Promise.resolve().then(() => console.log('promise runs'));
setImmediate(() => console.log('setImmediate (never)'));
setTimeout(() => console.log('setTimeout (never)'), 0);
console.log('sync end');
