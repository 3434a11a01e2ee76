// An unhandled 'error' emitted from a nextTick is an uncaught exception: the
// process exits with code 1 after printing what came before.
const { EventEmitter } = events;
const ee = new EventEmitter();
process.nextTick(() => {
  console.log('tick: emitting error');
  ee.emit('error', 'not an Error');
  console.log('not reached');
});
Promise.resolve().then(() => console.log('promise (never: the tick throws first)'));
console.log('sync end');
