// An interval of 30 ms against timeouts at 45 and 75 ms: margins of 15 ms keep the order fixed.
let n = 0;
const id = setInterval(() => {
  n++;
  console.log('interval', n);
  if (n === 3) clearInterval(id);
}, 30);
setTimeout(() => console.log('timeout 45'), 45);
setTimeout(() => console.log('timeout 75'), 75);
