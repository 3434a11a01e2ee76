// once: called once, removed before it runs; rawListeners exposes the wrapper.
const { EventEmitter } = events;
const ee = new EventEmitter();
function handler(x) {
  console.log('once got', x, 'count inside', ee.listenerCount('ev'), this === ee);
}
ee.once('ev', handler);
ee.on('ev', (x) => console.log('on got', x));
console.log('listeners[0] is handler', ee.listeners('ev')[0] === handler);
const raw = ee.rawListeners('ev')[0];
console.log('raw is wrapper', raw !== handler, raw.listener === handler);
ee.emit('ev', 1);
ee.emit('ev', 2);
// calling the raw wrapper directly removes it too
ee.once('other', () => console.log('other fired'));
const w = ee.rawListeners('other')[0];
w();
console.log('other count', ee.listenerCount('other'));
w();
// removing a once listener by the original function
ee.once('r', handler);
ee.removeListener('r', handler);
console.log('r count', ee.listenerCount('r'), ee.emit('r'));
// once listener emitting the same event recursively
ee.once('rec', (n) => { console.log('rec', n); ee.emit('rec', n + 1); });
ee.emit('rec', 0);
