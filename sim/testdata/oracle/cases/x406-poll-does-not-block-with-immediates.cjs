// The poll phase blocks until the nearest timer only if no immediate is
// pending: the immediate queued by the readFile callback runs right after
// it, long before the 50 ms timer.
const fs = require('fs');
setTimeout(() => console.log('timeout 50'), 50);
fs.readFile(__filename, () => {
  console.log('readFile done');
  setImmediate(() => console.log('immediate from readFile'));
});
