// Two fs.stat requests completed before the first poll (main busy-waits 20
// ms) are both delivered by that single poll pass, each as its own callback
// boundary: ticks and promise jobs of the first callback run before the
// second callback; the immediate queued by the first runs only after both
// (check phase).
const fs = require('fs');
let queued = false;
function onStat() {
  console.log('stat callback');
  process.nextTick(() => console.log('tick'));
  Promise.resolve().then(() => console.log('promise'));
  if (!queued) {
    queued = true;
    setImmediate(() => console.log('immediate (queued by first stat callback)'));
  }
}
fs.stat(__filename, onStat);
fs.stat(__dirname, onStat);
busy(20);
