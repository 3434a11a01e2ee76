// An async listener that rejects: with captureRejections the rejection becomes an 'error' event.
const { EventEmitter } = require('events');
const e = new EventEmitter({ captureRejections: true });
e.on('job', async () => { throw new Error('async listener failed'); });
e.on('error', (err) => console.log('error event:', err.message));
e.emit('job');
console.log('emitted');
