// fork with serialization 'advanced' (JSON before 12.16): a Map crosses the channel; the
// child exits from a message; the parent sees 'disconnect', then 'exit', then 'close'.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { fork } = require('child_process');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x2616-'));
const script = path.join(dir, 'w.js');
fs.writeFileSync(script, `
process.on('message', (m) => {
  if (m === 'exit') process.exit(5);
  process.send({ kind: m instanceof Map ? 'map' : typeof m, value: m instanceof Map ? [...m] : m, argv: process.argv.slice(2) });
});
`);
const c = fork(script, ['x', 'y'], { serialization: 'advanced' });
c.on('message', (m) => {
  console.log('parent got', JSON.stringify(m));
  c.send('exit');
});
c.send(new Map([[1, 'a']]), (e) => console.log('parent send cb', e));
c.on('disconnect', () => console.log('disconnect', c.connected));
c.on('exit', (code, sig) => console.log('exit', code, sig));
c.on('close', (code, sig) => {
  console.log('close', code, sig);
  fs.rmSync(dir, { recursive: true });
});
setImmediate(() => console.log('immediate'));
