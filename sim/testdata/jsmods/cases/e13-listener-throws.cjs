const { EventEmitter } = events;
const ee = new EventEmitter();
ee.on('ev', () => console.log('one'));
ee.on('ev', () => { throw new Error('two failed'); });
ee.on('ev', () => console.log('three (not reached)'));
try {
  ee.emit('ev');
} catch (e) {
  console.log('emit threw', e.message);
}
ee.once('o', () => { throw new Error('once failed'); });
try { ee.emit('o'); } catch (e) { console.log('caught', e.message); }
console.log('once removed anyway', ee.listenerCount('o'));
