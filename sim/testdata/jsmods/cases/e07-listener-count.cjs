const { EventEmitter } = events;
const ee = new EventEmitter();
const s = Symbol('s');
function f() {}
ee.on('b', f);
ee.on('a', () => {});
ee.on(s, f);
ee.on('b', f);
ee.once('b', f);
ee.on('1', f);
console.log('count b', ee.listenerCount('b'));
console.log('count b with f', ee.listenerCount('b', f));
console.log('count missing', ee.listenerCount('zzz'));
console.log('static', EventEmitter.listenerCount(ee, 'b'), events.listenerCount(ee, 'a'));
console.log('names', ee.eventNames().map(String).join(','));
ee.removeAllListeners('b');
console.log('names after', ee.eventNames().map(String).join(','));
ee.removeAllListeners();
console.log('names empty', ee.eventNames().length, ee.listeners('a').length);
