// Timers scheduled from inside timers: each waits its own delay from when it was set.
setTimeout(() => {
  console.log('outer');
  setTimeout(() => console.log('inner 0'), 0);
  setImmediate(() => console.log('immediate from outer'));
}, 10);
