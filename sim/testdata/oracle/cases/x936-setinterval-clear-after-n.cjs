// setInterval(fn, 20) runs at ~20, 40, 60, 80 ms; a 50 ms timeout falls
// between runs 2 and 3; the interval clears itself after 4 runs, letting the
// process exit. Extra arguments are passed to the callbacks.
let runs = 0;
const iv = setInterval((tag) => {
  runs++;
  console.log(tag + ' run ' + runs);
  if (runs === 4) {
    clearInterval(iv);
    console.log('interval cleared');
  }
}, 20, 'interval');
setTimeout(() => console.log('timeout 50'), 50);
setTimeout((a, b) => console.log('timeout args: ' + a + ' ' + b), 120, 'x', 'y');
