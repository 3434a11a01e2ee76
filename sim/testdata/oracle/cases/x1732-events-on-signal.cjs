// events.on iterates events until its signal aborts.
const { EventEmitter, on } = require('events');
const ee = new EventEmitter();
const ac = new AbortController();
(async () => {
  const it = on(ee, 'data', { signal: ac.signal });
  try {
    for (;;) {
      const { value, done } = await it.next();
      if (done) break;
      console.log('data', value);
    }
  } catch (e) {
    console.log('ended by', e.name);
  }
})();
setTimeout(() => ee.emit('data', 1), 5);
setTimeout(() => ee.emit('data', 2, 3), 25);
setTimeout(() => ac.abort(), 45);
