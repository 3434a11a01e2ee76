// Like x913, but main busy-waits 5 ms so two 1 ms timers are due when the
// loop starts. The ticks/microtasks left behind by the throwing tick are not
// run before the loop starts: the first timer runs first, and the leftovers
// run in the runNextTicks() between the two timers.
process.on('uncaughtException', (err) => console.log('uncaughtException: ' + err.message));
process.nextTick(() => {
  console.log('tick 1 throws');
  throw new Error('tick 1 failed');
});
process.nextTick(() => console.log('tick 2'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('immediate'));
setTimeout(() => console.log('timer 1'), 1);
setTimeout(() => console.log('timer 1b'), 1);
busy(5);
