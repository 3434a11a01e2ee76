// captureRejections: the rejection of an async listener becomes an 'error' event a tick later.
const { EventEmitter } = require('events');
const e = new EventEmitter({ captureRejections: true });
e.on('save', async (doc) => { throw new Error('cannot save ' + doc); });
e.on('error', (err) => console.log('error event:', err.message));
e.emit('save', 'a.txt');
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('microtask'));
console.log('emitted');
