// events.once returns a promise of the event's arguments.
const { EventEmitter, once } = require('events');
const e = new EventEmitter();
(async () => {
  const [a, b] = await once(e, 'data');
  console.log('got', a, b);
})();
setTimeout(() => e.emit('data', 1, 2), 10);
