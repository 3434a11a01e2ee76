// spawn's timeout option kills the child with killSignal.
const { spawn } = require('child_process');
const c = spawn('sleep', ['3'], { timeout: 400, killSignal: 'SIGINT' });
c.on('exit', (code, signal) => console.log('exit', code, signal, c.killed));
const t = spawn('sleep', ['0.05'], { timeout: 2000 });
t.on('exit', (code, signal) => console.log('short sleep exit', code, signal));
