// A 100 ms interval is cleared by a 250 ms timeout: it runs at ~100 and ~200
// ms and never again (the cleared timer is removed from its list). Margins
// of 50 ms between the interval runs and the clearing timeout: with 10 ms
// (20 ms interval, 50 ms timeout) a loaded machine (load 14-18) delayed the
// first run enough to push the second past the timeout in 27-34% of runs.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval ' + n);
}, 100);
setTimeout(() => {
  clearInterval(iv);
  console.log('timeout 250 clears the interval');
}, 250);
setTimeout(() => console.log('timeout 400: interval ran ' + n + ' times'), 400);
