const { Worker } = require('worker_threads');
const w = new Worker("throw new Error('boom')", { eval: true });
w.on('error', (e) => console.log('parent got', e.message));
w.on('exit', (c) => console.log('exit', c));
