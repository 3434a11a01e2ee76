// prependListener puts a listener first.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.on('go', () => console.log('second'));
e.prependListener('go', () => console.log('first'));
e.prependOnceListener('go', () => console.log('zeroth, once'));
e.emit('go');
e.emit('go');
