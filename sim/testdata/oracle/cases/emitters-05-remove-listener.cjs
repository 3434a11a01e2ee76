// off() removes one listener; removeAllListeners removes the rest.
const { EventEmitter } = require('events');
const e = new EventEmitter();
function a() { console.log('a'); }
function b() { console.log('b'); }
e.on('x', a);
e.on('x', b);
e.emit('x');
e.off('x', a);
e.emit('x');
e.removeAllListeners('x');
console.log(e.emit('x'), e.eventNames());
