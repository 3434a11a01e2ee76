// EventEmitter API surface: once, prependListener, removeListener,
// removeAllListeners, listenerCount, eventNames, emit return value, an
// 'error' listener, and errors thrown by a listener propagating out of emit.
const { EventEmitter } = require('events');
const ee = new EventEmitter();
const log = (tag) => (...args) => console.log(tag + (args.length ? ': ' + args.join(',') : ''));
ee.on('data', log('on'));
ee.once('data', log('once'));
ee.prependListener('data', log('prepended'));
ee.on('other', log('other'));
console.log('eventNames: ' + ee.eventNames().join(','));
console.log('listenerCount(data): ' + ee.listenerCount('data'));
console.log('emit returned ' + ee.emit('data', 1, 2));
console.log('emit returned ' + ee.emit('data', 3));
ee.removeAllListeners('data');
console.log('after removeAllListeners(data): ' + ee.listenerCount('data') + ', emit returned ' + ee.emit('data'));
const h = log('removable');
ee.on('x', h);
ee.removeListener('x', h);
console.log('removed listener, emit(x) returned ' + ee.emit('x'));
ee.on('error', (err) => console.log('error listener: ' + err.message));
ee.emit('error', new Error('handled failure'));
ee.on('boom', () => { throw new Error('listener threw'); });
try {
  ee.emit('boom');
} catch (e) {
  console.log('emit rethrew: ' + e.message);
}
ee.removeAllListeners();
console.log('eventNames after removeAllListeners(): ' + JSON.stringify(ee.eventNames()));
