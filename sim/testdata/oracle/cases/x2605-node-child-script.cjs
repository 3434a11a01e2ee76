// A Node child running a script the parent wrote: its argv, its stdout, its exit code.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x2605-'));
const script = path.join(dir, 'child.js');
fs.writeFileSync(script, [
  "console.log('child args', process.argv.slice(2).join(','));",
  "console.log('child has parent', process.ppid > 0);",
  "setTimeout(() => { console.log('child timer'); process.exit(7); }, 20);",
].join('\n'));
const c = spawn(process.execPath, [script, 'a', 'b']);
let out = '';
c.stdout.on('data', (d) => { out += d; });
c.on('exit', (code) => console.log('exit', code));
c.on('close', (code) => {
  console.log('close', code);
  console.log(out.trim().split('\n').join(' | '));
  fs.rmSync(dir, { recursive: true });
});
