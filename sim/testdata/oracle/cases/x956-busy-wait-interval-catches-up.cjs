// A 50 ms interval whose first callback spins 120 ms on Date.now(): the next
// tick is already due when it returns, so it runs next, before a 150 ms timer;
// later ticks follow 50 ms apart again.
// Margins of 50 ms: with a 10 ms interval, a 25 ms spin and a 30 ms timer, a
// first tick 10 ms late (load 14-17) put the timer first in 11-35% of runs.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('tick', n);
  if (n === 1) { const end = Date.now() + 120; while (Date.now() < end) {} }
  if (n === 4) clearInterval(iv);
}, 50);
setTimeout(() => console.log('timeout 150 ms'), 150);
