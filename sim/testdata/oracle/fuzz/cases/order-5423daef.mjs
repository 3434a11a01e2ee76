// Found by cmd/fuzzdiff (seed 2256, shape: immediate fs).
// The simulator and Node 24 disagreed: order: line 4: simulator "L2", Node "L5"
import fs from 'node:fs';
setImmediate(() => {
  console.log('L2');
});
fs.stat(new URL(import.meta.url), () => {
  console.log('L5');
});
busy(30);
