// 'newListener' fires before the listener is added; 'removeListener' after removal.
const { EventEmitter } = events;
const ee = new EventEmitter();
ee.on('newListener', (name, fn) => {
  console.log('newListener', String(name), fn.name, 'count before add', ee.listenerCount(name));
  if (name === 'ev' && !ee._added) {
    ee._added = true;
    ee.on('ev', function inserted() { console.log('inserted first'); });
  }
});
ee.on('removeListener', (name, fn) => console.log('removeListener', String(name), fn.name, 'count now', ee.listenerCount(name)));
ee.on('ev', function original() { console.log('original'); });
ee.emit('ev');
ee.once('o', function onceFn() {});
ee.emit('o');
ee.prependListener('p', function pre() {});
ee.on(Symbol('sym'), function symFn() {});
function a() {}
function b() {}
ee.on('two', a);
ee.on('two', b);
ee.removeListener('two', a);
ee.removeListener('two', b);
ee.removeListener('two', b);
