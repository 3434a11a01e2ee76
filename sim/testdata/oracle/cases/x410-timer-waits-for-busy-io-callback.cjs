// A timer that expires while an I/O callback is running cannot preempt it.
// The callback's tick and promise run right after it, the immediate it queued
// runs in the check phase, and only then the overdue 20 ms timer.
const fs = require('fs');
fs.stat(__filename, () => {
  console.log('stat callback start');
  setImmediate(() => console.log('setImmediate from stat callback'));
  process.nextTick(() => console.log('tick from stat callback'));
  Promise.resolve().then(() => console.log('promise from stat callback'));
  busy(60);
  console.log('stat callback end');
});
busy(5);
setTimeout(() => console.log('timeout 20'), 20);
