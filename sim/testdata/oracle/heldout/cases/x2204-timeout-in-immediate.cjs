// @nondeterministic: setTimeout 0 against setImmediate queued in an immediate (R-R2)
setImmediate(() => {
  console.log('immediate');
  setTimeout(() => console.log('timeout from immediate'), 0);
  setImmediate(() => console.log('immediate from immediate'));
});
