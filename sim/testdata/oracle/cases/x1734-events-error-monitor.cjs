// errorMonitor sees an 'error' before the 'error' listeners, and does not count as one.
const { EventEmitter, errorMonitor } = require('events');
const e = new EventEmitter();
e.on(errorMonitor, (err) => console.log('monitor', err.message));
try { e.emit('error', new Error('unheard')); } catch (err) { console.log('thrown', err.message); }
e.on('error', (err) => console.log('listener', err.message));
e.emit('error', new Error('heard'));
