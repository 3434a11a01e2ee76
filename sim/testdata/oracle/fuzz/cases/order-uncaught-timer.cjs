// Minimised by hand from order-cfd4ac9b (cmd/fuzzdiff -seed 50140; -seed 50511 alike): a timer throws into an
// 'uncaughtException' listener; its ticks and promise jobs run before the poll phase (R-U3).
const crypto = require('crypto');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
setTimeout(() => {
  crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => console.log('pool'));
  busy(30);
  process.nextTick(() => console.log('tick'));
  Promise.resolve().then(() => console.log('micro'));
  throw new Error('timer');
}, 10);
