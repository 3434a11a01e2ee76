// setTimeout(0) vs setImmediate at ES module top level is NOT a race in Node
// 20: the module body runs from a poll-phase I/O callback (the loader reads
// the file with async fs), so the check phase comes before the next timers
// pass. Compare CJS 011.
// @runs: 100
setTimeout(() => console.log('setTimeout 0'), 0);
setImmediate(() => console.log('setImmediate'));
