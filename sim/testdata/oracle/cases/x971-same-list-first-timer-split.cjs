// @nondeterministic: Node reads the clock for every timer it arms; when a millisecond boundary falls between two same-delay timers (the first setTimeout and the first console.log take real time), the timers phase runs the first and leaves the second for the next iteration
setTimeout(() => {
  console.log('t1');
  setTimeout(() => console.log('t1-inner'), 0);
  setImmediate(() => console.log('imm-from-t1'));
  process.nextTick(() => console.log('tick-from-t1'));
}, 0);
setTimeout(() => console.log('t2'), 0);
