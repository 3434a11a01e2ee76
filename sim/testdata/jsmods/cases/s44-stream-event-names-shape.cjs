// Streams pre-declare common event names: eventNames() lists only names
// with listeners, in that declared order; removing the last listener of a
// name does not emit 'removeListener' on a stream (unlike a plain emitter).
const { Readable, Writable } = stream;
const { EventEmitter } = events;
const r = new Readable({ read() {} });
console.log('fresh', JSON.stringify(r.eventNames()), r.listenerCount('data'));
function onEnd() {}
function onFoo() {}
r.on('foo', onFoo);
r.on('end', onEnd);
r.on('error', () => {});
console.log('names', JSON.stringify(r.eventNames()));
r.on('removeListener', (n) => console.log('stream removeListener', n));
r.removeListener('end', onEnd);
r.removeListener('foo', onFoo);
console.log('names after', JSON.stringify(r.eventNames()));
const ee = new EventEmitter();
ee.on('removeListener', (n) => console.log('plain removeListener', n));
ee.on('end', onEnd);
ee.removeListener('end', onEnd);
const w = new Writable({ write(c, e, cb) { cb(); } });
w.on('drain', () => {});
w.on('pipe', () => {});
w.on('close', () => {});
console.log('writable names', JSON.stringify(w.eventNames()));
console.log('once wrapper name', (() => { ee.once('x', function named() {}); return ee.rawListeners('x')[0].name; })());
