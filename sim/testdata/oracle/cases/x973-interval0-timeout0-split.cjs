// @nondeterministic: Node reads the clock for every timer it arms; when a millisecond boundary falls between two same-delay timers (the first setTimeout and the first console.log take real time), the timers phase runs the first and leaves the second for the next iteration
let n = 0;
const iv = setInterval(() => {
  console.log('iv', ++n);
  if (n === 3) clearInterval(iv);
  setImmediate(() => console.log('imm after iv', n));
}, 0);
setTimeout(() => console.log('to 0'), 0);
