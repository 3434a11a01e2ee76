// An interval of 40 ms against timeouts at 60 and 100 ms: margins of 20 ms keep the order fixed.
let n = 0;
const id = setInterval(() => {
  n++;
  console.log('interval', n);
  if (n === 3) clearInterval(id);
}, 40);
setTimeout(() => console.log('timeout 60'), 60);
setTimeout(() => console.log('timeout 100'), 100);
