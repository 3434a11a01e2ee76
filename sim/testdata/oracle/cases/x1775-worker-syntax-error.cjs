// A worker whose code does not parse: 'error' with a SyntaxError, exit code 1.
const { Worker } = require('worker_threads');
const w = new Worker(`let x = ;`, { eval: true });
w.on('error', (e) => console.log('error', e.name, e instanceof SyntaxError));
w.on('exit', (c) => console.log('exit', c));
