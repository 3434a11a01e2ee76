// once() listeners fire a single time.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.once('ready', () => console.log('ready (once)'));
e.on('ready', () => console.log('ready (every time)'));
e.emit('ready');
e.emit('ready');
console.log('count', e.listenerCount('ready'));
