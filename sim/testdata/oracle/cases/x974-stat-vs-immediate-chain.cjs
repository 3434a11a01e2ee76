// @nondeterministic: the stat job on the thread pool may or may not be done when the loop first polls (R-R4); when it is late it is done by the next poll, after the first immediate
const fs = require('fs');
let i = 0;
// Each immediate burns 5 ms: without it the chain took microseconds, and a loaded
// machine (load 11-19) ran the pool thread after all five in 8-27% of runs.
function step() { console.log('imm', ++i); busy(5); if (i < 5) setImmediate(step); }
fs.stat(__filename, () => console.log('stat done'));
setImmediate(step);
