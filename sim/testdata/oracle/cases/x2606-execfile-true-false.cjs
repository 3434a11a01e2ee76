// execFile of true and false: null error, then an error whose code is the exit status.
const { execFile } = require('child_process');
execFile('true', (err, stdout, stderr) => {
  console.log('true', err, JSON.stringify(stdout), JSON.stringify(stderr));
  execFile('false', (err) => console.log('false', err.code, err.killed, err.signal, err.cmd));
});
