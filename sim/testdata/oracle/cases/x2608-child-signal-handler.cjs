// A Node child with a SIGTERM listener: the signal reaches its listener, which exits.
const { spawn } = require('child_process');
const code = [
  "process.on('SIGTERM', (s) => { console.log('child got', s); process.exit(0); });",
  "console.log('ready');",
  "setInterval(() => {}, 1000);",
].join('\n');
const c = spawn(process.execPath, ['-e', code]);
c.stdout.on('data', (d) => {
  const text = String(d).trim();
  console.log('from child:', text);
  if (text === 'ready') c.kill('SIGTERM');
});
c.on('exit', (code, signal) => console.log('exit', code, signal));
