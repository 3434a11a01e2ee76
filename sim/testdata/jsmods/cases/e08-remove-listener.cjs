const { EventEmitter } = events;
const ee = new EventEmitter();
function f() { console.log('f'); }
function g() { console.log('g'); }
ee.on('ev', f);
ee.on('ev', g);
ee.on('ev', f);
ee.removeListener('ev', f); // removes the most recently added f
ee.emit('ev');
console.log('--');
ee.off('ev', f);
ee.emit('ev');
console.log('--');
ee.removeListener('ev', function notThere() {});
ee.emit('ev');
console.log('-- removeAllListeners with watchers');
const e2 = new EventEmitter();
e2.on('x', function x1() {});
e2.on('x', function x2() {});
e2.on('y', function y1() {});
e2.on('removeListener', function watcher(name, fn) { console.log('removed', name, fn.name); });
e2.removeAllListeners('x');
console.log('--');
e2.on('x', function x3() {});
e2.removeAllListeners();
console.log('left', e2.eventNames().length);
