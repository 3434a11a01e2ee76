// worker.threadId is the thread's number until the worker exits, then -1.
const { Worker } = require('worker_threads');
const a = new Worker(`require('worker_threads').parentPort.postMessage(require('worker_threads').threadId)`, { eval: true });
a.on('message', (id) => console.log('worker says', id, 'object says', a.threadId));
a.on('exit', () => {
  console.log('in exit', a.threadId);
  const b = new Worker('0', { eval: true });
  console.log('second worker', b.threadId);
  b.on('exit', () => console.log('second exited', b.threadId));
});
