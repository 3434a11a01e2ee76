// setInterval(10) run 2 and setTimeout(20) are both due at t=20. Re-inserting
// the interval gives its list a NEW list id, so at the expiry tie the older
// 20 ms list wins: the timeout usually runs first. Millisecond-boundary
// effects (R-R3) can flip it.
// @nondeterministic: expiry tie at t=20 broken by list id; ms-boundary clock reads can reverse it
// @runs: 100
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval ' + n);
  if (n === 3) clearInterval(iv);
}, 10);
setTimeout(() => console.log('timeout 20'), 20);
