// An unref'd worker does not keep the process alive.
const { Worker } = require('worker_threads');
const w = new Worker(`setInterval(() => {}, 1000)`, { eval: true });
w.unref();
setTimeout(() => console.log('main timer'), 10);
process.on('exit', (c) => console.log('process exit', c));
