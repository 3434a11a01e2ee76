// Emitting from a timer and from a promise callback: listeners run inside those callbacks.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.on('log', (where) => console.log('log from', where));
setTimeout(() => e.emit('log', 'timer'), 10);
Promise.resolve().then(() => e.emit('log', 'promise'));
e.emit('log', 'main');
