// events.on turns an emitter into an async iterator; break stops listening.
const { EventEmitter, on } = require('node:events');
const ee = new EventEmitter();
(async () => {
  for await (const [value] of on(ee, 'data')) {
    console.log('data', value);
    if (value === 3) break;
  }
  console.log('listeners left', ee.listenerCount('data'));
})();
let i = 0;
const id = setInterval(() => { ee.emit('data', ++i); if (i === 3) clearInterval(id); }, 10);
