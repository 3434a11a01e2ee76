// A 10 ms interval whose first callback spins 25 ms on Date.now(): the next
// tick is already due when it returns, so it runs next, before a 30 ms timer;
// later ticks follow 10 ms apart again.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('tick', n);
  if (n === 1) { const end = Date.now() + 25; while (Date.now() < end) {} }
  if (n === 4) clearInterval(iv);
}, 10);
setTimeout(() => console.log('timeout 30 ms'), 30);
