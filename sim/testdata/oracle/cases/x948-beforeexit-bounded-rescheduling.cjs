// 'beforeExit' fires each time the loop empties; the listener schedules a
// different kind of work each time (immediate, timer, fs.stat), then stops.
// Ticks and promise jobs alone do not re-trigger 'beforeExit' (they run in
// the emit's callback scope).
const fs = require('fs');
const steps = [
  () => setImmediate(() => console.log('immediate from beforeExit')),
  () => setTimeout(() => console.log('timer from beforeExit'), 5),
  () => fs.stat(__filename, () => console.log('stat from beforeExit')),
  () => process.nextTick(() => console.log('tick from beforeExit (no new loop work)')),
];
let n = 0;
process.on('beforeExit', () => {
  console.log('beforeExit #' + (n + 1));
  if (n < steps.length) steps[n++]();
});
process.on('exit', () => console.log('exit after ' + n + ' beforeExit rounds'));
