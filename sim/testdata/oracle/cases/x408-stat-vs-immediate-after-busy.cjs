// The race of 407 made deterministic: main busy-waits 20 ms, so the pool has
// surely finished the stat when the first poll runs; its callback comes
// before the check phase.
const fs = require('fs');
fs.stat(__filename, () => console.log('stat callback'));
setImmediate(() => console.log('setImmediate'));
busy(20);
