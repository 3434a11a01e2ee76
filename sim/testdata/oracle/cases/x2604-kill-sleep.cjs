// kill() of a sleeping child: 'exit' with the signal, exitCode null, killed true.
const { spawn } = require('child_process');
const c = spawn('sleep', ['5']);
c.on('exit', (code, signal) => console.log('exit', code, signal, c.killed, c.signalCode));
c.on('close', (code, signal) => console.log('close', code, signal));
setTimeout(() => console.log('kill returned', c.kill()), 50);
setTimeout(() => console.log('kill after exit', c.kill()), 300);
