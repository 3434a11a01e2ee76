process.nextTick(() => {
  setImmediate(() => console.log('immediate from tick'));
  setTimeout(() => console.log('timeout from tick'), 0);
});
busy(3);
