// @nondeterministic: a 0 ms timer armed after busy work inside an immediate races the
// immediate that callback queues: the end-of-iteration timers pass runs it only if the
// loop's clock moved a millisecond since it was armed (R-R2)
setImmediate(() => {
  busy(20);
  process.nextTick(() => setTimeout(() => console.log('timeout'), 0));
  setImmediate(() => console.log('immediate'));
});
