// events.once rejects when its signal aborts later; the listener is removed.
const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
const ac = new AbortController();
once(ee, 'ready', { signal: ac.signal }).then(() => console.log('ready'), (e) => console.log(e.name, e.cause, ee.listenerCount('ready')));
console.log('listeners', ee.listenerCount('ready'));
setTimeout(() => ac.abort('gave up'), 10);
