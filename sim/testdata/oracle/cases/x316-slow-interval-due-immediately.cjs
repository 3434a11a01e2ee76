// setInterval's next run is due at (start of the previous run) + repeat. Run
// 1 starts at ~10 ms and busy-waits 30 ms, so run 2 is due at ~20 ms, i.e.
// already overdue: it runs in the next timers pass, BEFORE the timeout due at
// 30 ms (if the delay were measured from the end of run 1 it would be ~50 ms).
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval run ' + n);
  if (n === 1) busy(30);
  if (n === 2) clearInterval(iv);
}, 10);
setTimeout(() => console.log('timeout 30'), 30);
