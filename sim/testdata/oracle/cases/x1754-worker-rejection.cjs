// An unhandled rejection in a worker ends it with an 'error' event and exit code 1.
const { Worker } = require('worker_threads');
const w = new Worker(`Promise.reject(new RangeError('rejected in worker'))`, { eval: true });
w.on('error', (err) => console.log('error', err.name, err.message));
w.on('exit', (code) => console.log('exit', code));
