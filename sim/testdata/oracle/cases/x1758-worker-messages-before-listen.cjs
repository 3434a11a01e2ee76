// Messages sent before the worker listens are queued, not lost.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort } = require('worker_threads');
  setTimeout(() => {
    parentPort.on('message', (m) => {
      console.log('worker got', m);
      if (m === 3) parentPort.close();
    });
  }, 100);
`, { eval: true });
for (const m of [1, 2, 3]) w.postMessage(m);
w.on('exit', (c) => console.log('exit', c));
