// R-E1 (811): emit iterates over a copy of the listener array.
const { EventEmitter } = events;
const ee = new EventEmitter();
function third() { console.log('third'); }
ee.on('ev', () => {
  console.log('first');
  ee.on('ev', () => console.log('added during emit'));
  ee.removeListener('ev', third);
});
ee.on('ev', () => console.log('second'));
ee.on('ev', third);
ee.emit('ev');
console.log('-- second emit');
ee.emit('ev');
console.log('-- removeAllListeners during emit');
const e2 = new EventEmitter();
e2.on('a', () => { console.log('a1'); e2.removeAllListeners('a'); });
e2.on('a', () => console.log('a2 still called'));
console.log(e2.emit('a'), e2.emit('a'), e2.listenerCount('a'));
