// @nondeterministic: the stat job on the thread pool may or may not be done when the loop first polls (R-R4); when it is late it is done by the next poll, after the first immediate
const fs = require('fs');
let i = 0;
function step() { console.log('imm', ++i); if (i < 5) setImmediate(step); }
fs.stat(__filename, () => console.log('stat done'));
setImmediate(step);
