// fork with IPC: the child answers each message; disconnect ends it.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { fork } = require('child_process');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x2609-'));
const script = path.join(dir, 'worker.js');
fs.writeFileSync(script, [
  "process.on('message', (m) => {",
  "  if (m === 'bye') return process.disconnect();",
  "  process.send({ got: m, doubled: m.n * 2 });",
  "});",
  "process.on('disconnect', () => console.log('child disconnected'));",
  "process.send('hello from child');",
].join('\n'));
const c = fork(script, [], { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
console.log('connected', c.connected);
c.stdout.on('data', (d) => console.log('child stdout', JSON.stringify(String(d))));
let n = 0;
c.on('message', (m) => {
  console.log('parent got', JSON.stringify(m));
  if (n < 2) c.send({ n: ++n });
  else c.send('bye');
});
c.on('disconnect', () => console.log('parent disconnect'));
c.on('exit', (code, signal) => console.log('exit', code, signal));
c.on('close', (code) => {
  console.log('close', code);
  fs.rmSync(dir, { recursive: true });
});
