// exec of `node -e` and `node -p`: the child's stdout, stderr and exit code reach the callback.
const { exec } = require('child_process');
const cmd = process.execPath + ' -e "console.log(6 * 7); console.error(\'oops\'); process.exitCode = 3"';
exec(cmd, (err, stdout, stderr) => {
  console.log('code', err && err.code, 'killed', err && err.killed, 'signal', err && err.signal);
  console.log('stdout', JSON.stringify(stdout));
  console.log('stderr', JSON.stringify(stderr));
  exec(process.execPath + ' -p "[1, 2, 3].map((x) => x * 2).join()"', (err, stdout) => {
    console.log('print', err, JSON.stringify(stdout));
  });
});
