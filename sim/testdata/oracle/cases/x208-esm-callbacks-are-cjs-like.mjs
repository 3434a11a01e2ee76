// Only the ES module BODY is special: inside any callback of an ES module
// (here a timer and an immediate) ticks run before promise jobs, exactly as
// in CommonJS.
setTimeout(() => {
  console.log('timer');
  Promise.resolve().then(() => console.log('timer: promise'));
  process.nextTick(() => console.log('timer: tick'));
}, 5);
setImmediate(() => {
  console.log('immediate');
  Promise.resolve().then(() => console.log('immediate: promise'));
  process.nextTick(() => console.log('immediate: tick'));
});
