// 'newListener' fires before a listener is added.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.on('newListener', (name) => console.log('adding listener for', name, 'existing', e.listenerCount(name)));
e.on('data', () => {});
e.once('end', () => {});
console.log(e.eventNames());
