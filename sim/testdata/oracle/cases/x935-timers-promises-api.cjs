// timers/promises: setTimeout(ms, value) and setImmediate(value) resolve with
// the value (undefined if none); awaiting them sequentially advances through
// the phases, interleaving with a callback timer by expiry (~11 ms, 100 ms,
// ~161 ms).
const { setTimeout: sleep, setImmediate: nextIteration } = require('timers/promises');
setTimeout(() => console.log('callback timeout 100'), 100);
(async () => {
  console.log('start');
  const a = await nextIteration('imm');
  console.log('setImmediate resolved: ' + a);
  const b = await sleep(10, 'ten');
  console.log('setTimeout(10) resolved: ' + b);
  const c = await sleep(150);
  console.log('setTimeout(150) resolved: ' + c);
})();
