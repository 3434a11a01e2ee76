// An exception in a queueMicrotask callback is uncaught, the other microtasks still run.
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
queueMicrotask(() => { throw new Error('in microtask'); });
queueMicrotask(() => console.log('second microtask'));
Promise.resolve().then(() => console.log('promise job'));
process.nextTick(() => console.log('tick'));
