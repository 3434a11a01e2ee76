// A busy-wait loop on Date.now() in the main module blocks the loop for 30 ms:
// the 20 ms timer armed before it is due by then, the 5 ms timer armed after it
// is not (it is due 5 ms after the loop ends), so 20 ms fires first.
setTimeout(() => console.log('timer 20 ms (armed before the spin)'), 20);
const end = Date.now() + 30;
let spins = 0;
while (Date.now() < end) spins++;
console.log('spin done, spun more than 1000 times:', spins > 1000);
setTimeout(() => console.log('timer 5 ms (armed after the spin)'), 5);
setImmediate(() => console.log('immediate'));
