// The last immediate of a pass throws into an 'uncaughtException' listener: its ticks and
// promise jobs run in the same check phase, before the 0 ms timer (R-U3).
const crypto = require('crypto');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
setImmediate(() => {
  crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => console.log('pool'));
  setTimeout(() => console.log('timeout'), 0);
  busy(30);
  process.nextTick(() => console.log('tick'));
  Promise.resolve().then(() => console.log('micro'));
  throw new Error('imm');
});
