// getMaxListeners and setMaxListeners; the leak warning goes to stderr, not stdout.
const { EventEmitter } = require('events');
const e = new EventEmitter();
console.log(e.getMaxListeners(), EventEmitter.defaultMaxListeners);
e.setMaxListeners(1);
e.on('a', () => {});
e.on('a', () => {});
console.log(e.listenerCount('a'));
