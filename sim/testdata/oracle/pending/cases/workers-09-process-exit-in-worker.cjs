// process.exit(5) in a worker ends only the worker, with code 5.
const { Worker } = require('worker_threads');
const w = new Worker(`process.exit(5)`, { eval: true });
w.on('exit', (c) => console.log('worker exit', c));
setTimeout(() => console.log('main still running'), 20);
