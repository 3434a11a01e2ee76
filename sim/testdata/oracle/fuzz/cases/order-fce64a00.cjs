// Found by cmd/fuzzdiff -seed 50641 -skip 'abort,abortTimer,asyncgen,eventTarget' -esm 0.2 (shape: fs writable throw).
// The simulator and Node 24.18.0 disagreed: order: line 4: simulator "L4", Node "L11 finish"
const fs = require('fs');
const { Writable } = require('stream');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
fs.stat(__filename, () => {
  console.log('L4');
});
busy(30);
{
  const w = new Writable({ write(c, e, cb) { console.log('L11', 'write', String(c)); cb(); } });
  w.on('finish', () => console.log('L11', 'finish'));
  w.write('a');
  w.end('b');
}
throw new Error('L12');
