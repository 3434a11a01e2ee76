const { EventEmitter, once } = events;
const ee = new EventEmitter();
once(ee, 'data').then(
  (v) => console.log('resolved', v),
  (e) => console.log('rejected:', e.message, 'data listeners', ee.listenerCount('data')));
console.log('error listeners', ee.listenerCount('error'));
ee.emit('error', new Error('kaput'));
console.log('emit did not throw; error listeners', ee.listenerCount('error'));
// awaiting 'error' itself resolves with the error
once(ee, 'error').then(([e]) => console.log('error awaited:', e.message));
ee.emit('error', new Error('expected'));
process.nextTick(() => console.log('tick'));
