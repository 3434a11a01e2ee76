// setInterval(f, 0) is a 1 ms interval. After each run it is re-appended to
// the tail of the 1 ms list, behind a setTimeout(0) created after it:
// interval 1 | timeout 0 | interval 2 | interval 3.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval ' + n);
  if (n === 3) clearInterval(iv);
}, 0);
setTimeout(() => console.log('timeout 0'), 0);
