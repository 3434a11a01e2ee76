// An async listener runs synchronously up to its first await; emit does not
// wait for it.
const { EventEmitter } = events;
const ee = new EventEmitter();
ee.on('go', async (x) => {
  console.log('async listener start', x);
  await null;
  console.log('async listener resumed', x);
});
ee.on('go', (x) => console.log('sync listener', x));
console.log('emit returned', ee.emit('go', 1));
process.nextTick(() => console.log('tick'));
console.log('main end');
