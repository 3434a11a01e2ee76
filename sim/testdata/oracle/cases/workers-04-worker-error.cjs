// An error thrown in a worker arrives as an 'error' event; exit code 1.
const { Worker } = require('worker_threads');
const w = new Worker(`throw new RangeError('worker failed')`, { eval: true });
w.on('error', (err) => console.log('error event:', err.name, err.message));
w.on('exit', (code) => console.log('exit', code));
