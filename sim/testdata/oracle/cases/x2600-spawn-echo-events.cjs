// spawn of echo: 'spawn' from a nextTick, the stdout data, then 'exit' before 'close'.
const { spawn } = require('child_process');
const c = spawn('echo', ['hello', 'child']);
console.log('pid is a number:', typeof c.pid === 'number');
c.on('spawn', () => console.log('spawn'));
c.stdout.on('data', (d) => console.log('stdout', JSON.stringify(String(d))));
c.stdout.on('end', () => console.log('stdout end'));
c.on('exit', (code, signal) => console.log('exit', code, signal, c.exitCode));
c.on('close', (code, signal) => console.log('close', code, signal));
process.nextTick(() => console.log('tick'));
console.log('main done');
