// events.once() returns a promise: code awaiting it resumes in a microtask
// after emit() has returned, and after ticks queued by the emitting code.
const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
(async () => {
  const [value] = await once(ee, 'go');
  console.log('once resolved with ' + value);
})();
setTimeout(() => {
  console.log('timer emits');
  process.nextTick(() => console.log('tick queued before emit'));
  ee.emit('go', 42);
  console.log('emit returned');
}, 1);
