// events.once with a signal resolves normally when the event comes first.
const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
const ac = new AbortController();
once(ee, 'ready', { signal: ac.signal }).then((args) => console.log('ready', args));
setTimeout(() => { ee.emit('ready', 1, 2); ac.abort(); console.log('emitted, then aborted'); }, 10);
