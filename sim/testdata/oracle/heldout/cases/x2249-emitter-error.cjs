// @nondeterministic: setTimeout 0 against setImmediate from the main script (R-R1)
const EventEmitter = require('events');
const e = new EventEmitter();
e.on('error', (err) => console.log('error handled:', err.message));
setTimeout(() => e.emit('error', new Error('oops')), 0);
setImmediate(() => console.log('immediate'));
