// A program the machine lacks: 'error' (ENOENT) from a nextTick, then 'close' with -2; no 'exit'.
const { spawn } = require('child_process');
const c = spawn('no-such-program-here', ['x']);
console.log('pid', c.pid);
c.on('error', (e) => console.log('error', e.code, e.errno, e.syscall, e.path, JSON.stringify(e.spawnargs)));
c.on('exit', () => console.log('exit'));
c.on('close', (code) => console.log('close', code));
setImmediate(() => console.log('immediate'));
