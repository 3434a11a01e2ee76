// @nondeterministic: setTimeout 0 against setImmediate from the main script (R-R1)
setImmediate(() => console.log('immediate A'));
process.nextTick(() => console.log('nextTick A'));
setTimeout(() => {
  setImmediate(() => console.log('immediate B'));
  process.nextTick(() => console.log('nextTick B'));
}, 0);
