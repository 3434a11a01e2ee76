// events' helpers: listener counts, max listeners (and the warning's code), errorMonitor,
// getEventListeners on an emitter and an EventTarget.
const events = require('events');
const { EventEmitter, errorMonitor, getEventListeners, getMaxListeners, setMaxListeners, listenerCount } = events;
const e = new EventEmitter();
const f = () => {};
e.on('x', f);
e.prependListener('x', () => {});
console.log(listenerCount(e, 'x'), e.listenerCount('x', f), getEventListeners(e, 'x').length, e.eventNames());
console.log(EventEmitter.defaultMaxListeners, getMaxListeners(e), events.captureRejections, events.usingDomains);
setMaxListeners(1, e);
process.on('warning', (w) => console.log('warning', w.name, w.count, w.type));
e.on('x', () => {});
e.on(errorMonitor, (err) => console.log('monitor', err.message));
try { e.emit('error', new Error('bad')); } catch (err) { console.log('thrown', err.message); }
const t = new EventTarget();
t.addEventListener('ping', f);
console.log(getEventListeners(t, 'ping').length, getMaxListeners(t));
e.removeAllListeners('x');
console.log(e.listenerCount('x'), e.rawListeners('x'));
const ar = new events.EventEmitterAsyncResource({ name: 'R' });
ar.on('go', (v) => console.log('async resource', v, typeof ar.asyncId));
ar.emit('go', 1);
