// A worker that throws a plain object: the parent's 'error' event gets a clone of it.
const { Worker } = require('worker_threads');
const w = new Worker(`throw { reason: 'not an Error', n: 3 }`, { eval: true });
w.on('error', (err) => console.log(typeof err, err instanceof Error, err));
w.on('exit', (code) => console.log('exit', code));
