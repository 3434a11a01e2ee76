// events.once(emitter, name) resolves with the array of emitted arguments
// (in a microtask after emit returns) and rejects if 'error' is emitted
// first. Emits come from timers 10 ms apart.
const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
(async () => {
  const args = await once(ee, 'ready');
  console.log('ready resolved with ' + JSON.stringify(args));
  try {
    await once(ee, 'ready');
    console.log('never');
  } catch (err) {
    console.log('once rejected: ' + err.message);
  }
  console.log('listeners left: ' + ee.listenerCount('ready') + ' ready, ' + ee.listenerCount('error') + ' error');
})();
setTimeout(() => {
  ee.emit('ready', 'a', 2);
  console.log('emitted ready');
}, 10);
setTimeout(() => {
  ee.emit('error', new Error('went wrong'));
  console.log('emitted error');
}, 20);
