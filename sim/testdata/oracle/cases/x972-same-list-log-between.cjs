// @nondeterministic: Node reads the clock for every timer it arms; when a millisecond boundary falls between two same-delay timers (the first setTimeout and the first console.log take real time), the timers phase runs the first and leaves the second for the next iteration
setTimeout(() => { console.log('A'); setImmediate(() => console.log('imm from A')); }, 0);
console.log('sync');
setTimeout(() => console.log('B'), 0);
