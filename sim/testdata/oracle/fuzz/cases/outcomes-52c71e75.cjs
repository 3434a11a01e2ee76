// Found by cmd/fuzzdiff -seed 226131 -skip 'abort,abortTimer,eventTarget' -esm 0.2 (shape: pool(stream immediate(immediate) timeout0)).
// The simulator and Node 22.23.5 disagreed: outcomes: 2 outcomes
const crypto = require('crypto');
const { Readable } = require('stream');
crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => {
  console.log('L10');
  Readable.from(['a', 'b']).on('data', (d) => console.log('L14', d)).on('end', () => console.log('L14', 'end'));
  setImmediate(() => {
    console.log('L15');
    setImmediate(() => {
      console.log('L16');
    });
  });
  setTimeout(() => {
    console.log('L17', 'timeout 0');
  }, 0);
});
busy(30);
