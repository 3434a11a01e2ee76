// More than 10 listeners triggers one MaxListenersExceededWarning per event name.
const { EventEmitter } = events;
process.on('warning', (w) => console.log('warning:', w.name, '|', w.message));
const ee = new EventEmitter();
console.log('default', EventEmitter.defaultMaxListeners, events.defaultMaxListeners, ee.getMaxListeners());
for (let i = 0; i < 10; i++) ee.on('foo', () => {});
console.log('10 added');
ee.on('foo', () => {});
ee.on('foo', () => {});
console.log('12 added');
const e2 = new EventEmitter();
e2.setMaxListeners(2);
console.log('e2 max', e2.getMaxListeners());
e2.on('bar', () => {}); e2.on('bar', () => {}); e2.on('bar', () => {});
const e3 = new EventEmitter();
e3.setMaxListeners(0);
for (let i = 0; i < 20; i++) e3.on('baz', () => {});
try { e3.setMaxListeners(-1); } catch (e) { console.log(e.name, e.code); }
class Custom extends EventEmitter {}
const c = new Custom();
c.setMaxListeners(1);
c.on('q', () => {}); c.on('q', () => {});
process.nextTick(() => console.log('tick after adds'));
setImmediate(() => console.log('immediate'));
