// A Node child's uncaught error: exit code 1, the error on its stderr.
const { spawn } = require('child_process');
const c = spawn(process.execPath, ['-e', "setTimeout(() => { throw new Error('boom in child'); }, 10)"]);
let err = '';
c.stderr.on('data', (d) => { err += d; });
c.on('close', (code, signal) => {
  console.log('close', code, signal);
  console.log(err.includes('Error: boom in child'));
});
