// events.on(): consume events through an async iterator (Node only: the
// simulator's engine has no for-await, the iterator protocol is the same).
const { EventEmitter, on } = events;
const ee = new EventEmitter();
const it = on(ee, 'tick');
(async () => {
  for (let n = 0; n < 3; n++) {
    const { value } = await it.next();
    console.log('got', JSON.stringify(value));
  }
  await it.return();
  console.log('listeners after return', ee.listenerCount('tick'), ee.listenerCount('error'));
})();
ee.emit('tick', 1);
ee.emit('tick', 2, 'b');
setImmediate(() => ee.emit('tick', 3));
