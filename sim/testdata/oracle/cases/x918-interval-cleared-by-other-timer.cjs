// A 20 ms interval is cleared by a 50 ms timeout: it runs at ~20 and ~40 ms
// and never again (the cleared timer is removed from its list). The outcome
// depends on 10 ms margins between the interval runs and the clearing
// timeout, so a scheduler hiccup could change the count.
// @nondeterministic: 10 ms margins between interval runs and the clearing timeout
// @runs: 100
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval ' + n);
}, 20);
setTimeout(() => {
  clearInterval(iv);
  console.log('timeout 50 clears the interval');
}, 50);
setTimeout(() => console.log('timeout 100: interval ran ' + n + ' times'), 100);
