// The seed's "timer 100 ms is a threshold" figure with a busy-wait loop on
// performance.now() instead of busy(): a callback at 40 ms spins 80 ms, so the
// 100 ms timer runs right after it (late), and an immediate queued by the
// spinning callback runs before that timer.
// The spinning callback is 60 ms before the timer: at 80 ms (20 ms before), a
// loaded machine (load 15-18) reached it after 100 ms in 14-20% of runs, and
// Node ran both timers in one timers phase.
const t0 = performance.now();
setTimeout(() => {
  const late = performance.now() - t0 >= 115;
  console.log('timer 100 ms, at least 15 ms late:', late);
}, 100);
setTimeout(() => {
  const s = performance.now();
  while (performance.now() - s < 80) {}
  setImmediate(() => console.log('immediate from the spinning callback'));
  console.log('spin of 80 ms done');
}, 40);
