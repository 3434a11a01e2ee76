// The iterator of events.on, driven by hand: next() waits for an emit; return() ends it and settles a waiting next().
const { EventEmitter, on } = require('node:events');
const ee = new EventEmitter();
const it = on(ee, 'msg');
(async () => {
  const first = it.next();
  setTimeout(() => ee.emit('msg', 'hello'), 10);
  console.log(JSON.stringify(await first));
  const waiting = it.next();
  waiting.then((r) => console.log('waiting next ->', JSON.stringify(r)));
  console.log('return ->', JSON.stringify(await it.return()));
  console.log('listeners', ee.listenerCount('msg'));
})();
