// Recursive microtasks (a promise callback re-queueing itself 1000 times)
// starve ticks, immediates and timers just like recursive nextTick: a tick
// queued by the first microtask only runs once the recursion stops.
const fs = require('fs');
fs.stat(__filename, () => {
  setTimeout(() => console.log('setTimeout 0'), 0);
  setImmediate(() => console.log('setImmediate'));
  let n = 0;
  (function again() {
    if (n === 1) process.nextTick(() => console.log('tick queued by microtask 1'));
    if (++n < 1000) Promise.resolve().then(again);
    else console.log('1000 microtasks done');
  })();
});
