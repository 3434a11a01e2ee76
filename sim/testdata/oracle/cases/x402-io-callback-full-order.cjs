// Inside an I/O (poll) callback: ticks first (even if queued after promise
// jobs), then promise jobs, then setImmediate (check phase of the same
// iteration), then setTimeout(0) (a later timers pass), whatever the order
// of the calls.
const fs = require('fs');
fs.stat(__filename, () => {
  setTimeout(() => console.log('setTimeout 0'), 0);
  setImmediate(() => console.log('setImmediate'));
  Promise.resolve().then(() => console.log('promise'));
  process.nextTick(() => console.log('nextTick'));
  console.log('stat callback');
});
