// clearInterval() called from the interval's own callback stops it: no
// further runs, and the process can exit.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval run ' + n);
  if (n === 3) {
    clearInterval(iv);
    console.log('cleared');
  }
}, 5);
process.on('exit', () => console.log('exit after ' + n + ' runs'));
