// terminate() resolves with the exit code after the 'exit' event.
const { Worker } = require('worker_threads');
const w = new Worker(`setInterval(() => {}, 1000); require('worker_threads').parentPort.postMessage('up')`, { eval: true });
w.on('message', async () => {
  console.log('worker up');
  const code = await w.terminate();
  console.log('terminate resolved', code, w.threadId);
});
w.on('exit', (c) => console.log('exit event', c));
