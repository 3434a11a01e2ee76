// events.on queues events emitted before the loop asks for them and hands them out in order.
const { EventEmitter, on } = require('node:events');
const ee = new EventEmitter();
(async () => {
  const it = on(ee, 'item');
  ee.emit('item', 'a', 1);
  ee.emit('item', 'b', 2);
  ee.emit('item', 'c', 3);
  for await (const args of it) {
    console.log('item', JSON.stringify(args));
    if (args[0] === 'c') break;
  }
  console.log('listeners after break', ee.listenerCount('item'));
})();
