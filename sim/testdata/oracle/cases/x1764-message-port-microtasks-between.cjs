// Each message is a callback of its own: microtasks run between two messages.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
let n = 0;
port2.on('message', (m) => {
  console.log('message', m);
  Promise.resolve().then(() => console.log('microtask after', m));
  process.nextTick(() => console.log('tick after', m));
  if (++n === 2) port2.close();
});
port1.postMessage(1);
port1.postMessage(2);
