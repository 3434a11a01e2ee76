// Found by cmd/fuzzdiff -seed 70222 -skip 'abort,abortTimer,eventTarget' -esm 0.2 (shape: immediate(immediatePromise stream) fs(timeout0)).
// The simulator and Node 24.18.0 disagreed: outcomes: 2 outcomes
const fs = require('fs');
const { Readable } = require('stream');
const timersPromises = require('timers/promises');
setImmediate(() => {
  console.log('L1');
  timersPromises.setImmediate('L2').then((v) => {
    console.log(v, 'immediate promise');
  });
  Readable.from(['a', 'b']).on('data', (d) => console.log('L6', d)).on('end', () => console.log('L6', 'end'));
});
fs.stat(__filename, () => {
  console.log('L7');
  setTimeout(() => {
    console.log('L13', 'timeout 0');
  }, 0);
});
busy(30);
