// Found by cmd/fuzzdiff -seed 220043 -skip 'abort,abortTimer,asyncgen,eventTarget' -esm 0.2 (shape: pool micro throw).
// The simulator and Node 22.23.5 disagreed: order: line 2: simulator "L6", Node "L22"
const crypto = require('crypto');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => {
  console.log('L6');
});
busy(30);
Promise.resolve().then(() => {
  console.log('L22');
});
throw new Error('L25');
