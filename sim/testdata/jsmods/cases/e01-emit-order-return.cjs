// R-E1: emit is synchronous, listeners in registration order, `this` is the
// emitter, all arguments passed, return value tells whether anyone listened.
const { EventEmitter } = events;
const ee = new EventEmitter();
ee.on('ev', function (a, b, c) { console.log('listener 1', a, b, c, this === ee); });
ee.on('ev', (...args) => console.log('listener 2', args.length));
ee.addListener('ev', () => console.log('listener 3'));
console.log('before emit');
console.log('emit returned', ee.emit('ev', 1, 'two', [3]));
console.log('no listeners returned', ee.emit('nobody'));
console.log('chainable', ee.on('x', () => {}) === ee, ee.once('y', () => {}) === ee, ee.off('x', () => {}) === ee);
ee.on('same', f); ee.on('same', f);
function f() { console.log('f called'); }
ee.emit('same');
console.log('after');
