// An 'error' event makes the events.on loop throw; the listeners are removed.
const { EventEmitter, on } = require('node:events');
const ee = new EventEmitter();
(async () => {
  try {
    for await (const [v] of on(ee, 'tick')) console.log('tick', v);
  } catch (e) {
    console.log('caught', e.message);
  }
  console.log('tick listeners', ee.listenerCount('tick'), 'error listeners', ee.listenerCount('error'));
})();
setTimeout(() => ee.emit('tick', 1), 10);
setTimeout(() => ee.emit('tick', 2), 30);
setTimeout(() => ee.emit('error', new Error('emitter failed')), 50);
