// Found by cmd/fuzzdiff -seed 50809 -skip 'abort,abortTimer,asyncgen,eventTarget' -esm 0.2 (shape: all fs throw).
// The simulator and Node 24.18.0 disagreed: order: line 2: simulator "L19", Node "L18 1+2"
const fs = require('fs');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
Promise.all([Promise.resolve(1), 2]).then((v) => console.log('L18', v.join('+')));
fs.stat(__filename, () => {
  console.log('L19');
});
busy(30);
throw new Error('L29');
