// Found by cmd/fuzzdiff (seed 2311, shape: fs immediate).
// The simulator and Node 24 disagreed: order: line 6: simulator "L7", Node "L1"
import fs from 'node:fs';
fs.stat(new URL(import.meta.url), () => {
  console.log('L1');
});
busy(30);
setImmediate(() => {
  console.log('L7');
});
