// The seed's "timer 100 ms is a threshold" figure with a busy-wait loop on
// performance.now() instead of busy(): a callback at 80 ms spins 40 ms, so the
// 100 ms timer runs right after it (late), and an immediate queued by the
// spinning callback runs before that timer.
const t0 = performance.now();
setTimeout(() => {
  const late = performance.now() - t0 >= 115;
  console.log('timer 100 ms, at least 15 ms late:', late);
}, 100);
setTimeout(() => {
  const s = performance.now();
  while (performance.now() - s < 40) {}
  setImmediate(() => console.log('immediate from the spinning callback'));
  console.log('spin of 40 ms done');
}, 80);
