// An awaited fs promise against setImmediate and a 30 ms timer.
// @nondeterministic: a pool job finishing vs the check phase (as fs.stat vs setImmediate in main)
const fs = require('fs/promises');
setTimeout(() => console.log('timer 30'), 30);
setImmediate(() => console.log('immediate'));
(async () => {
  await fs.stat(__filename);
  console.log('stat resolved');
})();
console.log('sync');
