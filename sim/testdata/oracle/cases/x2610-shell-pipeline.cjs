// exec's /bin/sh: a pipeline, && and ||, variables, and a command the machine lacks.
const { exec } = require('child_process');
exec('echo alpha beta | cat && false || echo fallback; X=42; echo "x is $X"', (err, stdout) => {
  console.log('err', err);
  console.log(JSON.stringify(stdout));
  exec('no-such-program-here --flag', (err, stdout, stderr) => {
    console.log('missing', err.code, JSON.stringify(stdout), stderr.includes('not found'));
  });
});
