// events.once resolves a promise; the awaiting code resumes in a microtask,
// a few hops after the emit. Compare against a plain promise chain.
const { EventEmitter, once } = events;
const ee = new EventEmitter();
(async () => {
  const args = await once(ee, 'go');
  console.log('once resolved with', JSON.stringify(args));
})();
once(ee, 'go').then((a) => console.log('then resolved', a.length));
console.log('listeners for go', ee.listenerCount('go'), 'error', ee.listenerCount('error'));
setImmediate(() => {
  console.log('immediate: emit');
  ee.emit('go', 1, 2);
  console.log('after emit, go listeners', ee.listenerCount('go'), 'error', ee.listenerCount('error'));
  process.nextTick(() => console.log('nextTick'));
  Promise.resolve()
    .then(() => console.log('promise 1'))
    .then(() => console.log('promise 2'))
    .then(() => console.log('promise 3'))
    .then(() => console.log('promise 4'))
    .then(() => console.log('promise 5'));
});
