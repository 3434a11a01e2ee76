// EventEmitter.captureRejections = true applies to emitters made afterwards.
const events = require('events');
const before = new events.EventEmitter();
events.captureRejections = true;
const after = new events.EventEmitter();
console.log(events.captureRejections, events.EventEmitter.captureRejections);
after.on('go', () => Promise.reject(new Error('rejected')));
after.on('error', (e) => console.log('after emitter error:', e.message));
after.emit('go');
process.on('unhandledRejection', (r) => console.log('unhandled:', r.message));
before.on('go', () => Promise.reject(new Error('not captured')));
before.emit('go');
