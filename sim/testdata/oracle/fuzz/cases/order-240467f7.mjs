// Found by cmd/fuzzdiff (seed 1026, shape: pool immediate).
// The simulator and Node 24 disagreed: order: line 1: simulator "L9", Node "L1"
import crypto from 'node:crypto';
crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => {
  console.log('L1');
});
busy(30);
setImmediate(() => {
  console.log('L9');
});
