// 810-style: code awaiting events.once resumes in a microtask after emit,
// after the synchronous rest of the emitting callback and its nextTicks.
const { EventEmitter, once } = events;
const ee = new EventEmitter();
async function waiter() {
  console.log('waiting');
  const [v] = await once(ee, 'ready');
  console.log('resumed with', v);
  process.nextTick(() => console.log('tick from resumed code'));
  Promise.resolve().then(() => console.log('promise from resumed code'));
}
waiter();
ee.on('ready', () => console.log('plain listener'));
setTimeout(() => {
  console.log('timeout: emitting');
  ee.emit('ready', 'ok');
  process.nextTick(() => console.log('tick after emit'));
  console.log('timeout: done');
}, 1);
