// @nondeterministic: a 0 ms timer armed in a nextTick after 20 ms of busy main code races
// setImmediate: it is due when the loop's clock has moved a millisecond by the first timers phase
busy(20);
process.nextTick(() => setTimeout(() => console.log('timeout'), 0));
setImmediate(() => console.log('immediate'));
